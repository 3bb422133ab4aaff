// people.js - games between two people on two devices: the seat's token
// kept in the browser per game, the pages' paths (/invite/CODE,
// /play/ID, /watch/ID), the invitation panel, the event stream of the game
// shown, presence, offers (end, takeback, rematch) and their answers,
// resignation and the fixed messages. The server decides everything; this
// file shows what it says and sends what the player asks.
import { api, ApiError, setToken } from './api.js';
import { GameStream } from './stream.js';
import * as i18n from './i18n.js';

const { t } = i18n;
const $ = (id) => document.getElementById(id);
const SEATS_KEY = 'awale.seats';
const MESSAGES = ['hello', 'good_luck', 'good_game', 'well_played', 'thanks', 'oops'];
const other = (side) => (side === 'S' ? 'N' : 'S');

let page = null;     // what the page lends (init)
let stream = null;   // the event stream of the game shown
let streamId = null;
let lastOffer = null; // the offer shown (to answer it once)
let awaySaid = {};    // seat -> the stream said it went away (so "back" is news)
let joining = false;  // this page is taking a seat (its own join is no news)

// A game goes on while the rules go on and nobody has resigned, lost on
// time or agreed (the server's result).
export const ongoing = (s) => !!s && s.status === 'ongoing' && (!s.result || s.result === '*');

// ------------------------------------------------------------ the seats kept

// {id: {seat, token, invite, watch, at}}: the seats this browser holds.
function seats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) || '{}') || {};
  } catch {
    return {};
  }
}

export function remember(id, seat, token, extra = {}) {
  const all = seats();
  all[id] = { ...(all[id] || {}), seat, token, ...extra, at: Date.now() };
  // The last 50 games only.
  const ids = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
  for (const old of ids.slice(50)) delete all[old];
  try { localStorage.setItem(SEATS_KEY, JSON.stringify(all)); } catch { /* private mode */ }
  setToken(id, token);
}

const held = (id) => seats()[id] || null;

// The games this browser holds a seat of, newest first, that go on (asked
// of the server; the ones it no longer knows are forgotten).
export async function heldGames(max = 8) {
  const all = seats();
  const ids = Object.keys(all).sort((a, b) => all[b].at - all[a].at).slice(0, max);
  const got = await Promise.allSettled(ids.map((id) => api.state(id)));
  const out = [];
  got.forEach((r, k) => {
    if (r.status === 'fulfilled') {
      if (ongoing(r.value)) out.push({ state: r.value, seat: all[ids[k]].seat });
    } else if (r.reason instanceof ApiError && r.reason.status === 404) {
      const now = seats();
      delete now[ids[k]];
      try { localStorage.setItem(SEATS_KEY, JSON.stringify(now)); } catch { /* private mode */ }
    }
  });
  return out;
}

// The seat of this browser in the game shown ("S", "N"), null: none
// (a watcher, or a game on one screen).
export function mySeat(state = page.state()) {
  if (!state || !state.friend) return null;
  const h = held(state.id);
  return h ? h.seat : null;
}

export const watching = (state = page.state()) => !!(state && state.friend && !mySeat(state));

// A seat's name as the page shows it: the player's, else the side's.
export function seatName(side, state = page.state()) {
  const s = state && state.seats && state.seats[side];
  return (s && s.name) || i18n.sideName(side);
}

// ------------------------------------------------------------ start

export function init(host) { page = host; }

export function wire() {
  $('invite-copy').addEventListener('click', () => copy($('invite-link').value));
  // A phone's own way to send the link (a message, a mail), where there is one.
  if (navigator.share) {
    $('invite-share').hidden = false;
    $('invite-share').addEventListener('click', () => navigator.share({ url: $('invite-link').value }).catch(() => {}));
  }
  $('watch-copy').addEventListener('click', () => copy($('watch-link').href));
  $('invite-link').addEventListener('focus', (e) => e.target.select());
  $('invite-qr').addEventListener('error', (e) => { e.target.hidden = true; });
  $('invite-qr').addEventListener('load', (e) => { e.target.hidden = false; });
  $('btn-resign').addEventListener('click', resign);
  $('btn-resign-local').addEventListener('click', resign);
  $('btn-offer-end').addEventListener('click', () => offer('end'));
  $('btn-takeback').addEventListener('click', () => offer('takeback'));
  $('btn-rematch').addEventListener('click', () => offer('rematch'));
  $('offer-yes').addEventListener('click', () => answer(true));
  $('offer-no').addEventListener('click', () => answer(false));
  $('btn-say').addEventListener('click', (e) => {
    e.stopPropagation();
    toggleSay();
  });
  document.addEventListener('click', (e) => {
    if (!e.target.closest('.say')) toggleSay(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') toggleSay(false);
  });
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    page.toast(t('copied'));
  } catch {
    $('invite-link').select();
  }
}

// The page's path says which game to show: /play/ID (a seat of this
// browser), /watch/ID, /invite/CODE. True when it named one.
export async function route() {
  const m = /^\/(play|watch|invite)\/([0-9a-f]+)\/?$/.exec(location.pathname);
  if (!m) return false;
  const [, kind, key] = m;
  if (kind === 'invite') {
    await openInvite(key);
    return true;
  }
  const h = held(key);
  if (h) setToken(key, h.token);
  const mine = page.newSwitch();
  let st;
  try {
    st = await api.state(key);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      page.toast(t('game_gone'), 'error');
      history.replaceState(null, '', '/');
      return false;
    }
    throw e;
  }
  await page.switchTo(st, mine, false);
  return true;
}

// A game was switched to: its seat's token, its path, its stream.
export function enter(state) {
  const h = held(state.id);
  if (h) {
    setToken(state.id, h.token);
    // the player's own game: the site opened again comes back to it
    page.settings.game = state.id;
    page.save();
  }
  // (another game: back to the site's own address - the page's, left as
  // it is under a sub-path of a static host, which has no /play/ID)
  if (state.friend) {
    const path = h ? `/play/${state.id}` : `/watch/${state.id}`;
    if (location.pathname !== path) history.replaceState(null, '', path);
  } else if (/^\/(play|watch|invite)\//.test(location.pathname)) history.replaceState(null, '', '/');
  if (streamId !== state.id) {
    leave();
    if (state.friend) {
      streamId = state.id;
      awaySaid = {};
      stream = new GameStream(state.id, { lastId: state.event_id || 0, onEvent, onLink });
    }
  }
  lastOffer = null;
}

export function leave() {
  if (stream) stream.close();
  stream = null;
  streamId = null;
}

// After POST /api/games made a friend game: keep the seat.
export function created(next) {
  if (next.token) remember(next.id, next.seat, next.token, { invite: next.invite, watch: next.watch });
}

// ------------------------------------------------------------ the stream

function onLink(up) {
  document.body.classList.toggle('offline', !up);
}

function onEvent(name, data) {
  const state = page.state();
  if (!state || state.id !== streamId) return;
  switch (name) {
    case 'state':
      page.takeState(data, []);
      break;
    case 'move':
      page.takeState(data.state, data.played || (data.report ? [data.report] : []));
      break;
    case 'presence':
      presence(data.seat, data.present);
      break;
    case 'message':
      said(data.by, data.text);
      break;
    case 'clock':
      page.clockEvent(data);
      break;
    case 'offer':
      if (data.state) page.takeState(data.state, []);
      else patch({ offer: { kind: data.kind, by: data.by } });
      break;
    case 'answer':
      if (data.by !== mySeat()) page.toast(t(data.accept ? 'answer_yes' : 'answer_no', { name: seatName(data.by) }));
      if (data.state) page.takeState(data.state, []);
      else patch({ offer: null });
      break;
    case 'rematch':
      rematch(data.id);
      break;
    case 'join':
      if (data.seat !== mySeat() && !joining) page.toast(t('joined', { name: data.name || i18n.sideName(data.seat) }));
      // The newcomer's page opens its stream at once: present.
      if (data.state) {
        data.state.seats[data.seat].present = true;
        page.takeState(data.state, []);
      }
      break;
    case 'missing': // (the stream's 404: the game is no more)
      page.failed(new ApiError(404, 'gone'));
      break;
    case 'gone': // the server stops: the stream comes back with it
      break;
    default:
      // undo, redo, end and what else carries the new state
      if (data && data.state) page.takeState(data.state, []);
  }
}

// A change of the state that the stream tells without a whole state.
function patch(fields) {
  const state = page.state();
  Object.assign(state, fields);
  page.drawAll();
}

function presence(seat, present) {
  const state = page.state();
  const s = state.seats && state.seats[seat];
  if (!s || s.present === present) return;
  s.present = present;
  const news = present ? awaySaid[seat] : true;
  awaySaid[seat] = !present;
  if (seat !== mySeat() && s.joined && news) page.toast(t(present ? 'is_back' : 'is_away', { name: seatName(seat) }));
  page.drawAll();
}

// A fixed message: a bubble by the sender's name, for a few seconds.
function said(by, text) {
  const box = document.querySelector(`.player[data-side="${by}"] .bubble`);
  const words = MESSAGES.includes(text) ? t(`msg_${text}`) : text;
  if (!box) return;
  box.textContent = words;
  box.hidden = false;
  box.classList.remove('pop');
  void box.offsetWidth; // restart the animation
  box.classList.add('pop');
  clearTimeout(box.timer);
  box.timer = setTimeout(() => { box.hidden = true; }, 6000);
  const state = page.state();
  if (by !== mySeat() || !state) $('said').textContent = t('said_msg', { name: seatName(by), text: words });
}

async function rematch(id) {
  const state = page.state();
  const old = state.id;
  try {
    if (mySeat(state)) {
      const r = await api.rematchSeat(old);
      remember(r.id, r.seat, r.token);
    }
    const mine = page.newSwitch();
    const next = await api.state(id);
    await page.switchTo(next, mine, false);
    const me = mySeat(next);
    if (me) page.toast(t('rematch_started', { side: i18n.sideName(me) }));
  } catch (e) {
    page.failed(e);
  }
}

// ------------------------------------------------------------ actions

function ask(title, text, yes) {
  const dlg = $('dlg-confirm');
  $('confirm-title').textContent = title;
  $('confirm-text').textContent = text;
  $('confirm-yes').textContent = yes;
  dlg.returnValue = '';
  dlg.showModal();
  return new Promise((resolve) => dlg.addEventListener('close', () => resolve(dlg.returnValue === 'yes'), { once: true }));
}

// Resign: between two devices, this browser's seat; against the computer,
// the player's side; two on one screen, the side to move.
async function resign() {
  const state = page.state();
  if (!state || !ongoing(state)) return;
  const me = state.friend ? mySeat(state) : page.localSide();
  if (!me) return;
  if (!(await ask(t('resign_title'), t('resign_text', { name: page.nameOf(other(me)) }), t('resign')))) return;
  try {
    const next = await api.resign(state.id, state.friend ? {} : { side: me });
    if (next && next.id) page.takeState(next.state || next, []);
  } catch (e) {
    page.failed(e);
  }
}

async function offer(kind) {
  const state = page.state();
  try {
    const next = await api.offer(state.id, kind);
    if (next && next.state) page.takeState(next.state, []);
    else if (next && next.id) page.takeState(next, []);
    else patch({ offer: { kind, by: mySeat() } });
  } catch (e) {
    page.failed(e);
  }
}

async function answer(accept) {
  const state = page.state();
  $('offer').hidden = true;
  try {
    const next = await api.answer(state.id, accept);
    if (next && next.state) page.takeState(next.state, []);
    else if (next && next.id) page.takeState(next, []);
  } catch (e) {
    page.failed(e);
  }
}

function toggleSay(open) {
  const menu = $('say-menu');
  const show = open ?? menu.hidden;
  menu.hidden = !show;
  $('btn-say').setAttribute('aria-expanded', String(show));
  if (!show) return;
  menu.textContent = '';
  for (const key of MESSAGES) {
    const b = document.createElement('button');
    b.type = 'button';
    b.setAttribute('role', 'menuitem');
    b.dataset.msg = key;
    b.textContent = t(`msg_${key}`);
    b.addEventListener('click', () => send(key));
    menu.appendChild(b);
  }
  menu.firstChild.focus();
}

async function send(key) {
  toggleSay(false);
  const state = page.state();
  try {
    await api.message(state.id, key);
  } catch (e) {
    if (e instanceof ApiError && e.status === 429) page.toast(t('too_fast'));
    else page.failed(e);
  }
}

// ------------------------------------------------------------ the invitation

async function openInvite(code) {
  let info;
  try {
    info = await api.invite(code);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      page.toast(t('invite_unknown'), 'error');
      history.replaceState(null, '', '/');
      return false;
    }
    throw e;
  }
  // The game behind, watched while the invitation is read.
  const h = held(info.id);
  const mine = page.newSwitch();
  const st = await api.state(info.id);
  if (h) { // this browser already holds a seat of it (the host's own link, a reload)
    await page.switchTo(st, mine, false);
    return true;
  }
  await page.switchTo(st, mine, false);
  history.replaceState(null, '', `/invite/${code}`);
  const dlg = $('dlg-join');
  const side = i18n.sideName(info.seat || 'N');
  $('join-who').textContent = info.free
    ? (info.host_name ? t('join_who', { name: info.host_name, side }) : t('join_who_anon', { side }))
    : t('invite_used');
  const r = info.rules;
  $('join-rules').textContent = t('join_rules', { rules: r.diff ? `${r.name} (${r.diff})` : r.name, clock: clockText(info.clock) });
  $('join-free').hidden = !info.free;
  $('join-take').hidden = !info.free;
  $('join-error').textContent = '';
  $('join-name').value = page.settings.name || '';
  $('join-watch').onclick = () => {
    dlg.close();
    history.replaceState(null, '', `/watch/${info.id}`);
  };
  $('form-join').onsubmit = async (e) => {
    e.preventDefault();
    const name = $('join-name').value.trim();
    joining = true;
    try {
      const r2 = await api.join(code, name || undefined);
      remember(r2.id, r2.seat, r2.token);
      if (name) {
        page.settings.name = name;
        page.save();
      }
      dlg.close();
      const again = page.newSwitch();
      // the stream of the game watched is left for the seat's own
      leave();
      await page.switchTo(r2.state, again, false);
      enter(page.state()); // the same game, now from the seat
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invite_used') {
        $('join-who').textContent = t('invite_used');
        $('join-free').hidden = true;
        $('join-take').hidden = true;
      } else $('join-error').textContent = err.message;
    }
    joining = false;
  };
  dlg.returnValue = '';
  dlg.showModal();
  dlg.addEventListener('cancel', () => history.replaceState(null, '', `/watch/${info.id}`), { once: true });
  return true;
}

// "5 min + 3 s", or "no clock".
export function clockText(c) {
  if (!c) return t('clock_none');
  const base = c.base_ms !== undefined ? c.base_ms / 1000 : c.base;
  const inc = c.increment_ms !== undefined ? c.increment_ms / 1000 : c.increment;
  return t('clock_value', { min: base % 60 ? (base / 60).toFixed(1) : base / 60, inc });
}

// ------------------------------------------------------------ drawing

const baseTitle = document.title;

export function draw() {
  const state = page.state();
  // The tab's title says when it is the player's turn (a page in the background).
  const turn = !!state && state.friend && ongoing(state) && mySeat(state) === state.to_move
    && state.seats.S.joined && state.seats.N.joined;
  document.title = turn ? `${t('title_turn')} · ${baseTitle}` : baseTitle;
  const friend = !!(state && state.friend);
  const me = mySeat(state);
  const going = friend && ongoing(state);
  const both = friend && state.seats && state.seats.S.joined && state.seats.N.joined;
  const offer = friend ? state.offer : null;

  // The invitation, while the other seat is free (the watch link stays).
  const h = friend ? held(state.id) : null;
  const inv = $('invite');
  inv.hidden = !friend || (!me && !!both) || (!me && !h);
  if (friend) {
    const waiting = !both && me && h && h.invite;
    $('invite-body').hidden = !waiting;
    $('invite-title').textContent = waiting ? t('invite_title') : t('watch_title');
    if (waiting) {
      const url = location.origin + h.invite;
      if ($('invite-link').value !== url) {
        $('invite-link').value = url;
        $('invite-qr').src = `/api/qr?text=${encodeURIComponent(url)}`;
      }
    }
    const watch = location.origin + (h && h.watch ? h.watch : `/watch/${state.id}`);
    $('watch-link').href = watch;
    $('watch-link').textContent = watch.replace(/^https?:\/\//, '');
  }

  $('watching').hidden = !friend || !!me;

  // The players' actions.
  // One screen: resigning, among the game's controls.
  $('btn-resign-local').hidden = friend || !ongoing(state);
  $('btn-resign-local').disabled = !!state && !!state.thinking;
  $('people').hidden = !me || !both;
  if (me) {
    const pending = offer && offer.by === me;
    $('btn-resign').hidden = !going;
    $('btn-resign').disabled = !both;
    $('btn-offer-end').hidden = !going || state.agreement_allowed === false;
    $('btn-offer-end').disabled = !both || !!offer;
    $('btn-takeback').hidden = !going;
    $('btn-takeback').disabled = !both || !!offer || !state.moves.some((m) => m.side === me);
    $('btn-rematch').hidden = going;
    $('btn-rematch').disabled = !!offer;
    $('btn-say').disabled = !both;
    if (pending) $('said').textContent = t(`offer_sent_${offer.kind}`);
  }

  // An offer of the other side: a clear question.
  const box = $('offer');
  const theirs = me && offer && offer.by !== me;
  box.hidden = !theirs;
  if (theirs) {
    const name = seatName(offer.by);
    $('offer-text').textContent = t(`offer_${offer.kind}`, { name });
    $('offer-yes').textContent = t('offer_accept');
    $('offer-no').textContent = t('offer_decline');
    const key = `${state.id}:${offer.kind}:${offer.by}:${state.ply}`;
    if (lastOffer !== key) {
      lastOffer = key;
      $('offer-yes').focus({ preventScroll: true });
    }
  } else if (!offer) lastOffer = null;
}

// The presence mark of a player box ("away").
export function drawSeat(box, side) {
  const state = page.state();
  const away = box.querySelector('.away');
  box.dataset.side = side;
  const s = state && state.friend && state.seats ? state.seats[side] : null;
  const gone = !!(s && s.kind !== 'engine' && s.joined && !s.present && side !== mySeat(state));
  const free = !!(s && !s.joined);
  away.hidden = !(gone || free);
  away.textContent = free ? t('not_joined') : t('away');
  box.classList.toggle('absent', gone || free);
}
