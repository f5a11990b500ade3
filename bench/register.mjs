import { register } from 'node:module';

register('./wasm-loader.mjs', import.meta.url);
