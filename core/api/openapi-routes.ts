/**
 * Every /api route as the public document describes it, and the list the Worker's router is built from (ADR 0186):
 * the schemas are the ones the API validates with and the UI sends, so the two cannot drift; the words say what the
 * schemas cannot (limits, errors, who may call). Each area's routes are in their own module (openapi-<area>.ts).
 */
import { buildOpenApiDocument, type ApiInfo, type RouteDoc } from './openapi';
import { AI_ROUTES } from './openapi-ai';
import { ACCOUNT_ROUTES } from './openapi-account';
import { CONTACT_ROUTES } from './openapi-contact';
import { withRouterErrors } from './openapi-errors';
import { MEME_ROUTES } from './openapi-memes';
import { KEY_ROUTES, PREMIUM_ROUTES } from './openapi-premium';
import { SERVICE_ROUTES } from './openapi-service';
import { SHARE_ROUTES } from './openapi-shares';
import { TOOL_ROUTES } from './openapi-tools';
import { templateSchema, textBoxSchema } from './templates';
import { savedMemeSchema } from './memes';
import { apiKeySchema } from './api-keys';

export const API_VERSION = '1.0.0';

const ROUTES = [
  ...SERVICE_ROUTES,
  ...AI_ROUTES,
  ...PREMIUM_ROUTES,
  ...TOOL_ROUTES,
  ...KEY_ROUTES,
  ...MEME_ROUTES,
  ...SHARE_ROUTES,
  ...CONTACT_ROUTES,
  ...ACCOUNT_ROUTES,
];

/** A route's key, its `operationId`: the Worker's handler map has exactly these keys (workers/api/src/handlers.ts). */
export type RouteKey = (typeof ROUTES)[number]['operationId'];

/** In the document's order; the router registers the burst-limited ones first (ADR 0121). */
export const API_ROUTES: readonly RouteDoc<RouteKey>[] = ROUTES.map(withRouterErrors);

export const API_TAGS: ApiInfo['tags'] = [
  { name: 'Templates', description: 'The meme template catalogue.' },
  { name: 'Images', description: 'Uploads and stored pictures.' },
  {
    name: 'Image tools',
    description:
      'Compress, upscale, remove backgrounds, resize, crop, rotate, convert, watermark, blur, strip metadata, HTML to image.',
  },
  { name: 'AI', description: 'Generated pictures and captions, and the daily allowance.' },
  {
    name: 'Memes',
    description:
      'Memes drawn from a template and captions (by a POST or by URL), share links, downloads from the editor and a premium member’s saved memes.',
  },
  { name: 'Premium', description: 'The premium session and its figures.' },
  {
    name: 'Account',
    description:
      'Accounts with passkeys: your memes, share links, keys and premium on every device. For a browser; an API key is refused here.',
  },
  {
    name: 'API keys',
    description:
      'Keys for programs, made and revoked on the dashboard; each call counts against the key’s monthly allowance.',
  },
  { name: 'Contact', description: 'Messages to the people who run the site, read by them and answered by e-mail.' },
  { name: 'Service', description: 'Health and this document.' },
];

let cached: Record<string, unknown> | undefined;

/** The document, built once per isolate (or page load). */
export function openApiDocument(): Record<string, unknown> {
  cached ??= buildOpenApiDocument({
    version: API_VERSION,
    tags: API_TAGS,
    routes: API_ROUTES,
    shared: { Template: templateSchema, TextBox: textBoxSchema, SavedMeme: savedMemeSchema, ApiKey: apiKeySchema },
  });
  return cached;
}
