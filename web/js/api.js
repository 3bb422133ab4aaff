// api.js - the server's JSON API (docs/api.md). Every answer is JSON; an
// error answer carries {"error": "..."} (and a "code" when the game refused
// the change), turned here into an ApiError. The changes of a game send
// the page's language, so that the server words its refusals in it.
// Requests go through transport.js: HTTP, or the app in a worker.

import { getLang } from './i18n.js';
import { transport } from './transport.js';

export class ApiError extends Error {
  constructor(status, message, code) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// The seats' tokens of games between two devices, by game id: every call
// about such a game carries its seat's Authorization (people.js sets them).
const tokens = new Map();
export function setToken(id, token) {
  if (token) tokens.set(id, token);
  else tokens.delete(id);
}
export const tokenOf = (id) => tokens.get(id) || null;

async function call(method, url, body, signal) {
  const init = { method, headers: {}, signal };
  const m = /^\/api\/games\/([0-9a-f]+)/.exec(url);
  if (m && tokens.has(m[1])) init.headers.Authorization = `Bearer ${tokens.get(m[1])}`;
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await transport.fetch(url, init);
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(0, e.message);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    throw new ApiError(res.status, `HTTP ${res.status}`);
  }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || `HTTP ${res.status}`, data && data.code);
  return data;
}

export const api = {
  rules: () => call('GET', '/api/rules'),
  levels: () => call('GET', '/api/levels'),
  create: (body) => call('POST', '/api/games', body),
  state: (id) => call('GET', `/api/games/${id}`),
  play: (id, move, opts = {}) => call('POST', `/api/games/${id}/moves`, { move, ...opts, lang: getLang() }),
  computer: (id) => call('POST', `/api/games/${id}/moves`, { computer: true, lang: getLang() }),
  undo: (id) => call('POST', `/api/games/${id}/undo`, { lang: getLang() }),
  redo: (id) => call('POST', `/api/games/${id}/redo`, { lang: getLang() }),
  // the moves as a tree (movetree.js)
  goto: (id, node) => call('POST', `/api/games/${id}/goto`, { node, lang: getLang() }),
  promote: (id, node) => call('POST', `/api/games/${id}/promote`, { node, lang: getLang() }),
  deleteVariation: (id, node) => call('POST', `/api/games/${id}/variations/delete`, { node, lang: getLang() }),
  mainline: (id) => call('POST', `/api/games/${id}/mainline`, { lang: getLang() }),
  hint: (id) => call('GET', `/api/games/${id}/hint?lang=${encodeURIComponent(getLang())}`),
  agree: (id, body) => call('POST', `/api/games/${id}/agree`, { ...body, lang: getLang() }),
  record: (id) => call('GET', `/api/games/${id}/record`),
  evaluations: (id, signal) => call('GET', `/api/games/${id}/evaluations`, undefined, signal),
  remove: (id) => call('DELETE', `/api/games/${id}`),
  review: (id) => call('GET', `/api/games/${id}/review`),
  startReview: (id, body = {}) => call('POST', `/api/games/${id}/review`, body),
  invite: (code) => call('GET', `/api/invites/${code}`),
  join: (code, name) => call('POST', `/api/invites/${code}`, name ? { name, lang: getLang() } : { lang: getLang() }),
  resign: (id, body = {}) => call('POST', `/api/games/${id}/resign`, { ...body, lang: getLang() }),
  offer: (id, kind) => call('POST', `/api/games/${id}/offers`, { kind, lang: getLang() }),
  answer: (id, accept) => call('POST', `/api/games/${id}/offers/answer`, { accept, lang: getLang() }),
  message: (id, text) => call('POST', `/api/games/${id}/messages`, { text }),
  rematchSeat: (id) => call('POST', `/api/games/${id}/rematch-seat`, {}),
  archive: (offset, limit) => call('GET', `/api/archive?offset=${offset}&limit=${limit}`),
  puzzle: (query) => call('GET', `/api/puzzles?${query}`),
  puzzleStats: () => call('GET', '/api/puzzles/stats'),
  explorer: (query, signal) => call('GET', `/api/explorer?${query}`, undefined, signal),
  analysis: (id, multipv) => transport.events(`/api/games/${id}/analysis?multipv=${multipv}`),
};
