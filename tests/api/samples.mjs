// samples.mjs - how the answers shown in docs/api.md are compared with the
// server's (docs/contributing.md, "Samples in the documentation"):
//
// An answer that is JSON (an object or a list) is compared as a value,
// whatever its layout on the page:
//   - "…" (a string of the ellipsis alone) stands for any value: an id, a
//     time, a speed, a search's figures;
//   - a string holding "…" matches any string where each "…" stands for
//     any text ("Game over: …");
//   - an element "..." of a list stands for any number of elements, none
//     included;
//   - a member "...": "..." of an object stands for any other members;
//     without it, the object has exactly the members shown;
//   - anything else is itself.
// Other answers (an event stream, a record as text) are compared line by
// line as the other samples are (tests/cli/sample_match.awk): a line "..."
// stands for any number of lines, "…" in a line for one word; a line
// "data: {...}" of an event stream is compared as JSON, as above.

const ANY = '…';
const MORE = '...';

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const show = (v) => JSON.stringify(v).slice(0, 120);

// Whether act matches exp: null, or where and why not.
export function matchJson(exp, act, path = '$') {
  if (exp === ANY) return null;
  if (typeof exp === 'string' && exp.includes(ANY)) {
    const re = new RegExp(`^${exp.split(ANY).map(escape).join('[\\s\\S]*')}$`);
    return typeof act === 'string' && re.test(act) ? null : `${path}: ${show(act)} is not ${show(exp)}`;
  }
  if (Array.isArray(exp)) {
    if (!Array.isArray(act)) return `${path}: ${show(act)} is not a list`;
    // fits[i][j]: exp[i..] matches act[j..]
    const memo = new Map();
    const fits = (i, j) => {
      const key = i * 100000 + j;
      if (memo.has(key)) return memo.get(key);
      let ok;
      if (i === exp.length) ok = j === act.length;
      else if (exp[i] === MORE) ok = fits(i + 1, j) || (j < act.length && fits(i, j + 1));
      else ok = j < act.length && matchJson(exp[i], act[j]) === null && fits(i + 1, j + 1);
      memo.set(key, ok);
      return ok;
    };
    if (fits(0, 0)) return null;
    // Name the first element that differs when the lengths allow it.
    if (!exp.includes(MORE) && exp.length === act.length)
      for (let i = 0; i < exp.length; i++) {
        const why = matchJson(exp[i], act[i], `${path}[${i}]`);
        if (why) return why;
      }
    return `${path}: the list ${show(act)} does not match ${show(exp)}`;
  }
  if (exp !== null && typeof exp === 'object') {
    if (act === null || typeof act !== 'object' || Array.isArray(act)) return `${path}: ${show(act)} is not an object`;
    const open = exp[MORE] === MORE;
    for (const k of Object.keys(exp)) {
      if (open && k === MORE) continue;
      if (!(k in act)) return `${path}: no member "${k}"`;
      const why = matchJson(exp[k], act[k], `${path}.${k}`);
      if (why) return why;
    }
    if (!open)
      for (const k of Object.keys(act))
        if (!(k in exp)) return `${path}: a member "${k}" the page does not show (add "...": "..." to allow others)`;
    return null;
  }
  return Object.is(exp, act) || exp === act ? null : `${path}: ${show(act)} is not ${show(exp)}`;
}

function lineMatches(exp, act) {
  if (exp.startsWith('data: {') && act.startsWith('data: {')) {
    try {
      return matchJson(JSON.parse(exp.slice(6)), JSON.parse(act.slice(6))) === null;
    } catch {
      return false;
    }
  }
  const re = new RegExp(`^${exp.split(ANY).map(escape).join('[^ ]+')}$`);
  return re.test(act);
}

// Whether the output `act` matches what the page shows (`exp`, its lines
// as on the page): null, or why not.
export function matchOutput(exp, act) {
  let got;
  try {
    got = JSON.parse(act);
  } catch {
    got = undefined;
  }
  if (got !== undefined && typeof got === 'object') {
    let want;
    try {
      want = JSON.parse(exp);
    } catch (e) {
      return `the answer is JSON, the page's is not: ${e.message}`;
    }
    return matchJson(want, got);
  }
  const want = exp.split('\n');
  if (want[want.length - 1] === '') want.pop();
  const lines = act.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const memo = new Map();
  const fits = (i, j) => {
    const key = i * 100000 + j;
    if (memo.has(key)) return memo.get(key);
    let ok;
    if (i === want.length) ok = j === lines.length;
    else if (want[i] === MORE) ok = fits(i + 1, j) || (j < lines.length && fits(i, j + 1));
    else ok = j < lines.length && lineMatches(want[i], lines[j]) && fits(i + 1, j + 1);
    memo.set(key, ok);
    return ok;
  };
  return fits(0, 0) ? null : 'the lines differ';
}

// JSON on one line, as the page writes it ({"a": 1, "b": [1, 2]}).
function flat(v) {
  if (Array.isArray(v)) return `[${v.map(flat).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${flat(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

// JSON laid out for a page: an object or list on one line when it fits in
// `width` columns, else one member per line (`lead`: the columns taken
// before it on its first line).
export function layout(v, indent = '', width = 96, lead = 0) {
  const line = flat(v);
  if (v === null || typeof v !== 'object' || lead + line.length <= width) return line;
  const inner = `${indent}  `;
  if (Array.isArray(v)) return `[\n${v.map((x) => inner + layout(x, inner, width, inner.length)).join(',\n')}\n${indent}]`;
  return `{\n${Object.entries(v).map(([k, x]) => {
    const key = `${inner}${JSON.stringify(k)}: `;
    return key + layout(x, inner, width, key.length);
  }).join(',\n')}\n${indent}}`;
}
