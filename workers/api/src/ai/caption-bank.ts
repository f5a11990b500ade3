import { CAPTION_LINE_SEPARATOR } from '../../../../core/api/ai';
import { CAPTION_SUGGESTIONS } from '../../../../core/limits';
import { BUILT_IN_CAPTIONS } from './caption-bank-built-in';
import { GENERIC_CAPTIONS, GENERIC_LADDERS, GENERIC_SINGLES, type Entry } from './caption-bank-generic';
import { TEMPLATE_CAPTION_SEED } from './caption-bank-templates';
import type { CaptionTemplate } from './provider';

/**
 * Captions without a language model: the offline provider's answer, and the cloud provider's fallback when the
 * model fails twice. An entry has one line per text box, and only entries with exactly the template's number of
 * boxes are offered: a line is never squeezed into another box, and no box is left empty. `{context}` is replaced by
 * what the person typed; without a topic, the entries that need one are left out. All entries are written for this
 * project.
 */
export { GENERIC_CAPTIONS, GENERIC_LADDERS, GENERIC_SINGLES } from './caption-bank-generic';

/**
 * Hand-written captions for individual templates, keyed by template id. A template without an entry here uses its
 * own `examples` plus the generic captions, so new templates need nothing here to work.
 */
export const TEMPLATE_CAPTIONS: Record<string, readonly Entry[]> = { ...TEMPLATE_CAPTION_SEED, ...BUILT_IN_CAPTIONS };

/** Built-in templates whose boxes have roles (a name, a number, a rung of a ladder): only their own captions fit. */
const OWN_ONLY = new Set(Object.keys(BUILT_IN_CAPTIONS));

/** Adds per-template captions (the template catalogue may call this for ids it ships). */
export function addTemplateCaptions(templateId: string, entries: readonly Entry[]) {
  TEMPLATE_CAPTIONS[templateId] = [...(TEMPLATE_CAPTIONS[templateId] ?? []), ...entries];
}

const CONTEXT_MAX = 80;

/** The user's context made safe to drop into a caption: one line, trimmed, without trailing punctuation. */
export function cleanContext(context: string): string {
  const oneLine = context
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?,;:]+$/, '');
  if (oneLine.length <= CONTEXT_MAX) return oneLine;
  const cut = oneLine.slice(0, CONTEXT_MAX);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 40 ? cut.slice(0, lastSpace) : cut).trim();
}

const usesContext = (entry: Entry) => entry.some((line) => line.includes('{context}'));

function fill(entry: Entry, context: string): string[] {
  return entry.map((line) => line.replaceAll('{context}', context).trim());
}

/** A ladder on `boxes` boxes: its first steps and always its last, the one that lands the joke. */
function onLadder(entry: Entry, boxes: number): Entry | null {
  if (entry.length < boxes) return null;
  return [...entry.slice(0, boxes - 1), entry[entry.length - 1]!];
}

/** The generic entries that fit `boxes` boxes exactly. */
function genericFor(boxes: number): Entry[] {
  if (boxes === 1) return [...GENERIC_SINGLES];
  if (boxes === 2) return [...GENERIC_CAPTIONS];
  return GENERIC_LADDERS.map((e) => onLadder(e, boxes)).filter((e): e is Entry => e !== null);
}

/** A small deterministic hash, so the same template and context give the same suggestions (testable, cacheable). */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = Math.imul(s ^ (s >>> 15), 2246822507) >>> 0;
    s = (s ^ (s >>> 13)) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Picks `CAPTION_SUGGESTIONS` captions: the template's own captions (those that use the topic first), then generic
 * ones that use the topic, then the template's examples and the generic captions that stand on their own. Without a
 * topic, only entries that stand on their own. Templates whose boxes have roles get no generic captions. Every caption
 * has exactly one non-empty line per box; no duplicates.
 */
export function captionsFromBank(template: CaptionTemplate, context: string, count = CAPTION_SUGGESTIONS): string[] {
  const ctx = cleanContext(context);
  const boxes = Math.max(1, template.boxCount);
  const seed = hash(`${template.id}\u0000${ctx.toLowerCase()}`);
  const fits = (e: Entry) => e.length === boxes && e.every((line) => line.trim().length > 0);
  const own = (TEMPLATE_CAPTIONS[template.id] ?? []).filter(fits);
  const generic = OWN_ONLY.has(template.id) ? [] : genericFor(boxes);
  const examples = template.examples.filter(fits);
  const topical = (entries: Entry[]) => (ctx ? shuffled(entries.filter(usesContext), seed) : []);
  const standalone = (entries: Entry[]) =>
    shuffled(
      entries.filter((e) => !usesContext(e)),
      seed,
    );
  const candidates = [
    ...topical(own),
    ...standalone(own),
    ...topical(generic),
    ...standalone(examples),
    ...standalone(generic),
  ];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of candidates) {
    const caption = fill(entry, ctx).join(CAPTION_LINE_SEPARATOR);
    const key = caption.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(caption);
    if (out.length === count) break;
  }
  return out;
}
