// archive.js - the list of finished games the server keeps (GET
// /api/archive), newest first, each with its record to download
// (/api/archive/ID/record), a page at a time; above it, the games between
// two devices this browser plays that go on, to go back to.
import { api, ApiError } from './api.js';
import * as i18n from './i18n.js';
import { heldGames } from './people.js';

const { t } = i18n;
const $ = (id) => document.getElementById(id);
const PAGE = 20;

let page = null;
let offset = 0;
let total = 0;

export function init(host) { page = host; }

export function wire() {
  $('btn-archive').addEventListener('click', open);
  $('archive-more').addEventListener('click', () => more());
}

export async function open() {
  offset = 0;
  total = 0;
  $('archive-list').textContent = '';
  $('archive-live').textContent = '';
  $('dlg-archive').showModal();
  await Promise.all([more(), live()]);
}

// The games between two devices this browser plays and that go on.
async function live() {
  const games = await heldGames().catch(() => []);
  const box = $('archive-live');
  box.textContent = '';
  if (!games.length) return;
  const h = document.createElement('h3');
  h.textContent = t('in_progress');
  const list = document.createElement('ol');
  list.className = 'archive-list';
  for (const { state, seat } of games) {
    const name = (side) => state.seats[side].name || i18n.sideName(side);
    const li = document.createElement('li');
    const who = document.createElement('span');
    who.className = 'a-who';
    who.textContent = `${name('S')} – ${name('N')}`;
    const what = document.createElement('span');
    what.className = 'a-what muted small';
    what.textContent = state.to_move === seat ? t('your_move') : t('their_move', { name: name(state.to_move) });
    const a = document.createElement('a');
    a.className = 'a-rec';
    a.href = `/play/${state.id}`;
    a.textContent = t('back_to_game');
    li.append(who, document.createElement('span'), what, a);
    list.appendChild(li);
  }
  box.append(h, list);
}

function resultText(g) {
  if (g.result === '1-0') return t('archive_won', { name: g.south || i18n.sideName('S') });
  if (g.result === '0-1') return t('archive_won', { name: g.north || i18n.sideName('N') });
  if (g.result === '1/2-1/2') return t('draw');
  return '';
}

function row(g) {
  const li = document.createElement('li');
  const who = document.createElement('span');
  who.className = 'a-who';
  who.textContent = `${g.south || i18n.sideName('S')} – ${g.north || i18n.sideName('N')}`;
  const res = document.createElement('span');
  res.className = 'a-res';
  res.textContent = g.result === '1/2-1/2' ? '½-½' : g.result;
  const what = document.createElement('span');
  what.className = 'a-what muted small';
  const when = g.finished_at ? new Date(g.finished_at).toLocaleString(i18n.getLang(), { dateStyle: 'medium', timeStyle: 'short' }) : '';
  what.textContent = [resultText(g), page.endWord(g.end_reason, g.result, g), (Math.ceil((g.moves || 0) / 2) === 1 ? t('archive_move') : t('archive_moves', { n: Math.ceil((g.moves || 0) / 2) })), g.rules, when]
    .filter(Boolean).join(' · ');
  const a = document.createElement('a');
  a.className = 'a-rec';
  a.href = `/api/archive/${g.id}/record`;
  a.download = `awale-${g.id}.txt`;
  a.textContent = t('download');
  li.append(who, res, what, a);
  return li;
}

async function more() {
  let list = $('archive-list').querySelector('ol');
  try {
    const r = await api.archive(offset, PAGE);
    total = r.total || 0;
    if (!list) {
      list = document.createElement('ol');
      list.className = 'archive-list';
      $('archive-list').appendChild(list);
    }
    for (const g of r.games || []) list.appendChild(row(g));
    offset += (r.games || []).length;
    if (!offset) $('archive-list').textContent = r.kept === false ? t('archive_none') : t('archive_empty');
  } catch (e) {
    $('archive-list').textContent = e instanceof ApiError && e.status === 404 ? t('archive_none') : e.message;
  }
  $('archive-more').hidden = offset >= total;
}
