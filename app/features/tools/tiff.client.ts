// utif2 (with its own pako, ~100 KB) for the browser's TIFF previews only: a `.client` module is an empty one in the
// server build, so the Pages Function does not carry a decoder it never runs (ADR 0209).
export { default as UTIF } from 'utif2';
