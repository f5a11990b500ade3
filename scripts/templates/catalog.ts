/**
 * The built-in catalog, in popularity order: position 1 is rank 1, and the first 16 are the home carousel.
 * Every drawing is this project's own (CC0-1.0); some use Fluent Emoji artwork (MIT, Microsoft).
 */
import type { TemplateDefinition } from './define';
import { animatedLayouts } from './animated';
import { chartLayouts } from './charts';
import { documentLayouts } from './documents';
import { panelLayouts } from './panels';
import { characterScenes } from './scenes-characters';
import { reactionScenes } from './scenes-reactions';
import { versusLayouts } from './versus';

const all: TemplateDefinition[] = [
  ...reactionScenes,
  ...panelLayouts,
  ...chartLayouts,
  ...documentLayouts,
  ...versusLayouts,
  ...characterScenes,
  ...animatedLayouts,
];

/** Ids of the most popular templates, best first; the rest follow in definition order. */
const POPULAR_FIRST: string[] = [
  'nope-yep',
  'everything-is-fine',
  'expanding-brain',
  'two-buttons',
  'distracted-by-shiny',
  'nobody-me',
  'screaming-cat',
  'alignment-chart',
  'tier-list',
  'line-goes-up',
  'thinking-hard',
  'is-this-a',
  'sign-holder',
  'four-step-plan',
  'panic-calm-panic',
  'crying-laughing',
];

const byId = new Map(all.map((t) => [t.id, t]));
export const CATALOG: TemplateDefinition[] = [
  ...POPULAR_FIRST.map((id) => {
    const t = byId.get(id);
    if (!t) throw new Error(`POPULAR_FIRST names an unknown template "${id}"`);
    return t;
  }),
  ...all.filter((t) => !POPULAR_FIRST.includes(t.id)),
];
