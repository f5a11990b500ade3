import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_CSP, RENDER_START_SCRIPT } from '../core/tools/html';
import { browserPid, CHROMIUM_PATH, LAUNCH_ARGS } from './browser';
import { closeBrowser } from './renderer';
import { handle } from './server';
import { globalsPage, loopbackPeer, peerPage, plainWindowNames, type LoopbackPeer } from './test-pages';

// The renderer as a sandbox (ADR 0104): a page sees nothing of the automation and cannot kill the service through
// it, sends no UDP, and a page that crashes or hangs the browser costs only its own request.

const render = (html: string, allowScripts = true) =>
  handle(
    new Request('http://local/render', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ html, width: 320, height: 200, allowScripts }),
    }),
  );

async function rgbAt(res: Response, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const BLOCKS = '<body style="margin:0;background:#0000ff"></body>';
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let scratch = '';
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'local-render-sandbox-'));
});
afterAll(async () => {
  await closeBrowser();
  await rm(scratch, { recursive: true, force: true });
});

describe('what a rendered page can see of the automation', () => {
  it("finds no global that the plain browser lacks, and calling Playwright's binding names with junk leaves the renderer serving", async () => {
    const plain = await plainWindowNames(scratch);
    expect(plain).toContain('document');
    const res = await render(globalsPage(plain));
    expect(res.status).toBe(200);
    expect(await rgbAt(res, 10, 10)).toEqual([0, 255, 0]);
    await new Promise((r) => setTimeout(r, 300));
    const next = await render(BLOCKS, false);
    expect(next.status).toBe(200);
    expect(await rgbAt(next, 10, 10)).toEqual([0, 0, 255]);
  }, 60_000);
});

describe('WebRTC and other UDP', () => {
  let peer: LoopbackPeer;
  beforeAll(async () => {
    peer = await loopbackPeer();
  });
  afterAll(() => peer.close());

  /** The page in a Chromium of our own choosing, served like the renderer serves it (RENDER_CSP included). */
  async function sentBy(args: string[], startScript: boolean): Promise<number> {
    const before = peer.datagrams;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args });
    try {
      const context = await browser.newContext();
      if (startScript) await context.addInitScript(RENDER_START_SCRIPT);
      await context.route('**/*', (route) =>
        route.fulfill({
          contentType: 'text/html',
          headers: { 'content-security-policy': RENDER_CSP },
          body: peerPage(peer.port),
        }),
      );
      const page = await context.newPage();
      await page.goto('https://render.invalid/');
      await page.waitForTimeout(2000);
    } finally {
      await browser.close();
    }
    return peer.datagrams - before;
  }

  it('a page that opens peer connections to a loopback UDP port sends datagrams from a Chromium without our locks', async () => {
    // The control: without it the tests below could pass on a page that never sent anything.
    expect(await sentBy(['--no-sandbox'], false)).toBeGreaterThan(0);
  }, 30_000);

  it("sends none with the renderer's launch switches alone", async () => {
    expect(await sentBy(LAUNCH_ARGS, false)).toBe(0);
  }, 30_000);

  it('sends none with the start script alone, the only lock Browser Rendering allows', async () => {
    expect(await sentBy(['--no-sandbox'], true)).toBe(0);
  }, 30_000);

  it('sends none, and opens no TCP connection, through the renderer', async () => {
    peer.datagrams = 0;
    peer.connections = 0;
    const res = await render(peerPage(peer.port));
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect([peer.datagrams, peer.connections]).toEqual([0, 0]);
  }, 30_000);
});

describe('a page that crashes or hangs the browser', () => {
  it('a page that eats memory crashes only its tab: 422 render_failed at once, and the same browser renders the next page', async () => {
    const pid = await browserPid();
    const started = Date.now();
    const res = await render('<script>const heap = []; for (;;) heap.push(new Array(1e6).fill(1.5));</script>');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'render_failed',
      error: expect.stringMatching(/crashed the browser tab/),
    });
    expect(Date.now() - started).toBeLessThan(8_000);
    expect((await render(BLOCKS, false)).status).toBe(200);
    expect(await browserPid()).toBe(pid);
  }, 30_000);

  it('a browser killed mid-page answers 503 renderer_unavailable in words, and the next page gets a new browser', async () => {
    const pid = await browserPid();
    const pending = render('<script>const t = Date.now(); while (Date.now() - t < 5000) {}</script>');
    await new Promise((r) => setTimeout(r, 1000));
    process.kill(pid, 'SIGKILL');
    const res = await pending;
    expect(res.status).toBe(503);
    // Playwright normally sees the browser go at once ("stopped while drawing"); on a starved machine it may see it only
    // after the deadline, when the page cannot be closed either, and that is answered as a browser that stopped
    // answering. Both say in words that the browser, not the page, failed, and that trying again works.
    expect(await res.json()).toEqual({
      code: 'renderer_unavailable',
      error: expect.stringMatching(/browser (stopped while drawing this page|stopped answering, so we restarted it)/),
    });
    const next = await render(BLOCKS, false);
    expect(next.status).toBe(200);
    expect(await rgbAt(next, 10, 10)).toEqual([0, 0, 255]);
    expect(await browserPid()).not.toBe(pid);
  }, 30_000);

  it('a browser that stops answering is killed at the deadline (503), and the next page gets a new browser', async () => {
    const pid = await browserPid();
    process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      const res = await render(BLOCKS, false);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 'renderer_unavailable',
        error: expect.stringMatching(/stopped answering, so we restarted it/),
      });
      expect(Date.now() - started).toBeLessThan(17_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(alive(pid)).toBe(false);
    } finally {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
    expect((await render(BLOCKS, false)).status).toBe(200);
    expect(await browserPid()).not.toBe(pid);
  }, 40_000);
});
