/**
 * Node-only: turns a catalog definition into a PNG. Swaps emoji markers for the Fluent Emoji artwork (MIT) and
 * renders with resvg using the OFL fonts from @fontsource (converted from WOFF once into .cache/).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { TemplateDefinition } from './define';
// The Worker's unpacker (it draws the watermark with the same fonts): one WOFF reader in the repo.
import { woffToSfnt } from '../../workers/api/src/imaging/text/woff';

const require = createRequire(import.meta.url);

/** Families used by the drawings, as [package, file stem] pairs (latin subsets, the weights we draw with). */
const FONT_FILES: [string, string][] = [
  ['anton', 'anton-latin-400-normal'],
  ['archivo-black', 'archivo-black-latin-400-normal'],
  ['arimo', 'arimo-latin-400-normal'],
  ['arimo', 'arimo-latin-700-normal'],
  ['comic-neue', 'comic-neue-latin-400-normal'],
  ['comic-neue', 'comic-neue-latin-700-normal'],
  ['tinos', 'tinos-latin-400-normal'],
  ['tinos', 'tinos-latin-700-normal'],
];

let fontPaths: string[] | undefined;

function fonts(): string[] {
  if (fontPaths) return fontPaths;
  const dir = join(process.cwd(), '.cache', 'template-fonts');
  mkdirSync(dir, { recursive: true });
  fontPaths = FONT_FILES.map(([pkg, stem]) => {
    const out = join(dir, `${stem}.ttf`);
    if (!existsSync(out)) {
      const pkgDir = dirname(require.resolve(`@fontsource/${pkg}/package.json`));
      writeFileSync(out, woffToSfnt(readFileSync(join(pkgDir, 'files', `${stem}.woff`))));
    }
    return out;
  });
  return fontPaths;
}

interface IconSet {
  icons: Record<string, { body: string }>;
  aliases?: Record<string, { parent: string }>;
}
let iconSet: IconSet | undefined;

function emojiBody(name: string): string {
  iconSet ??= JSON.parse(
    readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
  ) as IconSet;
  const icon = iconSet.icons[name] ?? iconSet.icons[iconSet.aliases?.[name]?.parent ?? ''];
  if (!icon) throw new Error(`unknown Fluent Emoji "${name}"`);
  return icon.body;
}

let uses = 0;

/** Inlines the emoji artwork; ids inside each copy get a unique prefix so gradients never collide. */
export function resolveEmoji(body: string): string {
  return body.replace(/<g data-emoji="([^"]+)" transform="([^"]+)"><\/g>/g, (_m, name: string, transform: string) => {
    uses += 1;
    const prefix = `e${uses}-`;
    const art = emojiBody(name)
      .replace(/id="([^"]+)"/g, (_x, id: string) => `id="${prefix}${id}"`)
      .replace(/url\(#([^)]+)\)/g, (_x, id: string) => `url(#${prefix}${id})`)
      .replace(/href="#([^"]+)"/g, (_x, id: string) => `href="#${prefix}${id}"`);
    return `<g transform="${transform}">${art}</g>`;
  });
}

export function toSvg(def: TemplateDefinition, frame = 0): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `width="${def.width}" height="${def.height}" viewBox="0 0 ${def.width} ${def.height}">` +
    `${resolveEmoji(def.draw(frame))}</svg>`
  );
}

function resvg(svg: string, width?: number): Resvg {
  return new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: fonts(), defaultFontFamily: 'Arimo' },
    fitTo: width ? { mode: 'width', value: width } : { mode: 'original' },
    shapeRendering: 2,
    textRendering: 1,
  });
}

export function renderPng(svg: string, width?: number): Buffer {
  return resvg(svg, width).render().asPng();
}

/** The drawing as raw RGBA at its own size, for measuring. */
export function renderRgba(svg: string): { width: number; height: number; pixels: Buffer } {
  const image = resvg(svg).render();
  return { width: image.width, height: image.height, pixels: image.pixels };
}

/** Where the drawn content of `svg` reaches, outlines included and not clipped to the view box; null if empty. */
export function drawnBounds(svg: string): { x: number; y: number; width: number; height: number } | null {
  const box = resvg(svg).getBBox();
  return box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
}
