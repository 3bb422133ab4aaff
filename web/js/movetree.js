// movetree.js - the move list as a tree (docs/variations.md): the main line
// in numbered rows, each variation indented under the move it replaces,
// variations inside variations indented deeper; marks and comments shown;
// the move looked at highlighted. A click on a move of the current line
// looks at it (as the list always did); a click on any other move goes
// there (POST goto): the board then plays on from it, and a different move
// starts a variation. Under the list: promote the variation looked at,
// delete it, back to the main line.
//
// The tree is the server's (the state's "tree": its nodes in id order, the
// current node); the page only shows it. A game without a tree (an older
// server) is shown as the line of its moves. Games between two devices and
// games with clocks have no variations: their list has no tools.
import { api } from './api.js';
import * as i18n from './i18n.js';

const N_ = (s) => s;
const say = (english, params = {}) => i18n.tr(english).replace(/\{(\w+)\}/g, (_, k) => (params[k] !== undefined ? params[k] : `{${k}}`));

const WORDS = {
  promote: N_('Promote'), promote_help: N_('Make this variation the main line'),
  delete: N_('Delete variation'), delete_help: N_('Remove this variation and the moves after it'),
  mainline: N_('Main line'), mainline_help: N_('Back to where this line leaves the main line'),
  variation: N_('Variation'), tree_tools: N_('Variations'),
  promoted: N_('The variation is now the main line.'), deleted: N_('Variation deleted.'),
  viewing: N_('Play from here to try another move: the other line stays in the move list.'),
};
const MARK_NAMES = { '!!': 'brilliant', '!': 'good', '!?': 'interesting', '?!': 'inaccuracy', '?': 'mistake', '??': 'blunder' };

let host = null;   // what app.js gives: state(), viewPly(), goTo(ply), reviewedMove(ply), describeMove(m), apply(next), computerTurn(), busy(), failed(e), toast(text)
let working = false;

export function init(h) { host = h; }

// ------------------------------------------------------------ the tree

// The state's tree, or the line of its moves as one (an older server).
function treeOf(state) {
  if (state.tree && Array.isArray(state.tree.nodes)) {
    const byId = new Map(state.tree.nodes.map((n) => [n.id, n]));
    return { byId, root: byId.get(0), current: state.tree.node };
  }
  const byId = new Map([[0, { id: 0, parent: -1, move: null, ply: 0, mark: '', comment: null, children: state.moves.length ? [1] : [], main: true }]]);
  state.moves.forEach((m, i) => byId.set(i + 1, { id: i + 1, parent: i, move: m.move, ply: i + 1, mark: '', comment: null, children: i + 1 < state.moves.length ? [i + 2] : [], main: true }));
  return { byId, root: byId.get(0), current: state.moves.length };
}

// The nodes from the start to the current node, by ply.
function currentLine(tree) {
  const line = [];
  for (let n = tree.byId.get(tree.current); n; n = tree.byId.get(n.parent)) line[n.ply] = n.id;
  return line;
}

// Whether the game keeps variations (not between two devices, no clocks:
// the server says so).
export function allowed(state) {
  return !!(state && state.tree && state.variations);
}

// The node looked at: the move of the current line at the ply viewed, else
// the current node.
function focused(state, tree) {
  const v = host.viewPly();
  if (v === null) return tree.current;
  return currentLine(tree)[v] ?? tree.current;
}

const startsNorth = (state) => state.start.split('-')[14] === 'N';
// Ply p's number and side: "4." (South's move), "4…" (North's).
function numbering(state, ply) {
  const k = ply - 1 + (startsNorth(state) ? 1 : 0);
  return { n: Math.floor(k / 2) + 1, side: k % 2 === 0 ? 'S' : 'N' };
}

// ------------------------------------------------------------ drawing

// One move: a button. On the current line it is a `.mv` with its ply (the
// list's moves as they always were: a click looks at it); elsewhere a
// `.tv` with its node (a click goes there).
function moveButton(state, tree, line, node) {
  const onLine = line[node.ply] === node.id;
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.node = node.id;
  const { n, side } = numbering(state, node.ply);
  b.className = `${onLine ? 'mv' : 'tv'} side-${side}${node.main ? ' main' : ''}`;
  b.textContent = node.move;
  const m = onLine ? state.moves[node.ply - 1] : null;
  b.title = m ? i18n.describeMove(m) : `${n}${side === 'S' ? '.' : '…'} ${node.move}`;
  // The review's mark for the current line (with its words), else the tree's.
  const rv = onLine ? host.reviewedMove(node.ply) : null;
  const markText = rv && rv.mark ? rv.mark : node.mark;
  const markName = rv && rv.mark ? rv.mark_name : MARK_NAMES[node.mark];
  if (markText) {
    const mk = document.createElement('span');
    mk.className = `mark m-${markName}`;
    mk.textContent = markText;
    b.appendChild(mk);
    if (rv && rv.mark) b.title = `${b.title} (${i18n.t(`mark_${rv.mark_name}`)})`;
  } else if (rv && rv.opening) {
    b.classList.add('opening');
    b.title = `${b.title} (${i18n.t('mark_opening')})`;
  }
  if (m && m.captured) {
    const c = document.createElement('span');
    c.className = 'cap';
    c.textContent = `×${m.captured}`;
    b.appendChild(c);
  }
  if (onLine) b.dataset.ply = node.ply;
  if (node.id === focused(state, tree)) b.setAttribute('aria-current', 'step');
  b.addEventListener('click', () => clicked(node, onLine));
  return b;
}

function commentSpan(text) {
  const c = document.createElement('span');
  c.className = 'tv-comment';
  c.textContent = text;
  c.title = text;
  return c;
}

function number(text) {
  const s = document.createElement('span');
  s.className = 'tv-num';
  s.textContent = text;
  return s;
}

// A variation from `node` (an alternative to its parent's first child):
// its moves in a wrapping line, numbered as PGN numbers them, with the
// variations inside it indented under the move they replace.
function variation(state, tree, line, node, depth) {
  const box = document.createElement('div');
  box.className = 'tv-line';
  box.dataset.depth = Math.min(depth, 6);
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', say(WORDS.variation));
  let numbered = true;
  for (let n = node; n;) {
    const { n: k, side } = numbering(state, n.ply);
    if (side === 'S') box.appendChild(number(`${k}.`));
    else if (numbered) box.appendChild(number(`${k}…`));
    numbered = false;
    box.appendChild(moveButton(state, tree, line, n));
    if (n.comment) box.appendChild(commentSpan(n.comment));
    const parent = tree.byId.get(n.parent);
    if (n !== node && parent && parent.children[0] === n.id && parent.children.length > 1) {
      for (const alt of parent.children.slice(1)) box.appendChild(variation(state, tree, line, tree.byId.get(alt), depth + 1));
      numbered = true;
    }
    n = n.children.length ? tree.byId.get(n.children[0]) : null;
  }
  return box;
}

// The whole list into `list` (an <ol class="move-list">): the main line in
// rows of two moves, a variation block after the move it replaces.
export function render(list, state) {
  const tree = treeOf(state);
  const line = currentLine(tree);
  let row = null;
  const newRow = (ply) => {
    row = document.createElement('li');
    const { n, side } = numbering(state, ply);
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${n}.`;
    row.appendChild(num);
    if (side === 'N') {
      const gap = document.createElement('span');
      gap.className = 'mv gap';
      gap.textContent = '…';
      row.appendChild(gap);
    }
    list.appendChild(row);
  };
  for (let node = tree.root; node && node.children.length;) {
    const child = tree.byId.get(node.children[0]);
    if (!child) break;
    if (!row || numbering(state, child.ply).side === 'S') newRow(child.ply);
    row.appendChild(moveButton(state, tree, line, child));
    if (child.comment) {
      row.appendChild(commentSpan(child.comment));
      row.classList.add('commented');
    }
    if (node.children.length > 1) {
      const block = document.createElement('li');
      block.className = 'tv-block';
      for (const alt of node.children.slice(1)) block.appendChild(variation(state, tree, line, tree.byId.get(alt), 1));
      list.appendChild(block);
      row = null;
    }
    node = child;
  }
}

// ------------------------------------------------------------ the tools

function button(id, word, help, act) {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = id;
  b.dataset.word = word;
  b.dataset.help = help;
  b.addEventListener('click', act);
  return b;
}

function tools() {
  let box = document.getElementById('tree-tools');
  if (box) return box;
  box = document.createElement('div');
  box.id = 'tree-tools';
  box.className = 'tree-tools';
  box.setAttribute('role', 'toolbar');
  box.append(
    button('tree-promote', 'promote', 'promote_help', () => change('promote')),
    button('tree-delete', 'delete', 'delete_help', () => change('delete')),
    button('tree-mainline', 'mainline', 'mainline_help', () => change('mainline')),
  );
  document.getElementById('moves').after(box);
  return box;
}

// The tools under the list: shown when the game has a variation (or the
// current move is off the main line), each enabled where it applies.
export function drawTools(state) {
  const box = tools();
  box.setAttribute('aria-label', say(WORDS.tree_tools));
  for (const b of box.querySelectorAll('button')) {
    b.textContent = say(WORDS[b.dataset.word]);
    b.title = say(WORDS[b.dataset.help]);
  }
  const tree = allowed(state) ? treeOf(state) : null;
  const branched = tree && (state.tree.nodes.some((n) => n.children.length > 1) || !tree.byId.get(tree.current)?.main);
  box.hidden = !branched;
  if (!branched) return;
  const f = tree.byId.get(focused(state, tree));
  const idle = !working && !host.busy();
  document.getElementById('tree-promote').disabled = !idle || !f || f.main;
  document.getElementById('tree-delete').disabled = !idle || !f || f.main;
  document.getElementById('tree-mainline').disabled = !idle || tree.byId.get(tree.current)?.main;
}

async function send(ask) {
  if (working || host.busy()) return null;
  working = true;
  try {
    const next = await ask();
    working = false;
    await host.apply(next);
    return next;
  } catch (e) {
    working = false;
    host.failed(e);
    return null;
  }
}

// The first move of the variation `id` is in: where its line leaves its
// parent's (the node itself on the main line).
function variationStart(tree, id) {
  let n = tree.byId.get(id);
  while (n && n.id && !n.main && tree.byId.get(n.parent)?.children[0] === n.id) n = tree.byId.get(n.parent);
  return n ? n.id : id;
}

async function change(what) {
  const state = host.state();
  if (!allowed(state)) return;
  const tree = treeOf(state);
  const node = what === 'delete' ? variationStart(tree, focused(state, tree)) : focused(state, tree);
  if (what === 'promote' && await send(() => api.promote(state.id, node))) host.toast(say(WORDS.promoted));
  else if (what === 'delete' && await send(() => api.deleteVariation(state.id, node))) host.toast(say(WORDS.deleted));
  else if (what === 'mainline') await send(() => api.mainline(state.id));
}

// Go to a node of the tree (the server's current move moves there); the
// computer plays when it is its turn there and the tree has no move after.
export async function go(node, reply = true) {
  const state = host.state();
  if (!allowed(state)) return false;
  const next = await send(() => api.goto(state.id, node));
  if (!next) return false;
  const here = treeOf(next).byId.get(next.tree.node);
  if (reply && here && !here.children.length) await host.computerTurn();
  return true;
}

function clicked(node, onLine) {
  const state = host.state();
  if (onLine) host.goTo(node.ply >= state.ply ? null : node.ply);
  else go(node.id);
}

// Forward from the current move along its line (→ at the end of the
// current line): its first move after, when the tree has one.
export function canForward() {
  const state = host.state();
  if (!allowed(state) || host.viewPly() !== null) return false;
  const here = treeOf(state).byId.get(state.tree.node);
  return !!(here && here.children.length);
}

export function forward() {
  if (!canForward()) return false;
  const state = host.state();
  go(treeOf(state).byId.get(state.tree.node).children[0]);
  return true;
}

// The status while looking back, when a move there may start a variation.
export function viewingText() { return say(WORDS.viewing); }

// The node of the current line at `ply` (for a move played from a position
// looked at: the game goes there first).
export function nodeAt(state, ply) {
  return allowed(state) ? currentLine(treeOf(state))[ply] ?? null : null;
}
