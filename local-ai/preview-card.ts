import sharp from 'sharp';

/**
 * Offline there is no text-to-image model, so "generation" answers this card instead: the prompt drawn on a plain
 * background with a label saying it is a preview and that real generation needs Workers AI. The API marks it
 * `isPlaceholder: true` too, so it is never presented as a generated image.
 */
export const CARD_SIZE = 768;
export const CARD_LABEL = 'OFFLINE PREVIEW · not AI-generated';
export const CARD_FOOTER = ['Real image generation needs Workers AI', '(deploy with a Cloudflare account).'];

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Greedy word wrap by character count (the card's font is wide enough that this stays inside the box). */
export function wrap(text: string, perLine: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const piece = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    if (!line) line = piece;
    else if (line.length + 1 + piece.length <= perLine) line += ` ${piece}`;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, perLine - 1)}…`;
    return kept;
  }
  return lines;
}

export function previewCardSvg(prompt: string): string {
  const lines = wrap(`“${prompt}”`, 26, 9);
  const lineHeight = 44;
  const top = CARD_SIZE / 2 - (lines.length * lineHeight) / 2 + 20;
  const text = lines
    .map(
      (l, i) => `<text x="384" y="${top + i * lineHeight}" text-anchor="middle" class="prompt">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_SIZE}" height="${CARD_SIZE}" viewBox="0 0 768 768">
<style>
  .label { font: 700 26px 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; fill: #ffffff; letter-spacing: 1px; }
  .prompt { font: 600 34px 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; fill: #1f2937; }
  .foot { font: 400 20px 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; fill: #4b5563; }
</style>
<defs><pattern id="dots" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="2" fill="#e5e7eb"/></pattern></defs>
<rect width="768" height="768" fill="#f9fafb"/>
<rect width="768" height="768" fill="url(#dots)"/>
<rect x="24" y="24" width="720" height="720" rx="28" fill="none" stroke="#9ca3af" stroke-width="4" stroke-dasharray="18 12"/>
<rect x="24" y="24" width="720" height="64" rx="28" fill="#7c3aed"/>
<rect x="24" y="60" width="720" height="28" fill="#7c3aed"/>
<text x="384" y="66" text-anchor="middle" class="label">${escapeXml(CARD_LABEL)}</text>
${text}
<text x="384" y="672" text-anchor="middle" class="foot">${escapeXml(CARD_FOOTER[0]!)}</text>
<text x="384" y="702" text-anchor="middle" class="foot">${escapeXml(CARD_FOOTER[1]!)}</text>
</svg>`;
}

export function renderPreviewCard(prompt: string): Promise<Buffer> {
  return sharp(Buffer.from(previewCardSvg(prompt)))
    .png()
    .toBuffer();
}
