// stream.js - a game's event stream (GET /api/games/ID/events, Server-Sent
// Events) read with fetch, so that it can send the seat's Authorization and
// Last-Event-ID: reconnects with backoff and resumes after the last event
// seen; closed while the page is hidden (the other side sees "away"), opened
// again when it is shown. Knows nothing of what the events mean.
import { tokenOf } from './api.js';
import { transport } from './transport.js';

export class GameStream {
  // onEvent(name, data, id): each event (id null for unnumbered ones);
  // onLink(up): the stream is connected (true) or lost (false).
  constructor(id, { lastId = 0, onEvent, onLink = () => {} }) {
    this.id = id;
    this.lastId = lastId;
    this.onEvent = onEvent;
    this.onLink = onLink;
    this.ctrl = null;
    this.timer = null;
    this.delay = 500;
    this.closed = false;
    this.up = false;
    this.visible = () => {
      if (this.closed) return;
      if (document.hidden) this.pause();
      else if (!this.ctrl) this.connect();
    };
    document.addEventListener('visibilitychange', this.visible);
    if (!document.hidden) this.connect();
  }

  link(up) {
    if (up === this.up) return;
    this.up = up;
    this.onLink(up);
  }

  // Closed while hidden: no reconnection until the page is shown.
  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.ctrl) this.ctrl.abort();
    this.ctrl = null;
  }

  close() {
    this.closed = true;
    document.removeEventListener('visibilitychange', this.visible);
    this.pause();
  }

  retry() {
    if (this.closed || document.hidden || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.ctrl) this.connect();
    }, this.delay);
    this.delay = Math.min(this.delay * 2, 15000);
  }

  async connect() {
    const ctrl = new AbortController();
    this.ctrl = ctrl;
    const headers = { Accept: 'text/event-stream' };
    const token = tokenOf(this.id);
    if (token) headers.Authorization = `Bearer ${token}`;
    if (this.lastId) headers['Last-Event-ID'] = String(this.lastId);
    try {
      const res = await transport.fetch(`/api/games/${this.id}/events`, { headers, signal: ctrl.signal, cache: 'no-store' });
      if (!res.ok || !res.body) {
        // A game that is gone: no use asking again.
        if (res.status === 404) {
          this.onEvent('missing', null, null);
          this.close();
        }
        throw new Error(`HTTP ${res.status}`);
      }
      this.link(true);
      this.delay = 500;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value.replace(/\r\n?/g, '\n');
        let cut;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          this.dispatch(block);
        }
      }
    } catch (e) {
      if (ctrl.signal.aborted) return; // closed or paused on purpose
    }
    if (this.ctrl === ctrl) this.ctrl = null;
    this.link(false);
    this.retry();
  }

  dispatch(block) {
    let name = 'message';
    let id = null;
    const data = [];
    for (const line of block.split('\n')) {
      if (!line || line[0] === ':') continue;
      const k = line.indexOf(':');
      const field = k < 0 ? line : line.slice(0, k);
      const value = k < 0 ? '' : line.slice(k + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = Number(value);
    }
    if (!data.length) return;
    if (id) this.lastId = id;
    let parsed;
    try {
      parsed = JSON.parse(data.join('\n'));
    } catch {
      return;
    }
    this.onEvent(name, parsed, id);
  }
}
