/**
 * WOFF 1.0 → OpenType (sfnt). resvg reads TrueType/OpenType only, while the OFL fonts we ship come from @fontsource as
 * WOFF; the container is a zlib-compressed table directory, so unpacking it is a few lines with fflate.
 */
import { unzlibSync } from 'fflate';

export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const v = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (v.getUint32(0) !== 0x774f4646) throw new Error('not a WOFF file');
  const numTables = v.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const offset = v.getUint32(e + 4);
    const compLength = v.getUint32(e + 8);
    const origLength = v.getUint32(e + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({
      tag: v.getUint32(e),
      checksum: v.getUint32(e + 16),
      data: compLength < origLength ? unzlibSync(raw) : raw,
    });
  }
  const headerSize = 12 + 16 * numTables;
  const total = tables.reduce((sum, t) => sum + Math.ceil(t.data.length / 4) * 4, headerSize);
  const out = new Uint8Array(total);
  const o = new DataView(out.buffer);
  let pow = 1;
  let log = 0;
  while (pow * 2 <= numTables) {
    pow *= 2;
    log++;
  }
  o.setUint32(0, v.getUint32(4));
  o.setUint16(4, numTables);
  o.setUint16(6, pow * 16);
  o.setUint16(8, log);
  o.setUint16(10, numTables * 16 - pow * 16);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const e = 12 + i * 16;
    o.setUint32(e, t.tag);
    o.setUint32(e + 4, t.checksum);
    o.setUint32(e + 8, offset);
    o.setUint32(e + 12, t.data.length);
    out.set(t.data, offset);
    offset += Math.ceil(t.data.length / 4) * 4;
  });
  return out;
}
