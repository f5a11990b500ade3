import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

// The API core through the real stack: Chromium → Pages (service binding) → API Worker → local D1 and R2.
// Cookies are HttpOnly, so they are exercised by the browser's own fetch with credentials, never read by script.

/** The access code the server under test was started with (npm start copies .dev.vars from the example). */
function accessCode(): string {
  const file = ['workers/api/.dev.vars', 'workers/api/.dev.vars.example']
    .map((path) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return '';
      }
    })
    .find(Boolean)!;
  return /DASHBOARD_ACCESS_CODE="?([^"\n]+)"?/.exec(file)![1]!;
}

test('an upload is stored, served with its type, and shows in the browser', async ({ page }) => {
  await page.goto('/');
  const result = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 80;
    canvas.getContext('2d')!.fillRect(0, 0, 120, 80);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const form = new FormData();
    form.append('image', new File([blob], 'drawing.png', { type: 'image/png' }));
    const res = await fetch('/api/upload', { method: 'POST', body: form, credentials: 'include' });
    const body = (await res.json()) as { imageUrl: string };
    const img = new Image();
    img.src = body.imageUrl;
    await img.decode();
    const served = await fetch(body.imageUrl);
    return {
      status: res.status,
      body,
      natural: [img.naturalWidth, img.naturalHeight],
      type: served.headers.get('content-type'),
      nosniff: served.headers.get('x-content-type-options'),
    };
  });
  expect(result.status).toBe(201);
  expect(result.body).toMatchObject({ width: 120, height: 80, format: 'png' });
  expect(result.natural).toEqual([120, 80]);
  expect(result.type).toBe('image/png');
  expect(result.nosniff).toBe('nosniff');
});

test('a text file called cat.png is refused with the message people see (docs/product.md §9)', async ({ page }) => {
  await page.goto('/');
  const result = await page.evaluate(async () => {
    const form = new FormData();
    form.append('image', new File(['not a cat'], 'cat.png', { type: 'image/png' }));
    const res = await fetch('/api/upload', { method: 'POST', body: form });
    return { status: res.status, body: await res.json() };
  });
  expect(result).toEqual({
    status: 415,
    body: {
      error: 'Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC).',
      code: 'unsupported_media_type',
    },
  });
});

test('premium: unlock, save a meme on download, list it, delete it, lock again', async ({ page }) => {
  await page.goto('/');
  const code = accessCode();
  const steps = await page.evaluate(async (code) => {
    const send = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(url, {
        method,
        credentials: 'include',
        headers: body ? { 'content-type': 'application/json', 'x-premium-user': 'true' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    };
    const canvas = document.createElement('canvas');
    canvas.width = 60;
    canvas.height = 40;
    const canvasData = canvas.toDataURL('image/png');
    const out: Record<string, unknown> = {};
    out.freeDownload = await send('POST', '/api/download-meme', { canvasData, filename: 'free.png', format: 'png' });
    out.wrong = await send('POST', '/api/session', { accessCode: 'not-the-code' });
    out.open = await send('POST', '/api/session', { accessCode: code });
    out.session = await send('GET', '/api/session');
    out.usage = await send('GET', '/api/usage-limit');
    out.download = await send('POST', '/api/download-meme', { canvasData, filename: 'saved meme.png', format: 'png' });
    const list = await send('GET', '/api/user-memes');
    out.list = list;
    const id = (list.body as { memes: { id: string }[] }).memes[0]?.id;
    out.remove = await send('DELETE', `/api/user-memes/${id}`);
    out.after = await send('GET', '/api/user-memes');
    out.close = await send('DELETE', '/api/session');
    out.closed = await send('GET', '/api/session');
    out.locked = await send('GET', '/api/user-memes');
    out.cookieVisible = document.cookie.includes('mf_session');
    return out;
  }, code);

  expect(steps.freeDownload).toMatchObject({ status: 201, body: { isPremium: false } });
  expect(steps.wrong).toEqual({
    status: 401,
    body: { error: 'That access code is not right. Please check it and try again.', code: 'unauthorized' },
  });
  expect(steps.open).toMatchObject({ status: 200, body: { premium: true } });
  expect(steps.session).toMatchObject({ status: 200, body: { premium: true } });
  expect(steps.usage).toMatchObject({ status: 200, body: { premium: true, totalLimit: null, canGenerate: true } });
  expect(steps.download).toMatchObject({ status: 201, body: { isPremium: true } });
  expect(steps.list).toMatchObject({ status: 200, body: { memes: [{ title: 'saved meme', format: 'png' }] } });
  expect(steps.remove).toEqual({ status: 204, body: null });
  expect(steps.after).toEqual({ status: 200, body: { memes: [] } });
  expect(steps.close).toEqual({ status: 204, body: null });
  expect(steps.closed).toEqual({ status: 200, body: { premium: false, since: null } });
  expect(steps.locked).toMatchObject({ status: 401 });
  expect(steps.cookieVisible).toBe(false);
});

test('usage-limit reports the free daily allowance of 10', async ({ page }) => {
  await page.goto('/');
  const usage = await page.evaluate(async () => (await fetch('/api/usage-limit')).json());
  expect(usage).toEqual({
    used: 0,
    totalLimit: 10,
    remaining: 10,
    canGenerate: true,
    premium: false,
    resetsAt: expect.stringMatching(/T00:00:00.000Z$/),
  });
});
