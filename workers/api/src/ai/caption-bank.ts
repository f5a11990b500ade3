import { CAPTION_LINE_SEPARATOR } from '../../../../core/api/ai';
import { CAPTION_SUGGESTIONS } from '../../../../core/limits';
import { TEMPLATE_CAPTION_SEED } from './caption-bank-templates';
import type { CaptionTemplate } from './provider';

/**
 * Captions without a language model: the offline provider's answer, and the cloud provider's fallback when the
 * model fails twice. Entries are lines (one per text box); `{context}` is replaced by what the user typed, so the
 * suggestions are about their topic. All entries are written for this project.
 */
type Entry = readonly string[];

/** Generic captions that fit any template. One line for single-box templates, two for the rest. */
export const GENERIC_CAPTIONS: readonly Entry[] = [
  ['Nobody:', 'Me at 3 a.m.: {context}'],
  ['Me: I will be normal about {context}', 'Also me:'],
  ['My plans for the weekend', '{context}'],
  ['What I expected', 'What {context} actually gave me'],
  ['{context}', 'It is fine. Everything is fine.'],
  ['When someone says {context} is overrated', 'Say that again. I dare you.'],
  ['Day 1 of {context}', 'Day 2 of {context}: who am I'],
  ['Explaining {context} to my parents', 'They nodded. They did not understand.'],
  ['Me after one tutorial on {context}', 'Basically an expert now'],
  ['{context}?', 'In this economy?'],
  ['The group chat when I bring up {context}', 'Seen by 14 people'],
  ['Starting {context} with confidence', 'Finishing it with prayers'],
  ['Doctor: you need to rest', 'Me: but {context}'],
  ['POV: you just discovered {context}', 'There is no going back'],
  ['{context}', 'Name a more iconic duo. I will wait.'],
  ['How it started: {context}', 'How it is going: also {context}, but louder'],
  ['My brain during the exam', 'Remember {context}? Let us think about that instead'],
  ['Me pretending to understand {context}', 'Ah yes, very interesting'],
  ['Alarm clock: rings', 'Me: five more minutes of dreaming about {context}'],
  ['I do not always think about {context}', 'Just every waking hour'],
  ['The audacity of {context}', 'Unmatched'],
  ['{context}', 'It really be like that sometimes'],
  ['Meanwhile, {context}', 'Living its best life'],
  ['When you see {context}', 'And you cannot unsee it'],
  ['Big mood:', '{context}'],
  ['Scientists: we found a new planet', 'Me: cool, anyway, {context}'],
  ['Budget: zero', 'Me: buys {context} anyway'],
  ['Past me: I will handle {context} later', 'Present me: who hurt you'],
  ['Mom: we have {context} at home', '{context} at home:'],
  ['Trying to stay calm about {context}', 'Internally: sirens'],
  ['That moment when {context}', 'And you pretend it was the plan'],
  ['Me: posts about {context}', 'The one friend who always replies first:'],
  ['Teacher: any questions?', 'Me: yes, what about {context}'],
  ['{context}', 'Peak performance achieved'],
  ['Nobody asked about {context}', 'Me, explaining it for 40 minutes:'],
  ['Wi-Fi down for five minutes', 'Me discovering {context} is a hobby'],
  ['Gym: open 24 hours', 'Me: but {context} is on'],
  ['Everyone: moves on from {context}', 'Me: still thinking about it'],
  ['My last two brain cells', 'Fighting over {context}'],
  ['Productivity tip:', 'Just do not think about {context}. Good luck.'],
  ['When {context} finally works', 'And you have no idea why'],
  ['Instructions unclear', 'Now I have {context}'],
  ['Me opening the fridge', 'Hoping {context} appeared since last time'],
  ['The calm before {context}', 'The storm after {context}'],
  ['One does not simply', 'Ignore {context}'],
  ['Plot twist:', 'It was {context} all along'],
  ['Keep calm', 'And blame it on {context}'],
  ['Expectation: a quiet day', 'Reality: {context}'],
];

/**
 * Hand-written captions for individual templates, keyed by template id. A template without an entry here uses its
 * own `examples` plus the generic captions, so new templates need nothing here to work.
 */
export const TEMPLATE_CAPTIONS: Record<string, readonly Entry[]> = { ...TEMPLATE_CAPTION_SEED };

/** Adds per-template captions (the template catalogue may call this for ids it ships). */
export function addTemplateCaptions(templateId: string, entries: readonly Entry[]) {
  TEMPLATE_CAPTIONS[templateId] = [...(TEMPLATE_CAPTIONS[templateId] ?? []), ...entries];
}

const CONTEXT_MAX = 80;
const NEUTRAL_CONTEXT = 'this';

/** The user's context made safe to drop into a caption: one line, trimmed, without trailing punctuation. */
export function cleanContext(context: string): string {
  const oneLine = context.replace(/\s+/g, ' ').trim().replace(/[.!?,;:]+$/, '');
  if (oneLine.length <= CONTEXT_MAX) return oneLine;
  const cut = oneLine.slice(0, CONTEXT_MAX);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 40 ? cut.slice(0, lastSpace) : cut).trim();
}

function fill(entry: Entry, context: string): string[] {
  return entry.map((line) => line.replaceAll('{context}', context || NEUTRAL_CONTEXT));
}

/** Fits an entry to the template's boxes: extra lines are joined into the last box; one box gets one line. */
function fit(lines: string[], boxCount: number): string {
  const boxes = Math.max(1, boxCount);
  if (lines.length <= boxes) return lines.join(CAPTION_LINE_SEPARATOR);
  const head = lines.slice(0, boxes - 1);
  const tail = lines.slice(boxes - 1).join(' ');
  return [...head, tail].join(CAPTION_LINE_SEPARATOR);
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
 * Picks `CAPTION_SUGGESTIONS` captions: the template's own bank first, then (with a context) generic captions that
 * mention it, then the template's examples, then the rest of the generic bank. No duplicates.
 */
export function captionsFromBank(template: CaptionTemplate, context: string, count = CAPTION_SUGGESTIONS): string[] {
  const ctx = cleanContext(context);
  const seed = hash(`${template.id}\u0000${ctx.toLowerCase()}`);
  const own = TEMPLATE_CAPTIONS[template.id] ?? [];
  const withContext = GENERIC_CAPTIONS.filter((e) => e.some((l) => l.includes('{context}')));
  const candidates: Entry[] = [
    ...shuffled(own, seed),
    ...(ctx ? shuffled(withContext, seed) : []),
    ...shuffled(template.examples.filter((e) => e.some((l) => l.trim())), seed),
    ...shuffled(GENERIC_CAPTIONS, seed),
  ];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of candidates) {
    const caption = fit(fill(entry, ctx), template.boxCount);
    const key = caption.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(caption);
    if (out.length === count) break;
  }
  return out;
}
