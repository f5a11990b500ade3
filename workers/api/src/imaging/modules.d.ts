// Binary modules bundled by wrangler (and by the vitest pool): WASM as compiled modules, the watermark font as bytes.
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
declare module '*.woff' {
  const bytes: ArrayBuffer;
  export default bytes;
}
