/**
 * The offline stand-in for the meme writer (ADR 0173): with no language model, templates are picked by what the
 * topic's words (and their stand-ins, core/templates/search-terms.ts) find in each template's keywords, name and
 * description, and their boxes are filled by `fill` (the Worker's caption bank, which puts the topic's own words in
 * the captions that take them). The same topic picks the same templates; "Try again" excludes what was shown.
 */
import { searchGroups } from '../../templates/search-terms';
import { boxBudgets, type Candidate, type SuggestTemplate } from './answer';

/** Caption ideas for a template, each one line per box (the caption bank's answer). */
export type FillLines = (template: SuggestTemplate, topic: string) => string[][];

/**
 * How well a template's words answer the topic's: the word itself among the keywords counts most, then a stand-in
 * for it there, then the name, then the description.
 */
export function topicScore(template: SuggestTemplate, groups: readonly (readonly string[])[]): number {
  const keywords = template.keywords.join(' ').toLowerCase();
  const name = template.name.toLowerCase();
  const description = template.description.toLowerCase();
  let score = 0;
  for (const group of groups) {
    if (keywords.includes(group[0]!)) score += 4;
    else if (group.some((t) => keywords.includes(t))) score += 3;
    else if (group.some((t) => name.includes(t))) score += 2;
    else if (group.some((t) => description.includes(t))) score += 1;
  }
  return score;
}

/** FNV-1a: the same topic gives the same order (testable), a different one another. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The catalogue best first for `topic`: by score, then (among equals) popular templates ahead with a little of the
 * topic's own shuffle, so two topics that match nothing do not get the same three. `like` (a template id) puts
 * that template first and ranks the rest by the keywords they share with it.
 */
export function rankTemplates(catalogue: readonly SuggestTemplate[], topic: string, like?: string): SuggestTemplate[] {
  const groups = searchGroups(topic);
  const liked = like ? catalogue.find((t) => t.id === like) : undefined;
  const likeGroups = liked ? liked.keywords.map((k) => [k]) : [];
  const seed = hash(topic.toLowerCase());
  const scored = catalogue.map((t, position) => ({
    t,
    score: topicScore(t, groups) * 10 + (liked ? topicScore(t, likeGroups) * 5 : 0),
    // Popularity (the catalogue's order) with a jitter of a few places from the topic's hash.
    order: position + (hash(`${seed}:${t.id}`) % 8),
  }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const ranked = scored.map((s) => s.t);
  return liked ? [liked, ...ranked.filter((t) => t !== liked)] : ranked;
}

/** The first of `options` with one non-empty line per box, each within its box's budget. */
export function fittingLines(template: SuggestTemplate, options: readonly (readonly string[])[]): string[] | null {
  const budgets = boxBudgets(template);
  const fits = (lines: readonly string[]) =>
    lines.length === budgets.length && lines.every((l, i) => l.trim() !== '' && [...l.trim()].length <= budgets[i]!);
  const found = options.find(fits);
  return found ? found.map((l) => l.trim()) : null;
}

/** `count` offline memes on different templates, none of `exclude`, each with lines that fit. */
export function offlineCandidates(
  catalogue: readonly SuggestTemplate[],
  topic: string,
  count: number,
  fill: FillLines,
  options: { exclude?: readonly string[]; like?: string } = {},
): Candidate[] {
  const skip = new Set(options.exclude ?? []);
  const out: Candidate[] = [];
  for (const template of rankTemplates(catalogue, topic, options.like)) {
    if (out.length === count) break;
    if ((skip.has(template.id) && template.id !== options.like) || template.textBoxes.length === 0) continue;
    const lines = fittingLines(template, [...fill(template, topic), ...template.examples]);
    if (lines) out.push({ templateId: template.id, lines });
  }
  return out;
}
