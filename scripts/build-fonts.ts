/**
 * Copies the stand-in webfonts out of their @fontsource packages into public/fonts and writes
 * public/fonts/fonts.css with @font-face rules under the family names the editor offers (see core/fonts.ts).
 * Run by `npm run build`; the output is generated, not committed.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MEME_FONTS } from '../core/fonts';

const require = createRequire(import.meta.url);
const outDir = join(process.cwd(), 'public', 'fonts');

async function main() {
  await mkdir(outDir, { recursive: true });
  const rules: string[] = [];
  const copied = new Set<string>();
  for (const font of MEME_FONTS) {
    const pkgDir = dirname(require.resolve(`@fontsource/${font.standIn}/package.json`));
    const variants = font.weights.flatMap((w) => (font.italic ? [`${w}`, `${w}-italic`] : [`${w}`]));
    for (const variant of variants) {
      const css = await readFile(join(pkgDir, `${variant}.css`), 'utf8');
      for (const block of css.split('@font-face').slice(1)) {
        const files = [...block.matchAll(/url\(\.\/files\/([^)]+\.woff2)\)/g)].map((m) => m[1] ?? '').filter(Boolean);
        const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
        const style = /font-style:\s*(\w+)/.exec(block)?.[1] ?? 'normal';
        const weight = /font-weight:\s*(\d+)/.exec(block)?.[1] ?? '400';
        if (files.length === 0) continue;
        for (const file of files) {
          if (copied.has(file)) continue;
          await copyFile(join(pkgDir, 'files', file), join(outDir, file));
          copied.add(file);
        }
        const local = style === 'normal' && weight === '400' ? `local("${font.family}"), ` : '';
        rules.push(
          `@font-face{font-family:"${font.family}";font-style:${style};font-weight:${weight};font-display:swap;` +
            `src:${local}${files.map((f) => `url(/fonts/${f}) format("woff2")`).join(',')};` +
            (range ? `unicode-range:${range};` : '') +
            '}',
        );
      }
    }
  }
  await writeFile(join(outDir, 'fonts.css'), `${rules.join('\n')}\n`);
  console.log(`fonts: ${copied.size} files, ${rules.length} @font-face rules → public/fonts`);
}

await main();
