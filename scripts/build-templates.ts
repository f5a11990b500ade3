/**
 * Renders every built-in template to public/templates/<id>.png, an animated one to <id>.gif (run by `npm run build`;
 * output not committed).
 *   --only a,b        render just these ids (quick iteration)
 *   --sheet file.png  also write a contact sheet of everything rendered, for a human to look at
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG } from './templates/catalog';
import { contactSheet } from './templates/contact-sheet';
import { renderPng, toSvg } from './templates/render';
import { renderGif } from './templates/render-animated';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const only = arg('--only')?.split(',');
const sheet = arg('--sheet');
const outDir = join(process.cwd(), 'public', 'templates');
mkdirSync(outDir, { recursive: true });

const started = Date.now();
const rendered: { id: string; name: string; png: Buffer }[] = [];
for (const def of CATALOG) {
  if (only && !only.includes(def.id)) continue;
  const png = renderPng(toSvg(def));
  if (def.animation) writeFileSync(join(outDir, `${def.id}.gif`), renderGif(def));
  else writeFileSync(join(outDir, `${def.id}.png`), png);
  rendered.push({ id: def.id, name: def.name, png });
}
console.log(
  `templates: ${rendered.length} rendered → public/templates (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
if (sheet) {
  writeFileSync(sheet, contactSheet(rendered));
  console.log(`contact sheet → ${sheet}`);
}
