/**
 * Multi-panel layouts: comparisons and choices (panels-comparisons.ts), steps and stories (panels-stories.ts). The
 * order here is their catalog order after the popular ones (catalog.ts), so it is listed by hand.
 */
import type { TemplateDefinition } from './define';
import {
  beforeAfter,
  distractedByShiny,
  expectationVsReality,
  lookAwayMonkey,
  nopeYep,
  pointingAtEachOther,
  twoButtons,
} from './panels-comparisons';
import {
  becomingAClown,
  expandingBrain,
  fourPanelComic,
  fourStepPlan,
  nobodyMe,
  panicCalmPanic,
} from './panels-stories';

export const panelLayouts: TemplateDefinition[] = [
  nopeYep,
  expandingBrain,
  panicCalmPanic,
  becomingAClown,
  expectationVsReality,
  beforeAfter,
  lookAwayMonkey,
  fourPanelComic,
  nobodyMe,
  twoButtons,
  distractedByShiny,
  fourStepPlan,
  pointingAtEachOther,
];
