/**
 * The page's one web-ifc instance (single-threaded: no SharedArrayBuffer, no cross-origin isolation
 * needed). Its wasm is fetched from beside this chunk: the builds copy web-ifc.wasm next to the
 * chunks (dist/elements/chunks/ for host pages, dist/assets/ for the portal). A host that serves it
 * elsewhere sets `globalThis.VARDE_WEB_IFC_WASM_URL` (the directory URL, ending in /) first.
 */
import { IfcAPI } from 'web-ifc';

let starting: Promise<IfcAPI> | null = null;

/** Where web-ifc.wasm is looked up: the configured directory, else this chunk's directory. */
export function wasmDirectory(): string {
  const configured = (globalThis as { VARDE_WEB_IFC_WASM_URL?: unknown }).VARDE_WEB_IFC_WASM_URL;
  return typeof configured === 'string' && configured !== '' ? configured : new URL('.', import.meta.url).href;
}

export function webIfc(): Promise<IfcAPI> {
  starting ??= (async () => {
    const api = new IfcAPI();
    const directory = wasmDirectory();
    await api.Init((path) => new URL(path, directory).href, true);
    return api;
  })().catch((error: unknown) => {
    starting = null; // a later viewer may try again (e.g. after a network failure)
    throw error;
  });
  return starting;
}
