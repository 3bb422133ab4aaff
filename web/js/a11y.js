// a11y.js - the page for a screen reader and for the keyboard alone:
//  - announce(text): a move and what it captured, said once in the page's
//    live region (#announce, polite), in the words of the sentence under the
//    board (i18n.describeMove, the terminal's own words);
//  - PitKeys: the twelve pits as one stop of the Tab key (a roving
//    tabindex): Tab enters the board on a pit that can be played, the arrow
//    keys go from pit to pit as they lie on the screen (left and right along
//    a row, up and down across), Home and End to the ends of a row, and
//    Enter or Space plays (board.js); the letter keys of app.js still play
//    a pit from anywhere, and after a click on a pit the arrows still step
//    through the moves;
//  - the dialogs: while one is open (showModal), Tab and Shift+Tab go round
//    its own buttons and fields, never out to the page behind it. The
//    browser's <dialog> already moves the focus into it, closes it on Escape
//    and gives the focus back to what had it; each dialog is named by its
//    title (aria-labelledby) and described by its text (aria-describedby,
//    index.html).

// ------------------------------------------------------------ the live region

let said = '';
export function announce(text) {
  const box = document.getElementById('announce');
  if (!box || !text) return;
  // The same words twice in a row (the same move by both sides) are still
  // a change for the screen reader: a no-break space tells them apart.
  said = said === text ? `${text}\u00a0` : text;
  box.textContent = said;
}

// ------------------------------------------------------------ the pits

export class PitKeys {
  // board: the Board (its pitEls, slot(pit) -> {row, col} on the screen).
  constructor(board) {
    this.board = board;
    this.current = null; // the pit that holds the board's Tab stop
    this.byKeys = false;  // the pit was reached by the keyboard, not a click
    this.pointer = false;
    const svg = board.svg;
    svg.addEventListener('pointerdown', () => { this.pointer = true; }, true);
    svg.addEventListener('focusin', (e) => {
      const g = e.target.closest && e.target.closest('.pit');
      this.byKeys = !this.pointer;
      this.pointer = false;
      if (g) this.hold(Number(g.dataset.pit));
    });
    svg.addEventListener('keydown', (e) => this.key(e));
  }

  // The one pit of the board that Tab reaches.
  hold(pit) {
    this.current = pit;
    this.board.pitEls.forEach((p, i) => p.g.setAttribute('tabindex', i === pit ? 0 : -1));
  }

  // After each drawing: the pit that has the focus keeps the Tab stop; else
  // the one last visited if it can be played; else the first that can be
  // played, from the left of the bottom row (the player's own); else the
  // one last visited, or the bottom row's first.
  rove() {
    const els = this.board.pitEls;
    const focused = els.findIndex((p) => p.g === document.activeElement);
    if (focused >= 0) return this.hold(focused);
    const playable = (i) => els[i].g.classList.contains('playable');
    if (this.current !== null && playable(this.current)) return this.hold(this.current);
    const order = this.screenOrder();
    const first = order.find(playable);
    this.hold(first !== undefined ? first : this.current !== null ? this.current : order[0]);
  }

  // The pits as the screen shows them: the bottom row left to right, then
  // the top row left to right.
  screenOrder() {
    const at = [];
    for (let i = 0; i < 12; i++) {
      const s = this.board.slot(i);
      at.push({ i, key: (s.row === 'bottom' ? 0 : 6) + s.col });
    }
    return at.sort((a, b) => a.key - b.key).map((x) => x.i);
  }

  pitAt(row, col) {
    for (let i = 0; i < 12; i++) {
      const s = this.board.slot(i);
      if (s.row === row && s.col === col) return i;
    }
    return null;
  }

  key(e) {
    const g = e.target.closest && e.target.closest('.pit');
    // (after a click on a pit, the arrows keep stepping through the moves)
    if (!g || !this.byKeys || e.ctrlKey || e.metaKey || e.altKey) return;
    // Relay: a pit chosen waits for its direction (the arrows of app.js).
    if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && this.board.svg.querySelector('.pit.selected')) return;
    const { row, col } = this.board.slot(Number(g.dataset.pit));
    let to = null;
    switch (e.key) {
      case 'ArrowLeft': to = this.pitAt(row, Math.max(0, col - 1)); break;
      case 'ArrowRight': to = this.pitAt(row, Math.min(5, col + 1)); break;
      case 'ArrowUp': to = this.pitAt('top', col); break;
      case 'ArrowDown': to = this.pitAt('bottom', col); break;
      case 'Home': to = this.pitAt(row, 0); break;
      case 'End': to = this.pitAt(row, 5); break;
      default: return;
    }
    // (the page's own use of these keys - stepping through the moves - is
    // for when the focus is not on the board)
    e.preventDefault();
    e.stopPropagation();
    if (to === null) return;
    this.hold(to);
    this.board.pitEls[to].g.focus();
  }
}

// ------------------------------------------------------------ the dialogs

const FOCUSABLE = 'button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

function focusables(dlg) {
  return [...dlg.querySelectorAll(FOCUSABLE)].filter((el) => !el.disabled && !el.closest('[hidden]')
    && !(el.type === 'radio' && !el.checked && dlg.querySelector(`input[type=radio][name="${el.name}"]:checked`))
    && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');
}

// Tab at the last field of an open dialog goes to its first, Shift+Tab at
// the first to its last (and from anywhere outside, into it).
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Tab' || e.ctrlKey || e.metaKey || e.altKey) return;
  const open = [...document.querySelectorAll('dialog[open]')].filter((d) => d.matches(':modal'));
  const dlg = open[open.length - 1];
  if (!dlg) return;
  const list = focusables(dlg);
  if (!list.length) {
    e.preventDefault();
    return;
  }
  const at = list.indexOf(document.activeElement);
  const inside = dlg.contains(document.activeElement);
  if (e.shiftKey && (at === 0 || !inside)) {
    e.preventDefault();
    list[list.length - 1].focus();
  } else if (!e.shiftKey && (at === list.length - 1 || !inside)) {
    e.preventDefault();
    list[0].focus();
  }
}, true);
