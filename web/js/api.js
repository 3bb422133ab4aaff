// api.js - the server's JSON API (docs/api.md). Every answer is JSON; an
// error answer carries {"error": "..."}, turned here into an ApiError.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(method, url, body, signal) {
  const init = { method, headers: {}, signal };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(url, init);
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
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || `HTTP ${res.status}`);
  return data;
}

export const api = {
  rules: () => call('GET', '/api/rules'),
  levels: () => call('GET', '/api/levels'),
  create: (body) => call('POST', '/api/games', body),
  state: (id) => call('GET', `/api/games/${id}`),
  play: (id, move, opts = {}) => call('POST', `/api/games/${id}/moves`, { move, ...opts }),
  computer: (id) => call('POST', `/api/games/${id}/moves`, { computer: true }),
  undo: (id) => call('POST', `/api/games/${id}/undo`),
  redo: (id) => call('POST', `/api/games/${id}/redo`),
  hint: (id) => call('GET', `/api/games/${id}/hint`),
  agree: (id, body) => call('POST', `/api/games/${id}/agree`, body),
  record: (id) => call('GET', `/api/games/${id}/record`),
  evaluations: (id, signal) => call('GET', `/api/games/${id}/evaluations`, undefined, signal),
  remove: (id) => call('DELETE', `/api/games/${id}`),
  review: (id) => call('GET', `/api/games/${id}/review`),
  startReview: (id, body = {}) => call('POST', `/api/games/${id}/review`, body),
  analysis: (id, multipv) => new EventSource(`/api/games/${id}/analysis?multipv=${multipv}`),
};
