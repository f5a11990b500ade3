/**
 * A suggested meme checked against the catalogue (ADR 0173), whoever wrote it: the template exists and is not used
 * twice, there is exactly one line per text box, no line is empty, and each line is short enough for its box to hold
 * readably. A model's answer is repaired where the repair is certain (whitespace, markup, quotes, a template named by
 * its name rather than its id) and otherwise refused with the problem in words, which the retry sends back.
 */
import type { Template, TextBox } from '../../api/templates';
import { editorScale } from '../layout';
import { FONT_SIZE_MULT, LINE_HEIGHT } from '../text-fit';
import { topicText } from './topic';

/** What a suggestion needs of a template. */
export type SuggestTemplate = Pick<
  Template,
  'id' | 'name' | 'description' | 'keywords' | 'textBoxes' | 'width' | 'height' | 'examples'
>;

/** A meme: a template and one line per box. */
export interface Candidate {
  templateId: string;
  lines: string[];
}

/** The smallest caption size that still reads on the editing canvas; the editor's fit goes lower (12 px) as a last resort. */
const READABLE_FONT_PX = 16;
/** Average advance of a glyph per pixel of font size: Anton's capitals, Arial's mixed case. */
const ADVANCE = { upper: 0.6, mixed: 0.52 };
/** However large the box, a line is a caption, not a paragraph. */
export const SUGGEST_LINE_MAX_CHARS = 90;

/** How many characters box `box` of `template` holds at a readable size (the editor's canvas, core/memes/layout.ts). */
export function boxCharBudget(template: Pick<Template, 'width' | 'height'>, box: TextBox): number {
  const scale = editorScale(template);
  const width = box.scale_x * template.width * scale;
  const height = box.scale_y * template.height * scale;
  const perLine = Math.floor(width / (READABLE_FONT_PX * (box.style === 'upper' ? ADVANCE.upper : ADVANCE.mixed)));
  const lines = Math.max(1, Math.floor(height / (READABLE_FONT_PX * FONT_SIZE_MULT * LINE_HEIGHT)));
  return Math.max(8, Math.min(SUGGEST_LINE_MAX_CHARS, perLine * lines));
}

export const boxBudgets = (template: SuggestTemplate) => template.textBoxes.map((box) => boxCharBudget(template, box));

/** A line as it may go into a box: one line of words, no markup, no wrapping quotes. */
export function cleanLine(line: string): string {
  return topicText(line)
    .replace(/^["'“”«»]+(.*?)["'“”«»]+$/u, '$1')
    .trim();
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

/** The template a model meant: its id, the id in another case, or its name. */
export function templateNamed(named: string, catalogue: ReadonlyMap<string, SuggestTemplate>): SuggestTemplate | null {
  const exact = catalogue.get(named) ?? catalogue.get(named.trim().toLowerCase());
  if (exact) return exact;
  const wanted = slug(named);
  for (const t of catalogue.values()) if (slug(t.name) === wanted || t.id === wanted) return t;
  return null;
}

export interface Checked {
  valid: Candidate[];
  /** Each refused meme's problem in words (sent back to the model on its retry). */
  problems: string[];
}

/**
 * Checks `proposed` (what a model answered, already shaped as template + lines) in order; `taken` are template ids
 * already used (or excluded), which a meme may not repeat.
 */
export function checkCandidates(
  proposed: readonly { template: string; lines: readonly string[] }[],
  catalogue: ReadonlyMap<string, SuggestTemplate>,
  taken: ReadonlySet<string> = new Set(),
): Checked {
  const used = new Set(taken);
  const valid: Candidate[] = [];
  const problems: string[] = [];
  for (const meme of proposed) {
    const template = templateNamed(meme.template, catalogue);
    if (!template) {
      problems.push(`"${meme.template}" is not a template id in the catalogue.`);
      continue;
    }
    if (used.has(template.id)) {
      problems.push(`"${template.id}" was used twice (or is excluded); each meme needs a different template.`);
      continue;
    }
    const boxes = template.textBoxes.length;
    const lines = meme.lines.map(cleanLine);
    if (lines.length !== boxes) {
      problems.push(
        `"${template.id}" has ${boxes} text box${boxes === 1 ? '' : 'es'}, so it needs exactly ${boxes} line${boxes === 1 ? '' : 's'}; ${lines.length} came.`,
      );
      continue;
    }
    const empty = lines.findIndex((l) => l === '');
    if (empty >= 0) {
      problems.push(`Line ${empty + 1} of "${template.id}" is empty; every box needs words.`);
      continue;
    }
    const budgets = boxBudgets(template);
    const long = lines.findIndex((l, i) => [...l].length > budgets[i]!);
    if (long >= 0) {
      problems.push(
        `Line ${long + 1} of "${template.id}" has ${[...lines[long]!].length} characters; that box holds ${budgets[long]}.`,
      );
      continue;
    }
    used.add(template.id);
    valid.push({ templateId: template.id, lines });
  }
  return { valid, problems };
}
