/**
 * The offline renderer's one warm Chromium (ADR 0104): launched on first use with every way out but a refusing proxy
 * switched off, and launched again by itself after it crashes, is killed, or stops answering (`recycleBrowser`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LAUNCH_TIMEOUT_MS = 20_000;

/**
 * Chromium's switches, each measured on Debian's Chromium 156 (local-render/sandbox.test.ts):
 * - `--webrtc-ip-handling-policy=disable_non_proxied_udp`: WebRTC gathers no UDP candidates and sends no STUN/TURN
 *   datagrams (8 reached a loopback UDP socket without it). The `--force-webrtc-ip-handling-policy` spelling that
 *   older guides give is not a switch of this Chromium and changed nothing.
 * - `--host-resolver-rules=MAP * ~NOTFOUND`: no host name resolves, so nothing can look a name up (DNS is UDP too);
 *   the proxy is an IP literal and the page's own address is answered before any lookup.
 * - `--js-flags=--max-old-space-size=512`: a page that allocates without end crashes its own tab in about a second
 *   instead of growing for 15 s; the request gets a 422 and the browser lives on.
 * - QUIC off: HTTP/3 would be UDP.
 */
export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--js-flags=--max-old-space-size=512',
];

/** Counts what reached the refusing proxy: a test can see that nothing went further. */
export const sealed = { attempts: 0 };

/** The browser's only route out: answers every request and CONNECT with 403 and closes. */
async function startRefusingProxy(): Promise<Server> {
  const server = createServer((_req, res) => {
    sealed.attempts++;
    res.writeHead(403).end();
  });
  server.on('connect', (_req, socket) => {
    sealed.attempts++;
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return server;
}

interface Warm {
  browser: Browser;
  /** The browser process, which leads the process group of all Chromium's processes (Playwright starts it detached). */
  pid: number;
}

let warm: Promise<Warm> | null = null;
let proxy: Server | null = null;

export class BrowserUnavailable extends Error {}

async function launch(): Promise<Warm> {
  proxy ??= await startRefusingProxy();
  const { port } = proxy.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    timeout: LAUNCH_TIMEOUT_MS,
    // `<-loopback>` sends loopback through the proxy too, where it is refused like the rest.
    args: [...LAUNCH_ARGS, `--proxy-server=http://127.0.0.1:${port}`, '--proxy-bypass-list=<-loopback>'],
  });
  // Playwright does not tell the pid of a browser it launched; DevTools does.
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  await cdp.detach();
  const pid = processInfo.find((p) => p.type === 'browser')?.id;
  if (!pid) {
    await browser.close();
    throw new Error('Chromium did not report its process id');
  }
  return { browser, pid };
}

function current(): Promise<Warm> {
  if (warm) return warm;
  const starting: Promise<Warm> = launch().then((w) => {
    // Only the browser still in use may clear the slot: an old one's late disconnect must not drop its successor.
    w.browser.on('disconnected', () => {
      if (warm === starting) warm = null;
    });
    return w;
  });
  warm = starting;
  starting.catch((err: unknown) => {
    if (warm === starting) warm = null;
    console.error('local-render: could not start Chromium', err);
  });
  return starting;
}

/** The warm browser, launched on first use and again whenever the last one is gone. */
export async function warmBrowser(): Promise<Browser> {
  try {
    return (await current()).browser;
  } catch {
    throw new BrowserUnavailable(
      `The local renderer could not start Chromium (${CHROMIUM_PATH}). Install Debian's chromium and try again.`,
    );
  }
}

/** The pid of the warm browser's process (tests kill or stop it to play a crash or a hang). */
export async function browserPid(): Promise<number> {
  return (await current()).pid;
}

/**
 * Kills the warm browser and all its processes at once, without asking it (it may not answer), and forgets it: the
 * next request launches a fresh one. Pages it was drawing fail with the browser's disconnect.
 */
export function recycleBrowser(why: string): void {
  const old = warm;
  warm = null;
  void old
    ?.then(({ browser, pid }) => {
      console.warn(`local-render: restarting Chromium (${why})`);
      for (const target of [-pid, pid]) {
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      return browser.close();
    })
    .catch(() => undefined);
}

export async function closeBrowser(): Promise<void> {
  const old = warm;
  warm = null;
  await (await old?.catch(() => null))?.browser.close();
  proxy?.close();
  proxy = null;
}
