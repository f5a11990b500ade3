import type { CDPSession, Page } from '@playwright/test';

/** What a stubbed request is answered with: JSON, or bytes of a content type. */
export type Answer = { status?: number } & ({ json: unknown } | { body: Buffer; contentType: string });

interface Stubs {
  session: CDPSession;
  /** The URL patterns in the order they were added; the last one added that matches answers, as with page.route. */
  patterns: { urlPattern: string; answer: (url: string) => Answer | Promise<Answer> }[];
}

const stubbed = new WeakMap<Page, Promise<Stubs>>();

/** A CDP Fetch URL pattern (`*` any run, `?` one character) as a regular expression. */
function patternRegExp(urlPattern: string): RegExp {
  const escaped = urlPattern.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replaceAll('*', '.*').replaceAll('?', '.')}$`);
}

/**
 * Answers the page's requests whose URL matches `urlPattern` (CDP's Fetch pattern: `*` matches any run of characters,
 * `?` one; `*\/api/templates*`) with `answer`, and lets every other request go to the network as usual.
 *
 * This is what `page.route` does, without its cost (ADR 0208): once a page has a Playwright route, Chromium pauses
 * every request of the page for Playwright to match in Node, and Playwright turns the HTTP cache off, so each
 * navigation fetches and compiles the app's scripts, styles and fonts again. Here Chromium pauses only the matching
 * requests, and the cache stays on. Chromium only (the suite's one browser); the page's own session, so a popup is
 * not covered, as with `page.route`. A URL is stubbed here or with `page.route`, not both: this session answers
 * before Playwright's route sees the request (a route that holds it would not hold it).
 */
export async function answerRequests(
  page: Page,
  urlPattern: string,
  answer: (url: string) => Answer | Promise<Answer>,
): Promise<void> {
  let stubs = stubbed.get(page);
  if (!stubs) {
    stubs = (async () => {
      const session = await page.context().newCDPSession(page);
      const made: Stubs = { session, patterns: [] };
      session.on('Fetch.requestPaused', async ({ requestId, request }) => {
        const match = [...made.patterns].reverse().find((p) => patternRegExp(p.urlPattern).test(request.url));
        // Not stubbed (another pattern of this session): on to the network. A page already gone needs nothing.
        if (!match) return void (await session.send('Fetch.continueRequest', { requestId }).catch(() => {}));
        let a: Answer;
        try {
          a = await match.answer(request.url);
        } catch (err) {
          // A stub that throws fails its request at once, and says why, rather than leaving it paused until the
          // test's timeout.
          console.error(`answerRequests: the stub for ${request.url} threw:`, err);
          await session.send('Fetch.failRequest', { requestId, errorReason: 'Failed' }).catch(() => {});
          return;
        }
        try {
          const [body, type] =
            'json' in a ? [Buffer.from(JSON.stringify(a.json)), 'application/json'] : [a.body, a.contentType];
          await session.send('Fetch.fulfillRequest', {
            requestId,
            responseCode: a.status ?? 200,
            responseHeaders: [{ name: 'content-type', value: type }],
            body: body.toString('base64'),
          });
        } catch {
          // The page or its request went away first (a navigation, the test's end): nothing is waiting for it.
        }
      });
      return made;
    })();
    stubbed.set(page, stubs);
  }
  const made = await stubs;
  made.patterns.push({ urlPattern, answer });
  await made.session.send('Fetch.enable', {
    patterns: made.patterns.map((p) => ({ urlPattern: p.urlPattern, requestStage: 'Request' as const })),
  });
}
