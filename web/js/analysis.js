// analysis.js - the analysis panel: the Server-Sent Events stream of the
// game shown (GET .../analysis), its depth, speed and best lines with their
// scores from South's view, the endgame tables' verdict; each best line's
// value goes to the evaluation graph.
import { api } from './api.js';
import * as i18n from './i18n.js';
import { ongoing } from './people.js';

const { t } = i18n;
const $ = (id) => document.getElementById(id);

let page = null;    // what the page lends: state(), settings, movePlayed, evaluation(ply, value)
let source = null;  // the stream

export function init(host) { page = host; }

export function close() {
  if (source) source.close();
  source = null;
}

const analysingText = (ply) => (ply === 0 ? t('analysing_start') : t('analysing', { move: page.movePlayed(ply) }));

// (Re)open the stream of the game shown, or say the analysis is off.
export function connect() {
  close();
  const state = page.state();
  const { settings } = page;
  const box = $('analysis');
  // Between two devices, no engine while the game is played.
  const duel = state && state.friend && ongoing(state);
  if (!settings.analysis || !state || duel) {
    box.innerHTML = '';
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = t(duel ? 'analysis_duel' : 'analysis_off');
    box.appendChild(p);
    return;
  }
  box.textContent = '';
  const head = document.createElement('div');
  head.className = 'a-head';
  const lines = document.createElement('ol');
  lines.className = 'a-lines';
  const perfect = document.createElement('p');
  perfect.className = 'perfect';
  perfect.hidden = true;
  const note = document.createElement('p');
  note.className = 'muted small';
  note.textContent = t('analysis_current');
  box.append(head, perfect, lines, note);
  let current = null;
  source = api.analysis(state.id, settings.multipv);
  const es = source;
  es.addEventListener('position', (ev) => {
    current = JSON.parse(ev.data);
    lines.textContent = '';
    if (current.status !== 'ongoing') {
      head.textContent = t('analysis_over');
      perfect.hidden = true;
      return;
    }
    head.textContent = `${analysingText(current.ply)}…`;
    perfect.hidden = !current.tables;
    if (current.tables) perfect.textContent = t('perfect', { text: i18n.describePerfect(current.tables) });
  });
  es.addEventListener('info', (ev) => {
    const info = JSON.parse(ev.data);
    const nps = info.nps > 1e6 ? `${(info.nps / 1e6).toFixed(1)} M` : `${Math.round(info.nps / 1000)} k`;
    head.textContent = `${analysingText(info.ply)} · ${t('depth', { depth: info.depth })} · ${t('nodes_s', { n: nps })}`;
    lines.textContent = '';
    for (const l of info.lines) {
      const li = document.createElement('li');
      const sc = document.createElement('span');
      const v = l.score.south;
      sc.className = `score ${v > 0 ? 'plus' : v < 0 ? 'minus' : ''}`;
      sc.textContent = i18n.formatScore(l.score, true);
      sc.title = i18n.describeScore(l.score);
      const pv = document.createElement('span');
      pv.className = 'pv';
      const words = l.pv_text.split(' ');
      pv.textContent = words.length > 14 ? `${words.slice(0, 14).join(' ')} …` : l.pv_text;
      li.append(sc, pv);
      lines.appendChild(li);
    }
    const best = info.lines[0];
    if (best) page.evaluation(info.ply, { score: best.score, depth: info.depth });
  });
  es.addEventListener('done', () => { head.textContent = `${head.textContent.replace(/…$/, '')} · ${t('analysis_done')}`; });
  es.addEventListener('waiting', () => { head.textContent = t('analysis_waiting'); });
  es.addEventListener('gone', () => {
    es.close();
    if (source === es) source = null;
  });
}
