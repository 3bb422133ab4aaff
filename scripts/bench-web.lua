-- bench-web.lua - wrk script for the move endpoint: each thread has a game
-- of its own between two people (ids on the command line, one per thread)
-- and alternates a move and its undo, so that every request is legal and
-- the game never ends. Counts the answers other than 200. What to send next
-- follows the last answer (wrk calls request() once more than it sends, to
-- check the script), so one connection per thread keeps them in step.
local threads = {}
local n = 0

function setup(thread)
  n = n + 1
  thread:set("index", n)
  table.insert(threads, thread)
end

function init(args)
  id = args[index]
  play = true
  bad = 0
end

function request()
  if play then
    return wrk.format("POST", "/api/games/" .. id .. "/moves",
                      { ["Content-Type"] = "application/json" }, '{"move":"C"}')
  end
  return wrk.format("POST", "/api/games/" .. id .. "/undo")
end

function response(status, headers, body)
  if status ~= 200 then bad = bad + 1 end
  play = not play
end

function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do total = total + t:get("bad") end
  io.write(string.format("answers other than 200: %d\n", total))
end
