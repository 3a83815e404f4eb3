// The engine of the playground runs here, off the page's thread: a Go
// WebAssembly module of web/wasm (asn1gen.wasm, or the one the query
// names: worker.js?wasm=asn1gen-gen.wasm) and Go's loader (wasm_exec.js,
// copied from the Go installation by make web and by asn1gen serve). A request is {id, op, args}: op is a function of the
// global asn1gen object the module defines; the reply {id, result, ms}
// holds its JSON text and the time it took, or {id, error}.
importScripts('wasm_exec.js');

const wasm = new URLSearchParams(self.location.search).get('wasm') || 'asn1gen.wasm';
const go = new Go();
const started = performance.now();
let instantiateMs;
const ready = (async () => {
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch(wasm), go.importObject);
  } catch (e) {
    // a host that serves .wasm without application/wasm
    const resp = await fetch(wasm);
    if (!resp.ok) throw new Error(wasm + ': ' + resp.status + ' ' + resp.statusText);
    result = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  }
  instantiateMs = performance.now() - started; // fetched and compiled
  go.run(result.instance); // runs main until it waits for calls
  return performance.now() - started;
})();

onmessage = async (e) => {
  const { id, op, args } = e.data;
  let loadMs;
  try {
    loadMs = await ready;
  } catch (err) {
    postMessage({ id, error: 'the engine did not load: ' + err });
    return;
  }
  const t0 = performance.now();
  try {
    const result = self.asn1gen[op](...args);
    postMessage({ id, result, ms: performance.now() - t0, loadMs, instantiateMs });
  } catch (err) {
    postMessage({ id, error: String(err) });
  }
};
