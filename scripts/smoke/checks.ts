/**
 * The checks of `npm run smoke -- <url>` (docs/deploy.md "After every deploy"): one running copy of Memeforge,
 * production, staging or `npm start`, asked end to end the way people use it. Each check is a function of the
 * client and what earlier checks found; it throws `Failed` with the sentence an operator needs, or answers a detail.
 *
 * Everything it makes is cleaned up or expires by itself: uploads and tool results after an hour (IMAGE_TTL_SECONDS),
 * the share link is deleted by its own token (which also proves a deleted share stops being served), the meme URL is
 * a public picture anyone could have asked for. It spends one unit of the daily AI allowance (the captions).
 */
import sharp from 'sharp';
import { billedCalls, expectStatus, Failed, formatOf, form, jpegFile, photo, type Answer, type Check } from './answer';
import { PEOPLE_CHECKS } from './people';
import type { Health } from '../../core/api/health';
import type { UploadResponse } from '../../core/api/images';
import type { ShareCreated } from '../../core/api/shares';
import type { TemplatesResponse } from '../../core/api/templates';
import type { ToolResult } from '../../core/api/tools';
import type { GenerateCaptionsResponse } from '../../core/api/ai';
import { DELETE_TOKEN_HEADER } from '../../core/api/shares';
import { IMAGE_TTL_SECONDS_DEFAULT as IMAGE_TTL_SECONDS } from '../../core/limits';

/** The image's caching headers agree with the expiry the upload answered, and that expiry is within the hour. */
function checkExpiry(answer: Answer, expiresAt: string, what: string): string {
  const control = answer.headers.get('cache-control') ?? '';
  const maxAge = Number(/max-age=(\d+)/.exec(control)?.[1] ?? NaN);
  const until = Date.parse(expiresAt);
  if (!control.includes('private') || !(maxAge > 0) || Math.abs(Date.now() + maxAge * 1000 - until) > 120_000) {
    throw new Failed(`${what} should be private until ${expiresAt}; Cache-Control is "${control}"`);
  }
  const expires = Date.parse(answer.headers.get('expires') ?? '');
  if (!(Math.abs(expires - until) <= 2_000))
    throw new Failed(`${what} says Expires ${answer.headers.get('expires')}, not ${expiresAt}`);
  return `private, max-age=${maxAge}`;
}

export const CHECKS: Check[] = [
  {
    name: 'health, every dependency',
    async run(client) {
      const answer = await client.request('/api/health');
      expectStatus(answer, 200, 'GET /api/health');
      const health = answer.json<Health>();
      const failing = Object.entries(health.checks).filter(([, c]) => !c.ok);
      if (health.status !== 'ok' || failing.length > 0) {
        throw new Failed(
          `health is ${health.status}: ${failing.map(([name, c]) => `${name} (${c.error ?? 'not ok'})`).join(', ')}`,
        );
      }
      const providers = Object.entries(health.checks).flatMap(([name, c]) =>
        'provider' in c ? [`${name} ${String(c.provider)}`] : [],
      );
      return { detail: `ok: ${Object.keys(health.checks).join(', ')}; ${providers.join(', ')}` };
    },
  },
  {
    name: 'template catalogue',
    async run(client, found) {
      const answer = await client.request('/api/templates');
      expectStatus(answer, 200, 'GET /api/templates');
      const { templates } = answer.json<TemplatesResponse>();
      const first = templates.find((t) => t.textBoxes.length >= 2) ?? templates[0];
      if (!first)
        throw new Failed('the catalogue is empty: was the template seed applied? (npm run templates:seed -- --remote)');
      found.templateId = first.id;
      return { detail: `${templates.length} templates` };
    },
  },
  {
    name: 'upload, and its expiry',
    async run(client, found) {
      const answer = await client.request('/api/upload', {
        method: 'POST',
        body: form({ image: jpegFile(await photo(640, 480), 'smoke.jpg') }),
      });
      expectStatus(answer, 201, 'POST /api/upload');
      const upload = (found.upload = answer.json<UploadResponse>());
      const minutes = (Date.parse(upload.expiresAt) - Date.now()) / 60_000;
      if (!(minutes > 0 && minutes <= IMAGE_TTL_SECONDS / 60 + 1))
        throw new Failed(`the upload expires at ${upload.expiresAt}, not within the hour`);
      const image = await client.request(new URL(upload.imageUrl).pathname);
      expectStatus(image, 200, 'GET the uploaded image');
      if ((await formatOf(image.bytes)) !== 'jpeg') throw new Failed('the stored upload is not the JPEG sent');
      return {
        detail: `${upload.width}×${upload.height}, ${checkExpiry(image, upload.expiresAt, 'the uploaded image')}, expires in ${Math.round(minutes)} min`,
      };
    },
  },
  {
    name: 'compress a 12 MP photo (image service)',
    async run(client) {
      const big = await photo(4000, 3000);
      const answer = await client.request('/api/optimize', {
        method: 'POST',
        body: form({ image: jpegFile(big, 'smoke-12mp.jpg'), operation: 'compress', quality: '60' }),
      });
      expectStatus(answer, 200, 'POST /api/optimize (12 MP, quality 60)');
      const result = answer.json<ToolResult>();
      const billed = billedCalls(answer, 'the 12 MP compress');
      if (result.engine !== 'images' || billed < 1)
        throw new Failed(
          `a 12 MP photo should go through the image service; engine ${result.engine}, ${billed} billed calls`,
        );
      if (result.width !== 4000 || result.height !== 3000 || result.size >= big.length)
        throw new Failed(`the result is ${result.width}×${result.height}, ${result.size} B from ${big.length} B`);
      const image = await client.request(new URL(result.imageUrl).pathname);
      expectStatus(image, 200, 'GET the compressed result');
      return { detail: `${(big.length / 1e6).toFixed(1)} MB → ${(result.size / 1e6).toFixed(2)} MB`, billed };
    },
  },
  {
    name: 'compress a small photo (isolate)',
    async run(client) {
      const answer = await client.request('/api/optimize', {
        method: 'POST',
        body: form({ image: jpegFile(await photo(640, 480), 'smoke.jpg'), operation: 'compress', quality: '60' }),
      });
      expectStatus(answer, 200, 'POST /api/optimize (0.3 MP, quality 60)');
      const billed = billedCalls(answer, 'the small compress');
      if (billed !== 0)
        throw new Failed(`a 0.3 MP compress at a fixed quality should make no billed call; it made ${billed}`);
      return { detail: `engine ${answer.json<ToolResult>().engine}`, billed };
    },
  },
  {
    name: 'captions for a template (AI)',
    async run(client, found) {
      const answer = await client.request('/api/generate-captions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ templateId: found.templateId, context: 'a smoke test after a deploy' }),
      });
      expectStatus(answer, 200, 'POST /api/generate-captions');
      const body = answer.json<GenerateCaptionsResponse>();
      if (body.captions.length === 0 || body.captions.some((c) => c.trim() === ''))
        throw new Failed('the captions came back empty');
      return {
        detail: `${body.captions.length} captions from ${body.provider} (${body.source})`,
        billed: billedCalls(answer, 'the captions'),
      };
    },
  },
  {
    name: 'HTML to image',
    async run(client) {
      const html =
        '<!doctype html><div style="width:240px;height:120px;background:#c1121f;color:#fff;font:32px sans-serif">smoke</div>';
      const answer = await client.request('/api/convert/html', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ html, format: 'png' }),
      });
      expectStatus(answer, 200, 'POST /api/convert/html');
      const result = answer.json<ToolResult>();
      const image = await client.request(new URL(result.imageUrl).pathname);
      expectStatus(image, 200, 'GET the rendered picture');
      if ((await formatOf(image.bytes)) !== 'png') throw new Failed('the rendered picture is not a PNG');
      return { detail: `${result.width}×${result.height} PNG`, billed: billedCalls(answer, 'the HTML render') };
    },
  },
  {
    name: 'meme URL twice (edge cache)',
    async run(client, found) {
      const path = `/api/memes/${found.templateId}/smoke_${Date.now().toString(36)}/after_a_deploy.png`;
      const first = await client.request(path);
      expectStatus(first, 200, `GET ${path}`);
      const second = await client.request(path);
      expectStatus(second, 200, `GET ${path} again`);
      const caches = [first.headers.get('x-cache'), second.headers.get('x-cache')];
      if (caches[0] !== 'miss' || caches[1] !== 'hit')
        throw new Failed(`x-cache was ${caches.join(' then ')}, not miss then hit`);
      if (Buffer.compare(first.bytes, second.bytes) !== 0)
        throw new Failed('the cached meme differs from the drawn one');
      if ((await formatOf(second.bytes)) !== 'png') throw new Failed('the meme is not a PNG');
      return { detail: `miss then hit, ${first.bytes.length} B, ${second.headers.get('cache-control')}` };
    },
  },
  {
    name: 'share link, page, delete',
    async run(client, found) {
      const png = new Uint8Array(
        await sharp(await photo(600, 400))
          .png()
          .toBuffer(),
      );
      const made = await client.request('/api/shares', {
        method: 'POST',
        body: form({
          image: new File([png as Uint8Array<ArrayBuffer>], 'smoke.png', { type: 'image/png' }),
          template: found.templateId ?? '',
          captions: 'SMOKE TEST',
        }),
      });
      expectStatus(made, 201, 'POST /api/shares');
      const share = made.json<ShareCreated>();
      const page = await client.request(new URL(share.url).pathname);
      expectStatus(page, 200, `GET ${new URL(share.url).pathname}`);
      if (!page.text().includes(`property="og:image" content="${share.imageUrl}"`))
        throw new Failed('the share page has no og:image naming the picture');
      const picture = await client.request(new URL(share.imageUrl).pathname);
      expectStatus(picture, 200, 'GET the shared picture');
      const gone = await client.request(`/api/shares/${share.id}`, {
        method: 'DELETE',
        headers: { [DELETE_TOKEN_HEADER]: share.deleteToken },
      });
      expectStatus(gone, 204, 'DELETE the share with its token');
      const after = await client.request(new URL(share.imageUrl).pathname);
      expectStatus(after, 410, 'GET the shared picture after its delete');
      return { detail: `/m/${share.id}: page 200 with og:image, picture 200, deleted, then 410` };
    },
  },
  ...PEOPLE_CHECKS,
];
