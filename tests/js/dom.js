// A browser document for the client's modules under Node (jsdom), set up before any of them loads.
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!doctype html><html><body></body></html>", { url: "http://localhost/" });
for (const name of ["window", "document", "localStorage", "sessionStorage", "HTMLElement", "Node"]) {
  Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true });
}
// jsdom has no CSS.escape; the client escapes only its own glyph ids ("glyph-rank-10").
globalThis.CSS ??= { escape: (text) => text.replace(/[^\w-]/g, (c) => `\\${c}`) };
