/**
 * Text people send that is shown to others (captions on share cards, alt text, file names): without the characters
 * that hide or reorder what is shown. C0 controls and DEL (a NUL, an escape) mean nothing in a caption; bidirectional
 * marks, embeddings, overrides and isolates (ALM, LRM, RLM, LRE…RLO, LRI…PDI) can make "gpj.exe" read as "exe.jpg".
 * Line breaks are kept where `keepLineBreaks` says so (a caption may be two lines).
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex
const CONTROLS_AND_LINE_BREAKS = /[\u0000-\u001f\u007f]/g;
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function withoutHiddenControls(text: string, { keepLineBreaks = true } = {}): string {
  return text.replace(keepLineBreaks ? CONTROLS : CONTROLS_AND_LINE_BREAKS, '').replace(BIDI_CONTROLS, '');
}
