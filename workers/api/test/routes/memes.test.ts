import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_CANVAS_DATA_CHARS, downloadMemeResponseSchema, userMemesResponseSchema } from '../../../../core/api/memes';
import { api, listKeys, pngDeclaring, premiumCookies, toBase64 } from '../helpers';

const png = pngDeclaring(4, 3);
const pngUrl = `data:image/png;base64,${toBase64(png)}`;

const download = (body: unknown, headers: Record<string, string> = {}) =>
  api('/api/download-meme', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-premium-user': 'true', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const memesOf = async (cookie: string) => {
  const res = await api('/api/user-memes', { headers: { cookie } });
  expect(res.status).toBe(200);
  return userMemesResponseSchema.parse(await res.json()).memes;
};

const rowCount = async () => (await env.DB.prepare('select count(*) as n from saved_memes').first<number>('n')) ?? 0;

describe('POST /api/download-meme', () => {
  it('ignores a spoofed x-premium-user header: not premium, nothing saved, the file expires', async () => {
    const before = await rowCount();
    const res = await download({ canvasData: pngUrl, filename: 'meme-1700000000000.png', format: 'png' });
    expect(res.status).toBe(201);
    const body = downloadMemeResponseSchema.parse(await res.json());
    expect(body.isPremium).toBe(false);
    expect(body.downloadUrl).toMatch(
      /^http:\/\/local\/api\/images\/t[0-9a-z]+-[0-9a-f]{32}\?download=meme-1700000000000\.png$/,
    );
    expect(await rowCount()).toBe(before);
    const file = await api(body.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('filename="meme-1700000000000.png"');
    expect(file.headers.get('expires')).not.toBeNull();
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png);
  });

  it('saves the meme for a premium session and lists it', async () => {
    const cookie = await premiumCookies('198.18.0.1');
    const res = await download({ canvasData: pngUrl, filename: 'my best meme.png', format: 'png' }, { cookie });
    const body = downloadMemeResponseSchema.parse(await res.json());
    expect(body.isPremium).toBe(true);
    expect(body.downloadUrl).toMatch(/^http:\/\/local\/api\/images\/k-[0-9a-f]{32}\?download=my%20best%20meme\.png$/);
    const memes = await memesOf(cookie);
    expect(memes).toHaveLength(1);
    expect(memes[0]).toMatchObject({ title: 'my best meme', format: 'png', fileSize: png.length });
    expect(body.downloadUrl.startsWith(memes[0]!.imageUrl)).toBe(true);
    const image = await api(memes[0]!.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('expires')).toBeNull();
  });

  it('names the file meme-{timestamp} with the extension of the bytes when no name is given', async () => {
    const body = downloadMemeResponseSchema.parse(await (await download({ canvasData: pngUrl, format: 'jpg' })).json());
    expect(body.downloadUrl).toMatch(/\?download=meme-\d{13}\.png$/);
  });

  it('refuses bad input with the right status and stores nothing', async () => {
    const stored = await listKeys(env.BUCKET);
    const cases: [unknown, number, string][] = [
      ['{"canvasData":', 400, 'invalid_json'],
      [{ format: 'png' }, 400, 'validation_failed'],
      [{ canvasData: pngUrl, format: 'gif' }, 400, 'validation_failed'],
      [{ canvasData: 'hello', format: 'png' }, 400, 'validation_failed'],
      [{ canvasData: '', format: 'png' }, 400, 'validation_failed'],
      [{ canvasData: 'data:image/png;base64,@@@@', format: 'png' }, 400, 'validation_failed'],
      [
        { canvasData: `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`, format: 'png' },
        415,
        'unsupported_media_type',
      ],
      [{ canvasData: `data:image/jpeg;base64,${toBase64(png)}`, format: 'jpg' }, 415, 'unsupported_media_type'],
      [
        { canvasData: `data:image/png;base64,${btoa('not a png at all')}`, format: 'png' },
        415,
        'unsupported_media_type',
      ],
      [
        { canvasData: `data:image/png;base64,${toBase64(png.subarray(0, 40))}`, format: 'png' },
        422,
        'unprocessable_image',
      ],
      [
        { canvasData: `data:image/png;base64,${toBase64(pngDeclaring(50_000, 50_000))}`, format: 'png' },
        413,
        'payload_too_large',
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await download(body);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(await res.json()).toMatchObject({ code });
    }
    expect(await listKeys(env.BUCKET)).toEqual(stored);
  });
});

it('refuses a canvas over the bound with 413, whether the body or the field is too long', async () => {
  for (const extra of [0, 8192]) {
    const canvasData = `data:image/png;base64,${'A'.repeat(MAX_CANVAS_DATA_CHARS + extra)}`;
    const res = await download({ canvasData, format: 'png' });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
  }
});

describe('saved memes', () => {
  it('answers 401 without a premium session, whatever x-premium-user says', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'x-premium-user': 'true' },
      { cookie: 'mf_session=forged.value' },
    ];
    for (const headers of variants) {
      const list = await api('/api/user-memes', { headers });
      expect(list.status).toBe(401);
      expect(await list.json()).toMatchObject({ code: 'unauthorized' });
      expect(
        (await api('/api/user-memes/k-0123456789abcdef0123456789abcdef', { method: 'DELETE', headers })).status,
      ).toBe(401);
    }
  });

  it('a delete removes the row and the object together', async () => {
    const cookie = await premiumCookies('198.18.0.2');
    await download({ canvasData: pngUrl, filename: 'to delete.png', format: 'png' }, { cookie });
    const [meme] = await memesOf(cookie);
    const key = `saved/${meme!.id.slice(2)}`;
    expect(await env.BUCKET.head(key)).not.toBeNull();

    const res = await api(`/api/user-memes/${meme!.id}`, { method: 'DELETE', headers: { cookie } });
    expect(res.status).toBe(204);
    expect(await memesOf(cookie)).toEqual([]);
    expect(await env.BUCKET.head(key)).toBeNull();
    expect(await env.DB.prepare('select count(*) as n from saved_memes where id = ?').bind(meme!.id).first('n')).toBe(
      0,
    );
    expect((await api(meme!.imageUrl)).status).toBe(404);
    expect((await api(`/api/user-memes/${meme!.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(404);
  });

  it("answers 404 for someone else's meme and leaves it alone; 404 for unknown and malformed ids", async () => {
    const owner = await premiumCookies('198.18.0.3');
    const stranger = await premiumCookies('198.18.0.4');
    await download({ canvasData: pngUrl, filename: 'mine.png', format: 'png' }, { cookie: owner });
    const [meme] = await memesOf(owner);
    expect(await memesOf(stranger)).toEqual([]);

    const res = await api(`/api/user-memes/${meme!.id}`, { method: 'DELETE', headers: { cookie: stranger } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'There is no such meme.', code: 'not_found' });
    expect(await memesOf(owner)).toHaveLength(1);
    expect((await api(meme!.imageUrl)).status).toBe(200);

    for (const id of ['k-ffffffffffffffffffffffffffffffff', 'not-an-id', '..%2Fx']) {
      expect((await api(`/api/user-memes/${id}`, { method: 'DELETE', headers: { cookie: owner } })).status).toBe(404);
    }
  });
});
