import { env } from 'cloudflare:workers';

/** libjxl's ssimulacra_main through the ORACLE service, which shows both pictures as a viewer would (sRGB). */
export async function ssimulacra(original: Uint8Array, candidate: Uint8Array): Promise<number> {
  const form = new FormData();
  form.set('original', new Blob([original as Uint8Array<ArrayBuffer>]));
  form.set('candidate', new Blob([candidate as Uint8Array<ArrayBuffer>]));
  const res = await env.ORACLE.fetch('http://oracle/score', { method: 'POST', body: form });
  if (!res.ok) throw new Error(`ORACLE: ${await res.text()}`);
  return (await res.json<{ ssimulacra: number }>()).ssimulacra;
}

/** The picture (a HEIC too: libheif's heif-convert) colour-managed to sRGB by libvips, as an sRGB PNG. */
export async function managedDecode(image: Uint8Array): Promise<Uint8Array> {
  const res = await env.ORACLE.fetch('http://oracle/managed', {
    method: 'POST',
    body: image as Uint8Array<ArrayBuffer>,
  });
  if (!res.ok) throw new Error(`ORACLE: ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * How far `candidate` is from `expected` as a viewer sees both (colour-managed to sRGB, the candidate brought to the
 * expected's size): the mean CIE 1976 ΔE*ab, and each one's mean saturation (HSV), over `region` or the whole.
 */
export async function colourMatch(
  expected: Uint8Array,
  candidate: Uint8Array,
  region?: Region,
): Promise<{ deltaE: number; saturation: { expected: number; candidate: number } }> {
  const form = new FormData();
  form.set('expected', new Blob([expected as Uint8Array<ArrayBuffer>]));
  form.set('candidate', new Blob([candidate as Uint8Array<ArrayBuffer>]));
  if (region) form.set('region', JSON.stringify(region));
  const res = await env.ORACLE.fetch('http://oracle/colour', { method: 'POST', body: form });
  if (!res.ok) throw new Error(`ORACLE: ${await res.text()}`);
  return res.json();
}
