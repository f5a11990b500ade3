/**
 * HSTS for the site and the API alike. Sent only over https: production and preview deployments are https-only on
 * Cloudflare, while `npm start` and the tests serve plain http on loopback, where the header would be wrong.
 */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export const isHttps = (request: Request) => new URL(request.url).protocol === 'https:';
