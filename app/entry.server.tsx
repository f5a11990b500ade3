import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/cloudflare';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToReadableStream } from 'react-dom/server';
import { NonceContext, applySecurityHeaders, contentSecurityPolicy, newNonce } from './lib/security-headers';

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  // A fresh nonce per response: every inline script Remix and the layout emit carries it, nothing else may run inline.
  const nonce = newNonce();
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        console.error('render error', error);
        status = 500;
      },
    },
  );
  // Crawlers get the whole document at once; people get it streamed.
  if (isbot(request.headers.get('user-agent') || '')) await body.allReady;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce));
  applySecurityHeaders(responseHeaders, request);
  return new Response(body, { headers: responseHeaders, status });
}

/** Loader and action data (client navigations) get the same nosniff/referrer/HSTS headers as documents. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers, request);
  return response;
};
