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
