/**
 * Hand-made HEIF headers for unit tests (core/images/formats/): ISO boxes as byte arrays, and a file whose item 1 is
 * the primary item, its properties in `ipco` and each item's associations in `ipma` (indexes from 1; 0x80 marks one
 * essential), followed by a few bytes of image data.
 */
export const u32 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
export const box = (type: string, body: number[]) => [...u32(8 + body.length), ...ascii(type), ...body];
export const ispe = (width: number, height: number) => box('ispe', [0, 0, 0, 0, ...u32(width), ...u32(height)]);

export function heifFile(properties: number[][], items: [id: number, indexes: number[]][]): Uint8Array {
  const ipma = items.flatMap(([id, indexes]) => [id >> 8, id & 255, indexes.length, ...indexes]);
  return new Uint8Array([
    ...box('ftyp', [...ascii('heic'), 0, 0, 0, 0, ...ascii('mif1')]),
    ...box('meta', [
      0,
      0,
      0,
      0,
      ...box('pitm', [0, 0, 0, 0, 0, 1]),
      ...box('iprp', [...box('ipco', properties.flat()), ...box('ipma', [0, 0, 0, 0, ...u32(items.length), ...ipma])]),
    ]),
    ...box('mdat', [1, 2, 3]),
  ]);
}
