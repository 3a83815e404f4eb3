// The asn1gen playground: the page's side. The engine (compile, decode,
// gen) runs in a Web Worker (worker.js), so that no work freezes the page;
// this file holds the panels: the module editor with located
// diagnostics, the input and its octets, the tree of a decode, and the Go
// tab. The state fits in the URL fragment (the permalink), compressed.
'use strict';

const $ = (id) => document.getElementById(id);
const ROW = 16; // octets per line of the hex view
const LINE = 18; // px, the --line of style.css
const CHUNK = 200; // children rendered at a time

const state = {
  set: '', // the built-in set loaded, '' for the user's own files
  files: [], // [{name, text}]
  active: 0,
  flags: '',
  type: '',
  encoding: 'der',
  input: '',
  fileBytes: null, // Uint8Array of an input file, else null
  fileName: '',
};
let sets = []; // the built-in sets, from the engine
let setFilesPristine = null; // JSON of the files of state.set as loaded
let diagnostics = []; // of the last compile
let compiledOK = false;
let view = null; // the decode shown: {blocks, unit, bytes, block, nodes, errors}
let selected = null; // the selected node
window.asn1genTimings = {}; // read by the browser test

// ---- the engines, each in its worker ----

// Engine is one WebAssembly module of web/wasm in a Web Worker: the one
// that decodes (asn1gen.wasm) is started with the page, the one that
// generates Go (asn1gen-gen.wasm, two thirds of the code) with the first
// use of the Go tab.
class Engine {
  constructor(wasm) {
    this.wasm = wasm;
    this.nextID = 1;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker('worker.js?wasm=' + encodeURIComponent(this.wasm));
    this.worker.onmessage = (e) => {
      const p = this.pending.get(e.data.id);
      if (!p) return;
      this.pending.delete(e.data.id);
      if (e.data.loadMs !== undefined && this.loadMs === undefined) {
        this.loadMs = e.data.loadMs;
        this.instantiateMs = e.data.instantiateMs;
      }
      busy(pendingCount() > 0);
      if (e.data.error) p.reject(new Error(e.data.error));
      else p.resolve({ result: e.data.result, ms: e.data.ms });
    };
    this.worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new Error(e.message || 'the engine failed'));
      this.pending.clear();
      busy(pendingCount() > 0);
    };
  }

  // call runs op in the worker; it resolves with the parsed result and
  // the time the engine took, and rejects with a request's error.
  call(op, ...args) {
    const id = this.nextID++;
    busy(true);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, args });
    }).then(({ result, ms }) => {
      const v = JSON.parse(result);
      if (v && !Array.isArray(v) && v.error !== undefined && Object.keys(v).length === 1) throw new Error(v.error);
      return { v, ms };
    });
  }

  // stop ends the worker and starts a new one; the requests cut short
  // fail with STOPPED.
  stop() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error(STOPPED));
    this.pending.clear();
    this.start();
  }
}

const STOPPED = 'stopped';
let engine = null; // asn1gen.wasm
let genEngine = null; // asn1gen-gen.wasm, on the first use of the Go tab

function pendingCount() {
  return (engine ? engine.pending.size : 0) + (genEngine ? genEngine.pending.size : 0);
}

function call(op, ...args) {
  return engine.call(op, ...args);
}

// busy shows that the engine works; the status then counts the seconds
// (the progress of a long compile or decode).
let busySince = 0;
let statusText = '';
function busy(on) {
  if (on && document.body.dataset.busy !== 'true') busySince = performance.now();
  document.body.dataset.busy = on ? 'true' : 'false';
  $('stop').hidden = !on;
  $('status').classList.toggle('busy', on);
}

function status(text) {
  statusText = text;
  $('status').textContent = text;
}

setInterval(() => {
  const s = (performance.now() - busySince) / 1000;
  if (document.body.dataset.busy === 'true' && s >= 1) $('status').textContent = `${statusText} ${s.toFixed(0)} s`;
}, 500);

// stop ends the work in progress: the engines are ended and new ones
// started, which need the modules compiled again. The requests cut short
// fail with STOPPED, which their callers do not report.
function stop() {
  engine.stop();
  if (genEngine) genEngine.stop();
  busy(false);
  compiledOK = false;
  status('stopped: the engine was restarted; compile again');
}

// ---- modules ----

function renderSets() {
  const nav = $('sets');
  nav.textContent = '';
  for (const s of sets) {
    const b = document.createElement('button');
    b.textContent = s.title;
    b.dataset.set = s.name;
    b.classList.toggle('active', s.name === state.set);
    b.onclick = () => loadSet(s.name);
    nav.appendChild(b);
  }
}

async function loadSet(name) {
  const s = sets.find((x) => x.name === name);
  status('loading ' + s.title + '…');
  let files;
  try {
    ({ v: files } = await call('setFiles', name));
  } catch (e) {
    if (e.message !== STOPPED) status(e.message);
    return;
  }
  state.set = name;
  state.files = files;
  setFilesPristine = JSON.stringify(files);
  state.active = 0;
  state.flags = s.flags;
  state.type = s.type;
  state.encoding = s.encoding;
  $('go-codecs').value = codecsOf(s.encoding);
  const text = $('input').value.trim();
  if (s.sample && (state.fileBytes === null && text === '' || sets.some((x) => x.sample && x.sample === text))) {
    // the set's sample: a real encoding of its type, unless the user has an input
    state.input = s.sample;
    state.fileBytes = null;
  }
  syncControls();
  renderSets();
  await compile();
}

// codecsOf is the -codecs of the Go tab for a set decoded in encoding:
// the PER variant, OER with JER (as generated/ieee1609dot2), else the
// default.
function codecsOf(encoding) {
  if (encoding === 'aper' || encoding === 'uper') return encoding;
  if (encoding === 'oer' || encoding === 'coer') return 'oer,jer';
  return '';
}

function syncControls() {
  $('flags').value = state.flags;
  $('type').value = state.type;
  $('encoding').value = state.encoding;
  $('input').value = state.input;
  renderFileTabs();
  showFile(state.active);
}

function renderFileTabs() {
  const tabs = $('file-tabs');
  tabs.textContent = '';
  const bad = new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
  state.files.forEach((f, i) => {
    const b = document.createElement('button');
    b.textContent = f.name.replace(/^.*\//, '');
    b.title = f.name;
    b.classList.toggle('active', i === state.active);
    b.classList.toggle('has-error', bad.has(f.name));
    b.onclick = () => showFile(i);
    tabs.appendChild(b);
  });
}

function showFile(i) {
  state.active = i;
  const f = state.files[i];
  $('editor').value = f ? f.text : '';
  $('editor').scrollTop = 0;
  [...$('file-tabs').children].forEach((b, j) => b.classList.toggle('active', j === i));
  renderBackdrop();
}

// renderBackdrop marks the diagnostics of the file shown behind the
// transparent editor: each from its column to the end of its line. The
// backdrop holds the text up to the last marked line only.
function renderBackdrop() {
  const f = state.files[state.active];
  const back = $('editor-backdrop');
  back.textContent = '';
  if (!f) return;
  const marks = diagnostics.filter((d) => d.file === f.name && d.severity !== 'note');
  if (marks.length === 0) return;
  const lines = f.text.split('\n');
  const byLine = new Map();
  for (const d of marks) if (!byLine.has(d.line) || d.severity === 'error') byLine.set(d.line, d);
  const last = Math.min(Math.max(...byLine.keys()), lines.length);
  for (let n = 1; n <= last; n++) {
    const text = lines[n - 1];
    const d = byLine.get(n);
    if (!d) {
      back.appendChild(document.createTextNode(text + '\n'));
      continue;
    }
    const col = Math.max(0, Math.min(d.col - 1, text.length));
    back.appendChild(document.createTextNode(text.slice(0, col)));
    const m = document.createElement('mark');
    m.className = d.severity;
    m.textContent = text.slice(col) || ' ';
    m.title = d.message;
    back.appendChild(m);
    back.appendChild(document.createTextNode('\n'));
  }
  back.scrollTop = $('editor').scrollTop;
  back.scrollLeft = $('editor').scrollLeft;
}

function renderDiagnostics() {
  const ul = $('diagnostics');
  ul.textContent = '';
  for (const d of diagnostics) {
    const li = document.createElement('li');
    li.className = d.severity;
    li.textContent = d.text;
    li.onclick = () => gotoDiagnostic(d);
    ul.appendChild(li);
  }
  renderFileTabs();
  renderBackdrop();
}

// gotoDiagnostic shows the file of d with the cursor at its line and
// column.
function gotoDiagnostic(d) {
  const i = state.files.findIndex((f) => f.name === d.file);
  if (i < 0) return;
  if (i !== state.active) showFile(i);
  const ed = $('editor');
  const lines = state.files[i].text.split('\n');
  let at = 0;
  for (let n = 1; n < d.line && n <= lines.length; n++) at += lines[n - 1].length + 1;
  at += Math.max(0, d.col - 1);
  ed.focus();
  ed.setSelectionRange(at, at + 1);
  ed.scrollTop = Math.max(0, (d.line - 4) * LINE);
  renderBackdrop();
}

let compileSeq = 0;
async function compile() {
  const seq = ++compileSeq;
  state.flags = $('flags').value;
  compiledOK = false;
  status('compiling ' + state.files.length + ' file(s)…');
  const t0 = performance.now();
  let r;
  try {
    r = await call('compile', JSON.stringify(state.files), state.flags);
  } catch (e) {
    if (seq !== compileSeq || e.message === STOPPED) return;
    diagnostics = [];
    renderDiagnostics();
    status('compile: ' + e.message);
    if (view) setStale(true);
    return;
  }
  if (seq !== compileSeq) return; // a newer compile is on its way
  const c = r.v;
  window.asn1genTimings.compile = r.ms;
  window.asn1genTimings.compileWall = performance.now() - t0;
  diagnostics = c.diagnostics;
  renderDiagnostics();
  const dl = $('types');
  dl.textContent = '';
  for (const t of c.types) {
    const o = document.createElement('option');
    o.value = t;
    dl.appendChild(o);
  }
  compiledOK = c.errors === 0;
  const warnings = c.diagnostics.length - c.errors;
  status(`compiled in ${Math.round(r.ms)} ms: ${c.types.length} types, ${c.errors} error(s), ${warnings} warning(s)`);
  // the tree shown is of the modules before: a decode replaces it
  if (view) setStale(true);
  document.body.dataset.compiled = String(compileSeq);
  if (compiledOK && haveInput()) await decode();
  if (compiledOK && !$('go').hidden) await generate();
}

// ---- input ----

function haveInput() {
  return state.fileBytes !== null || $('input').value.trim() !== '';
}

function hexBytes(h) {
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.substr(2 * i, 2), 16);
  return out;
}

function base64Bytes(s) {
  const bin = atob(s.replace(/[\s]/g, '').replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// pemBlocks returns the blocks of PEM text as Go's encoding/pem reads
// them: the octets the dump's offsets count in.
function pemBlocks(text) {
  const out = [];
  const re = /-----BEGIN ([^-\r\n]*)-----\r?\n([\s\S]*?)-----END \1-----/g;
  let m;
  while ((m = re.exec(text)) !== null) {
    let body = m[2];
    // RFC 1421 headers end with an empty line
    if (/^[^\r\n]*:/.test(body)) body = body.replace(/^[\s\S]*?\r?\n\r?\n/, '');
    try {
      out.push({ label: m[1], bytes: base64Bytes(body) });
    } catch (e) {
      // skipped, as the dump skips it
    }
  }
  return out;
}

// readInput returns what to decode: the octets to send to the engine and
// the blocks whose octets the hex view shows.
function readInput() {
  if (state.fileBytes) {
    const text = new TextDecoder().decode(state.fileBytes.subarray(0, 4096));
    if (text.includes('-----BEGIN ')) {
      const all = new TextDecoder().decode(state.fileBytes);
      const blocks = pemBlocks(all);
      if (blocks.length > 0) return { send: state.fileBytes, blocks, what: 'PEM file ' + state.fileName };
    }
    return { send: state.fileBytes, blocks: [{ label: '', bytes: state.fileBytes }], what: 'file ' + state.fileName };
  }
  const t = $('input').value.trim();
  if (t.includes('-----BEGIN ')) {
    const blocks = pemBlocks(t);
    if (blocks.length > 0) return { send: new TextEncoder().encode(t), blocks, what: 'PEM' };
  }
  const h = t.replace(/0x/gi, '').replace(/[\s:,]/g, '');
  if (/^[0-9a-fA-F]*$/.test(h)) {
    if (h.length % 2 !== 0) throw new Error(`hex of an odd number of digits (${h.length})`);
    const b = hexBytes(h);
    return { send: b, blocks: [{ label: '', bytes: b }], what: 'hex' };
  }
  let b;
  try {
    b = base64Bytes(t);
  } catch (e) {
    throw new Error('the input is not hex, base64 or PEM');
  }
  return { send: b, blocks: [{ label: '', bytes: b }], what: 'base64' };
}

let decodeSeq = 0;
// decodedText is the input text of the last decode (null for a file's
// octets): an input event that leaves the text as it was, such as the one
// of a paste that the Decode button has read already, decodes nothing
// again, and the tree keeps its selection.
let decodedText = null;

async function decode() {
  if (!compiledOK) {
    status('compile the modules first (without errors)');
    return;
  }
  const seq = ++decodeSeq;
  state.type = $('type').value.trim();
  state.encoding = $('encoding').value;
  let input;
  try {
    input = readInput();
  } catch (e) {
    $('input-info').textContent = e.message;
    return;
  }
  decodedText = state.fileBytes ? null : $('input').value;
  const per = state.encoding === 'aper' || state.encoding === 'uper';
  const oer = state.encoding === 'oer' || state.encoding === 'coer';
  if (per || oer) {
    input.blocks = [{ label: '', bytes: input.send }];
  }
  const total = input.blocks.reduce((n, b) => n + b.bytes.length, 0);
  $('input-info').textContent = `${input.what}: ${total} octets` + (input.blocks.length > 1 ? `, ${input.blocks.length} PEM blocks` : '');
  status(`decoding ${total} octets as ${state.type}…`);
  const t0 = performance.now();
  let r;
  try {
    r = await call('decode', state.type, state.encoding, input.send);
  } catch (e) {
    if (seq === decodeSeq && e.message !== STOPPED) status('decode: ' + e.message);
    return;
  }
  if (seq !== decodeSeq) return;
  const shown0 = performance.now();
  showDecode(r.v, input, per);
  renderJER(r.v);
  const t1 = performance.now();
  window.asn1genTimings.decode = r.ms;
  window.asn1genTimings.decodeWall = t1 - t0;
  window.asn1genTimings.render = t1 - shown0;
  const errs = view.blocks.reduce((n, b) => n + (b.errors ? b.errors.length : 0), 0);
  status(`decoded in ${Math.round(r.ms)} ms (shown in ${Math.round(t1 - t0)} ms): ${errs} error(s)`);
  document.body.dataset.decodedOctets = String(total);
  document.body.dataset.decoded = String(decodeSeq);
}

// ---- the result: tree, octets, errors ----

// A DER or BER decode stays in the engine (doc.tree is its id): the page
// gets the top of its tree, a node whose children were left there has
// childCount, and the engine sends them when the node is opened
// (children) and says which node holds an octet (locate). A PER decode
// comes whole.

function showDecode(doc, input, per) {
  const blocks = doc.blocks;
  view = { blocks, unit: per ? 'bit' : 'octet', input, block: 0, nodes: [], tree: doc.tree };
  setStale(false);
  const sel = $('block');
  sel.textContent = '';
  sel.hidden = blocks.length < 2;
  blocks.forEach((b, i) => {
    const o = document.createElement('option');
    o.value = i;
    o.textContent = `block ${i + 1}: ${b.pem || 'DER'}`;
    sel.appendChild(o);
  });
  showBlock(0);
}

// setStale marks the tree shown as the decode of modules that are no
// longer those compiled (a compile failed or left nothing to decode).
function setStale(on) {
  $('tree').classList.toggle('stale', on);
  $('stale').hidden = !on || $('tree').hidden;
}

// index adds n, child pos of parent (null: an element of the block), and
// the children it came with to view.nodes.
function index(n, parent, pos) {
  n.parent = parent;
  n.pos = pos;
  n.id = view.nodes.length;
  n.range = nodeRange(n);
  view.nodes.push(n);
  (n.children || []).forEach((c, i) => index(c, n, i));
}

function showBlock(i) {
  view.block = i;
  const b = view.blocks[i];
  const ib = view.input.blocks[Math.min(i, view.input.blocks.length - 1)];
  view.bytes = ib ? ib.bytes : new Uint8Array(0);
  view.errors = b.errors || [];
  view.nodes = [];
  selected = null;
  (b.elements || []).forEach((n, i) => index(n, null, i));
  const tree = $('tree');
  tree.textContent = '';
  if (b.encrypted) tree.textContent = 'encrypted PEM block: not decoded';
  const ul = document.createElement('ul');
  tree.appendChild(ul);
  renderRange(ul, null, 0, total(null), 2, null);
  renderErrors();
  setHexSelection(null);
  renderHex();
}

// kids returns the children of n the page has (the block's elements for
// null), at their positions: those it has not are holes; total, how many
// n has in the engine.
function kids(n) {
  if (n === null) return view.blocks[view.block].elements || [];
  return n.children || (n.children = []);
}

function total(n) {
  if (n !== null && n.childCount !== undefined) return n.childCount;
  return kids(n).length;
}

function pathOf(n) {
  const path = [];
  for (let p = n; p; p = p.parent) path.unshift(p.pos);
  return path;
}

// missing returns the first and last+1 positions in [from, to) of the
// children of n that the page does not have ([x, x] when it has them all).
function missing(n, from, to) {
  const list = kids(n);
  let a = from;
  while (a < to && list[a] !== undefined) a++;
  let b = to;
  while (b > a && list[b - 1] !== undefined) b--;
  return [a, b];
}

// loadRange gets the children [from, to) of n that the page does not have
// from the engine; false when the decode shown changed meanwhile.
async function loadRange(n, from, to) {
  const v = view;
  const [a, b] = missing(n, from, to);
  if (a >= b) return true;
  const { v: more } = await call('children', v.tree, v.block, JSON.stringify(pathOf(n)), a, b - a);
  if (view !== v) return false;
  const list = kids(n);
  more.forEach((c, k) => {
    if (list[a + k] !== undefined) return; // fetched meanwhile
    list[a + k] = c;
    index(c, n, a + k);
  });
  return true;
}

// nodeRange is the octets [start, end) of a node: its header and contents
// (DER, BER), or the octets its bits touch (PER).
function nodeRange(n) {
  const len = view.bytes.length;
  if (view.unit === 'bit') {
    return { start: Math.floor(n.offset / 8), end: Math.min(len, Math.ceil((n.offset + Math.max(n.length, 1)) / 8)), head: 0 };
  }
  const end = n.offset + (n.headerLength || 0) + Math.max(n.length, 0) + (n.indefinite ? 2 : 0);
  return { start: n.offset, end: Math.min(len, end), head: n.headerLength || 0 };
}

function label(n) {
  const parts = [];
  if (n.field) parts.push(['field', n.field]);
  if (n.index !== undefined) parts.push(['field', '[' + n.index + ']']);
  if (n.type) parts.push(['type', ' ' + n.type + (n.kind && n.kind !== n.type ? ' (' + n.kind + ')' : '')]);
  else if (n.tag) parts.push(['type', ' ' + n.tag]);
  if (n.value !== undefined) parts.push(['value', ' = ' + n.value]);
  else if (n.hex !== undefined && total(n) === 0) parts.push(['value', ' ' + (n.hex.length > 64 ? n.hex.slice(0, 64) + '…' : n.hex)]);
  if (n.name) parts.push(['name', ' (' + n.name + ')']);
  if (n.object) parts.push(['name', ' -- ' + n.object]);
  if (n.addition) parts.push(['pos', ' -- extension addition']);
  const bad = n.error || n.invalid || n.nonDER;
  if (bad) parts.push(['bad', ' !! ' + bad]);
  if (n.truncated) parts.push(['bad', ' !! truncated']);
  if (n.note) parts.push(['pos', ' -- ' + n.note]);
  const at = view.unit === 'bit' ? ` @bit ${n.offset}+${n.length}` : ` @${n.offset}+${(n.headerLength || 0) + n.length}`;
  parts.push(['pos', at]);
  return parts;
}

// renderRange renders the children [from, to) of parent (null: the
// block's elements) into ul, before the item before (null: at the end):
// the first CHUNK of them, each expanded while its depth is below open,
// up to the first the page does not have, then a "… more" item for the
// rest.
function renderRange(ul, parent, from, to, open, before) {
  const list = kids(parent);
  const end = Math.min(to, from + CHUNK);
  let i = from;
  for (; i < end && list[i] !== undefined; i++) ul.insertBefore(renderNode(list[i], open), before);
  if (i < to) ul.insertBefore(moreItem(ul, parent, i, to, open), before);
}

// moreItem is the item that stands for the children [from, to) of parent
// not rendered: clicked, it renders the first CHUNK of them, fetched from
// the engine if need be.
function moreItem(ul, parent, from, to, open) {
  const li = document.createElement('li');
  li.className = 'more-item';
  li.dataset.from = from;
  li.dataset.to = to;
  const a = document.createElement('span');
  a.className = 'more';
  a.textContent = `… ${to - from} more`;
  a.onclick = () => openMore(ul, parent, li, open);
  li.appendChild(a);
  return li;
}

async function openMore(ul, parent, li, open) {
  const from = Number(li.dataset.from);
  const to = Number(li.dataset.to);
  const [a, b] = missing(parent, from, Math.min(to, from + CHUNK));
  if (a < b) {
    try {
      if (!(await loadRange(parent, from, Math.min(to, from + CHUNK)))) return;
    } catch (e) {
      if (e.message !== STOPPED) status('tree: ' + e.message);
      return;
    }
  }
  if (!li.isConnected) return; // rendered otherwise meanwhile
  renderRange(ul, parent, from, to, open, li);
  li.remove();
}

// showAt renders the child i of parent, which the page has, into ul,
// from the "… more" item that stands for it, with the CHUNK of children
// around it (and no more).
function showAt(ul, parent, i) {
  const n = kids(parent)[i];
  if (n.li && n.li.parentNode === ul) return;
  for (const li of ul.querySelectorAll(':scope > li.more-item')) {
    const from = Number(li.dataset.from);
    const to = Number(li.dataset.to);
    if (i < from || i >= to) continue;
    const s = Math.max(from, Math.floor(i / CHUNK) * CHUNK);
    if (s > from) ul.insertBefore(moreItem(ul, parent, from, s, 0), li);
    renderRange(ul, parent, s, to, 0, li);
    li.remove();
    return;
  }
}

function renderNode(n, open) {
  const li = document.createElement('li');
  li.setAttribute('role', 'treeitem');
  const row = document.createElement('div');
  row.className = 'node';
  row.dataset.id = n.id;
  const tog = document.createElement('span');
  tog.className = 'toggle';
  const has = total(n) > 0;
  const first = kids(n)[0] !== undefined;
  tog.textContent = has ? (open > 0 && first ? '▾' : '▸') : ' ';
  row.appendChild(tog);
  for (const [cls, text] of label(n)) {
    const s = document.createElement('span');
    s.className = cls;
    s.textContent = text;
    row.appendChild(s);
  }
  row.onclick = (e) => {
    if (e.target === tog && has) toggle(n);
    else select(n, false);
  };
  row.ondblclick = () => has && toggle(n);
  li.appendChild(row);
  n.li = li;
  if (has && open > 0 && first) expand(n, open - 1);
  return li;
}

// expand shows the children of n: their first CHUNK, fetched from the
// engine if need be.
function expand(n, open) {
  let ul = n.li.querySelector(':scope > ul');
  if (!ul) {
    ul = document.createElement('ul');
    n.li.appendChild(ul);
    const li = moreItem(ul, n, 0, total(n), open || 0);
    ul.appendChild(li);
    const [a, b] = missing(n, 0, Math.min(total(n), CHUNK));
    if (a >= b) {
      renderRange(ul, n, 0, total(n), open || 0, li);
      li.remove();
    } else {
      openMore(ul, n, li, open || 0);
    }
  }
  ul.hidden = false;
  n.li.querySelector('.toggle').textContent = '▾';
  return ul;
}

function toggle(n) {
  const ul = n.li.querySelector(':scope > ul');
  if (ul && !ul.hidden) {
    ul.hidden = true;
    n.li.querySelector('.toggle').textContent = '▸';
  } else {
    expand(n, 0);
  }
}

// reveal renders the tree down to n, which the page has with its
// ancestors: each ancestor expanded, and of the children of each the
// CHUNK that holds the next.
function reveal(n) {
  const chain = [];
  for (let p = n; p; p = p.parent) chain.unshift(p);
  let ul = $('tree').querySelector(':scope > ul');
  let parent = null;
  for (const p of chain) {
    showAt(ul, parent, p.pos);
    if (p === n) break;
    ul = expand(p, 0);
    parent = p;
  }
}

function select(n, fromHex) {
  if (selected && selected.li) selected.li.firstChild.classList.remove('selected');
  selected = n;
  if (!n) return;
  if (!n.li || !n.li.isConnected) reveal(n);
  const row = n.li.firstChild;
  row.classList.add('selected');
  row.scrollIntoView({ block: 'nearest' });
  setHexSelection(n.range);
  if (!fromHex) scrollHexTo(n.range.start);
  renderHex();
}

// deepest returns the innermost node whose octets hold octet i: the
// engine finds it in a tree it keeps, the page in a tree it has whole;
// null when none does, or when the decode shown changed meanwhile.
async function deepest(i) {
  const v = view;
  if (v.tree === undefined) {
    let best = null;
    let list = kids(null);
    for (;;) {
      const hit = list.find((n) => n.range.start <= i && i < n.range.end);
      if (!hit) return best;
      best = hit;
      list = kids(hit);
    }
  }
  const { v: path } = await call('locate', v.tree, v.block, i);
  let n = null;
  for (const p of path) {
    const from = Math.floor(p / CHUNK) * CHUNK;
    if (!(await loadRange(n, from, Math.min(total(n), from + CHUNK))) || view !== v) return null;
    n = kids(n)[p];
  }
  return n;
}

// selectAt selects the innermost node that holds octet i.
async function selectAt(i, fromHex) {
  let n;
  try {
    n = await deepest(i);
  } catch (e) {
    if (e.message !== STOPPED) status('tree: ' + e.message);
    return;
  }
  if (n) select(n, fromHex);
}

function renderErrors() {
  const ul = $('decode-errors');
  ul.textContent = '';
  for (const e of view.errors) {
    const li = document.createElement('li');
    li.textContent = `${e.path} at ${view.unit} ${e.offset}: ${e.message}`;
    li.onclick = async () => {
      const at = view.unit === 'bit' ? Math.floor(e.offset / 8) : e.offset;
      await selectAt(Math.min(at, view.bytes.length - 1), false);
      scrollHexTo(at);
      renderHex();
    };
    ul.appendChild(li);
  }
}

// ---- the hex view: only the lines in sight are in the page ----

function setHexSelection(r) {
  const hex = $('hex');
  hex.dataset.selStart = r ? r.start : '';
  hex.dataset.selEnd = r ? r.end : '';
  hex.dataset.selHead = r ? r.head : '';
}

function scrollHexTo(i) {
  const hex = $('hex');
  const y = Math.floor(i / ROW) * LINE;
  if (y < hex.scrollTop || y > hex.scrollTop + hex.clientHeight - LINE) hex.scrollTop = Math.max(0, y - LINE * 2);
}

function renderHex() {
  const hex = $('hex');
  const spacer = $('hex-spacer');
  if (!view) {
    spacer.textContent = '';
    return;
  }
  const bytes = view.bytes;
  const rows = Math.ceil(bytes.length / ROW);
  spacer.style.height = rows * LINE + 'px';
  const first = Math.max(0, Math.floor(hex.scrollTop / LINE) - 5);
  const last = Math.min(rows, first + Math.ceil(hex.clientHeight / LINE) + 10);
  const s = hex.dataset.selStart === '' ? -1 : Number(hex.dataset.selStart);
  const e = hex.dataset.selEnd === '' ? -1 : Number(hex.dataset.selEnd);
  const head = Number(hex.dataset.selHead || 0);
  const errs = new Set(view.errors.map((x) => (view.unit === 'bit' ? Math.floor(x.offset / 8) : x.offset)));
  const width = Math.max(4, bytes.length.toString(16).length);
  const frag = document.createDocumentFragment();
  for (let r = first; r < last; r++) {
    const div = document.createElement('div');
    div.className = 'hexrow';
    div.style.top = r * LINE + 'px';
    const off = document.createElement('span');
    off.className = 'off';
    off.textContent = (r * ROW).toString(16).padStart(width, '0') + '  ';
    div.appendChild(off);
    const end = Math.min(bytes.length, (r + 1) * ROW);
    // the octets in hex, then as ASCII (. for the others): each marked
    // and clickable alike
    const cell = (i, cls, text) => {
      const c = document.createElement('span');
      c.className = cls;
      if (i >= s && i < e) c.classList.add(i < s + head ? 'head' : 'sel');
      if (errs.has(i)) c.classList.add('err');
      c.dataset.i = i;
      c.textContent = text;
      return c;
    };
    let pad = '';
    for (let i = r * ROW; i < (r + 1) * ROW; i++) {
      const gap = i % 8 === 7 ? '  ' : ' ';
      if (i >= end) {
        pad += '  ' + gap;
        continue;
      }
      div.appendChild(cell(i, 'b', bytes[i].toString(16).padStart(2, '0')));
      div.appendChild(document.createTextNode(gap));
    }
    div.appendChild(document.createTextNode(pad + ' '));
    for (let i = r * ROW; i < end; i++) {
      const c = bytes[i];
      div.appendChild(cell(i, 'a', c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '.'));
    }
    frag.appendChild(div);
  }
  spacer.textContent = '';
  spacer.appendChild(frag);
}

// ---- the Go tab ----

let genFiles = [];
async function generate() {
  if (!compiledOK) {
    $('go-source').textContent = 'compile the modules first (without errors)';
    return;
  }
  status(genEngine ? 'generating Go…' : 'loading the generator and generating Go…');
  if (!genEngine) genEngine = new Engine('asn1gen-gen.wasm');
  let r;
  try {
    const t0 = performance.now();
    const c = await genEngine.call('compile', JSON.stringify(state.files), state.flags);
    if (c.v.errors > 0) throw new Error(`the modules have ${c.v.errors} error(s)`);
    r = await genEngine.call('gen', $('go-package').value.trim() || 'x', $('go-codecs').value.trim());
    window.asn1genTimings.genLoad = genEngine.loadMs;
    window.asn1genTimings.genWall = performance.now() - t0;
  } catch (e) {
    $('go-source').textContent = e.message;
    if (e.message !== STOPPED) status('gen: ' + e.message);
    return;
  }
  genFiles = r.v.files;
  const sel = $('go-file');
  sel.textContent = '';
  genFiles.forEach((f, i) => {
    const o = document.createElement('option');
    o.value = i;
    o.textContent = `${f.name} (${f.content.length} bytes)`;
    sel.appendChild(o);
  });
  $('go-source').textContent = genFiles.length ? genFiles[0].content : '';
  status(`generated ${genFiles.length} files in ${Math.round(r.ms)} ms`);
}

// showTab shows the tab which: 'tree', 'jer' or 'go'.
function showTab(which) {
  for (const t of ['tree', 'jer', 'go']) {
    $('tab-' + t).classList.toggle('active', t === which);
    $(t).hidden = t !== which;
  }
  $('stale').hidden = which !== 'tree' || !$('tree').classList.contains('stale');
  if (which === 'go' && genFiles.length === 0) generate();
}

// renderJER shows the value of a PER or OER decode as JER (X.697), which
// the engine wrote beside the tree (the dump's "jer"), or why it has none.
function renderJER(doc) {
  const b = doc.blocks && doc.blocks[0];
  let text;
  if (b && b.jer !== undefined) text = JSON.stringify(b.jer, null, 2);
  else if (b && b.jerError) text = 'no JER: ' + b.jerError;
  else text = 'JER (X.697) is shown for PER and OER decodes.';
  $('jer').textContent = text;
}

// ---- the permalink: the state, deflated, in the fragment ----

const MAX_LINK_INPUT = 48 << 10;

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const buf = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = '';
  for (let i = 0; i < buf.length; i += 0x8000) bin += String.fromCharCode(...buf.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function inflate(b64) {
  const bytes = base64Bytes(b64);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}

async function permalink() {
  const files = state.set && JSON.stringify(state.files) === setFilesPristine ? undefined : state.files;
  const link = { set: state.set, files, flags: $('flags').value, type: $('type').value, encoding: $('encoding').value };
  let note = '';
  if (state.fileBytes) {
    if (state.fileBytes.length <= MAX_LINK_INPUT) {
      link.input = Array.from(state.fileBytes, (b) => b.toString(16).padStart(2, '0')).join('');
    } else {
      note = ` (the ${state.fileBytes.length}-octet input file is too large for a link: left out)`;
    }
  } else {
    link.input = $('input').value;
  }
  const frag = '#s=' + (await deflate(JSON.stringify(link)));
  history.replaceState(null, '', frag);
  try {
    await navigator.clipboard.writeText(location.href);
    status('link copied' + note);
  } catch (e) {
    status('link in the address bar' + note);
  }
}

async function restore(frag) {
  const link = JSON.parse(await inflate(frag));
  if (link.set) {
    const { v: files } = await call('setFiles', link.set);
    setFilesPristine = JSON.stringify(files);
    state.files = link.files || files;
  } else {
    state.files = link.files || [];
  }
  state.set = link.set || '';
  state.flags = link.flags || '';
  state.type = link.type || '';
  state.encoding = link.encoding || 'der';
  state.input = link.input || '';
  state.active = 0;
  syncControls();
  renderSets();
}

// ---- wiring ----

function debounce(f, ms) {
  let t;
  return (...a) => {
    clearTimeout(t);
    t = setTimeout(() => f(...a), ms);
  };
}

async function main() {
  const t0 = performance.now();
  engine = new Engine('asn1gen.wasm');
  const ed = $('editor');
  const recompile = debounce(compile, 700);
  ed.addEventListener('input', () => {
    const f = state.files[state.active];
    if (!f) return;
    f.text = ed.value;
    diagnostics = diagnostics.filter((d) => d.file !== f.name);
    renderBackdrop();
    recompile();
  });
  ed.addEventListener('scroll', () => {
    $('editor-backdrop').scrollTop = ed.scrollTop;
    $('editor-backdrop').scrollLeft = ed.scrollLeft;
  });
  ed.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) compile();
  });
  $('compile').onclick = compile;
  $('flags').addEventListener('change', compile);
  $('new-file').onclick = () => {
    state.files.push({ name: `module${state.files.length + 1}.asn`, text: 'M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n\nEND\n' });
    state.set = '';
    renderSets();
    renderFileTabs();
    showFile(state.files.length - 1);
  };
  $('module-files').onchange = async (e) => {
    for (const f of e.target.files) state.files.push({ name: f.name, text: await f.text() });
    state.set = '';
    renderSets();
    renderFileTabs();
    showFile(state.files.length - 1);
    compile();
  };
  $('input').addEventListener('input', debounce(() => {
    state.fileBytes = null;
    state.input = $('input').value;
    if (state.input === decodedText) return;
    if (compiledOK && haveInput()) decode();
  }, 400));
  $('input-file').onchange = async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    state.fileBytes = new Uint8Array(await f.arrayBuffer());
    state.fileName = f.name;
    $('input').value = '';
    decode();
  };
  $('decode').onclick = decode;
  $('encoding').onchange = decode;
  $('type').addEventListener('change', decode);
  $('block').onchange = (e) => showBlock(Number(e.target.value));
  $('hex').addEventListener('scroll', renderHex);
  $('hex').addEventListener('click', (e) => {
    const i = e.target.dataset && e.target.dataset.i;
    if (i === undefined || !view) return;
    selectAt(Number(i), true);
  });
  $('tab-tree').onclick = () => showTab('tree');
  $('tab-jer').onclick = () => showTab('jer');
  $('tab-go').onclick = () => showTab('go');
  $('generate').onclick = generate;
  $('go-file').onchange = (e) => {
    $('go-source').textContent = genFiles[Number(e.target.value)].content;
  };
  $('permalink').onclick = permalink;
  $('stop').onclick = stop;
  window.addEventListener('resize', renderHex);

  try {
    const { v } = await call('sets');
    sets = v;
  } catch (e) {
    status(e.message);
    return;
  }
  // from the start of the navigation: what a user waits for
  window.asn1genTimings.interactive = performance.now();
  window.asn1genTimings.engineLoad = engine.loadMs;
  window.asn1genTimings.engineInstantiate = engine.instantiateMs;
  const nav = performance.getEntriesByType('navigation')[0];
  if (nav) window.asn1genTimings.pageInteractive = nav.domInteractive;
  renderSets();
  status(`ready in ${Math.round(performance.now() - t0)} ms`);
  document.body.dataset.ready = 'true';
  const m = location.hash.match(/^#s=(.+)$/);
  if (m) {
    try {
      await restore(m[1]);
      await compile();
      return;
    } catch (e) {
      status('the link could not be read: ' + e.message);
    }
  }
  await loadSet('x509');
}

main();
