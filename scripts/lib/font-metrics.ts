/**
 * Advance widths from the font files we ship (@fontsource WOFF), for Node tests of the editor's text fitting. The
 * reading is the Worker's own (its meme renderer measures captions with it, imaging/text/metrics.ts), so the
 * editor's tests and the API fit text with the same numbers; this file only finds the font file on disk.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
// The Worker's unpacker and reader (it draws the watermark and memes with the same fonts): one font reader in the repo.
import { woffToSfnt } from '../../workers/api/src/imaging/text/woff';
import { advanceMeasure } from '../../workers/api/src/imaging/text/metrics';
import type { Measure } from '../../core/memes/text-fit';

/** A `Measure` for a shipped stand-in font ('anton' for Impact, 'arimo' for Arial …). */
export function fontMeasure(standIn: string, weight = 400): Measure {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve(`@fontsource/${standIn}/package.json`));
  return advanceMeasure(woffToSfnt(readFileSync(join(dir, 'files', `${standIn}-latin-${weight}-normal.woff`))));
}
