// Node module hooks for the bench: load .wasm files as compiled modules and .woff files as bytes, the way wrangler
// bundles them for the Worker, so the bench runs the Worker's own imaging code unchanged.
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';

export async function load(url, context, next) {
  if (url.endsWith('.wasm')) {
    return {
      format: 'module',
      shortCircuit: true,
      source: `import { readFileSync } from 'node:fs';\nexport default new WebAssembly.Module(readFileSync(new URL(${JSON.stringify(url)})));`,
    };
  }
  if (url.endsWith('.woff')) {
    const bytes = readFileSync(new URL(url));
    return {
      format: 'module',
      shortCircuit: true,
      source: `export default new Uint8Array([${bytes.join(',')}]).buffer;`,
    };
  }
  return next(url, context);
}
