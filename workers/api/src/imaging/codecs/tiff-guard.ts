/**
 * The TIFF decoder (utif2) believes every count and link in the file: an entry declaring 8 million RATIONALs in a
 * 40 KB file costs it ten seconds of reads past the end (found by the fuzzer: one bit flipped in a count), and an IFD
 * chain that points back to itself never ends. This walks the same structure first, cheaply, and says whether
 * every entry's data lies inside the file and every IFD is visited once, so that decoding is bounded by the file size.
 */

/** Bytes per value of each TIFF field type (BYTE, ASCII, SHORT, LONG, RATIONAL, …, IFD). */
const TYPE_SIZE: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
};
/** Tags whose values are offsets of further IFDs, which the decoder follows: SubIFDs, EXIF, GPS, and Sony's. */
const IFD_POINTERS = new Set([330, 34665, 34853, 61440]);
/** More IFDs than any real file has (pages, thumbnails, EXIF, GPS). */
const MAX_IFDS = 64;

export function tiffSafeToDecode(bytes: Uint8Array): boolean {
  if (bytes.length < 8) return false;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const order = String.fromCharCode(bytes[0]!, bytes[1]!);
  if (order !== 'II' && order !== 'MM') return false;
  const le = order === 'II';
  if (dv.getUint16(2, le) !== 42) return false;
  const inside = (offset: number, size: number) => offset + size <= bytes.length;

  const queue = [dv.getUint32(4, le)];
  const visited = new Set<number>();
  while (queue.length > 0) {
    const ifd = queue.shift()!;
    if (visited.has(ifd) || visited.size >= MAX_IFDS) return false;
    visited.add(ifd);
    if (!inside(ifd, 2)) return false;
    const count = dv.getUint16(ifd, le);
    // The entries, and the link to the next IFD after them.
    if (!inside(ifd + 2, count * 12 + 4)) return false;
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      const tag = dv.getUint16(entry, le);
      const type = dv.getUint16(entry + 2, le);
      const n = dv.getUint32(entry + 4, le);
      const size = (TYPE_SIZE[type] ?? 0) * n;
      const at = size <= 4 ? entry + 8 : dv.getUint32(entry + 8, le);
      if (!inside(at, size)) return false;
      if (IFD_POINTERS.has(tag) && (type === 4 || type === 13)) {
        for (let j = 0; j < n; j++) queue.push(dv.getUint32(at + j * 4, le));
      }
    }
    const next = dv.getUint32(ifd + 2 + count * 12, le);
    if (next !== 0) queue.push(next);
  }
  return true;
}
