import type { MemeCandidate } from '../../../core/api/suggest';

/** The editor's address for a candidate: its template and one `line` per box (the editor fills the boxes with them). */
export function editorHref(candidate: MemeCandidate): string {
  const query = new URLSearchParams({ template: candidate.template.id });
  for (const line of candidate.lines) query.append('line', line);
  return `/meme-generator?${query}`;
}
