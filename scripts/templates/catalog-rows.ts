import { animatedImageKey, staticImageKey } from '../../core/templates/image-url';
import type { TemplateRow } from '../../workers/api/src/db/template-rows';
import { CATALOG } from './catalog';
import type { TemplateDefinition } from './define';

export const OUR_AUTHOR = 'Memeforge contributors';

/** Our drawings are CC0; drawings that include Fluent Emoji artwork also carry its MIT licence. */
export function licenseOf(def: TemplateDefinition): { license: string; author: string } {
  return def.draw().includes('data-emoji=')
    ? { license: 'CC0-1.0 AND MIT', author: `${OUR_AUTHOR}; Fluent Emoji art by Microsoft (MIT)` }
    : { license: 'CC0-1.0', author: OUR_AUTHOR };
}

/** The built-in catalog as table rows, ranked in catalog order (rank 1 first). */
export function catalogRows(catalog: TemplateDefinition[] = CATALOG): TemplateRow[] {
  return catalog.map((def, i) => ({
    id: def.id,
    name: def.name,
    description: def.description,
    keywords: def.keywords.map((k) => k.toLowerCase()).join(' '),
    imageKey: def.animation ? animatedImageKey(def.id) : staticImageKey(def.id),
    width: def.width,
    height: def.height,
    popularityRank: i + 1,
    feature: def.feature,
    textBoxes: JSON.stringify(def.textBoxes),
    examples: JSON.stringify(def.examples),
    sourceUrl: null,
    ...licenseOf(def),
  }));
}
