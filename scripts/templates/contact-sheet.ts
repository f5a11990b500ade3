import { renderPng } from './render';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** One PNG with every rendered template as a labelled thumbnail, so a person can review the whole catalog. */
export function contactSheet(items: { id: string; name: string; png: Buffer }[], columns = 8, cell = 240): Buffer {
  const rows = Math.ceil(items.length / columns);
  const h = cell + 30;
  const body = items
    .map((item, i) => {
      const x = (i % columns) * cell;
      const y = Math.floor(i / columns) * h;
      const href = `data:image/png;base64,${item.png.toString('base64')}`;
      return (
        `<image x="${x + 6}" y="${y + 6}" width="${cell - 12}" height="${cell - 12}" preserveAspectRatio="xMidYMid meet" href="${href}"/>` +
        `<text x="${x + cell / 2}" y="${y + cell + 16}" font-family="Arimo" font-size="14" text-anchor="middle">${i + 1}. ${esc(item.name)}</text>`
      );
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${columns * cell}" height="${rows * h}"><rect width="100%" height="100%" fill="#ddd"/>${body}</svg>`;
  return renderPng(svg);
}
