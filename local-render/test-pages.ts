/**
 * Hostile pages for the renderer's sandbox tests (local-render/sandbox.test.ts for the offline renderer,
 * local-render/browser-rendering.test.ts for the production one), and the plain browser they are measured against.
 */
import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_PATH, LAUNCH_ARGS } from './browser';

/** Inside a function, so the script itself adds no global. */
const LIST_GLOBALS = `(() => { document.getElementById('names').textContent = JSON.stringify(Object.getOwnPropertyNames(window)); })()`;

/** The window's own names in the same Chromium with no automation at all: `chromium --headless --dump-dom`. */
export async function plainWindowNames(scratch: string): Promise<string[]> {
  const file = join(scratch, 'globals.html');
  await writeFile(file, `<!doctype html><pre id="names"></pre><script>${LIST_GLOBALS}</script>`);
  const { stdout } = await promisify(execFile)(
    CHROMIUM_PATH,
    ['--headless', ...LAUNCH_ARGS, `--user-data-dir=${join(scratch, 'plain-profile')}`, '--dump-dom', `file://${file}`],
    {
      timeout: 30_000,
    },
  );
  return JSON.parse(/<pre id="names">(.*?)<\/pre>/s.exec(stdout)![1]!) as string[];
}

/**
 * Paints itself green when its window has no name the plain browser lacks, else red with the count in blue. Then it
 * calls every added name, and every name Playwright has used for its bindings, with a non-JSON string: that is what
 * made the offline renderer exit before (a binding's payload went through JSON.parse unchecked). It looks again
 * every few milliseconds until the screenshot, so names added while the capture is measured count too.
 */
export const globalsPage = (plain: string[]) => `<body style="margin:0"><script>(() => {
  const plain = new Set(${JSON.stringify(plain)});
  const added = () => Object.getOwnPropertyNames(window).filter((name) => !plain.has(name));
  const poke = (value) => { try { if (typeof value === 'function') value('not json'); else if (value && typeof value === 'object') for (const key of Object.keys(value)) poke(value[key]); } catch {} };
  for (const name of [...added(), '__playwright__binding__', '__playwright__binding__controller__', '__pwWebSocketBinding', '__pwInitScripts', '__pwClock']) poke(window[name]);
  const paint = () => { const n = added().length; document.body.style.background = n ? 'rgb(255, 0, ' + Math.min(n, 255) + ')' : 'rgb(0, 255, 0)'; };
  paint();
  setInterval(paint, 5);
})()</script></body>`;

/**
 * Opens peer connections (STUN and TURN over UDP, TURN over TCP) and a WebTransport session (QUIC) to `port` on
 * loopback: from the page, from a same-origin frame's window (where a removed global could still live) and from a
 * data: frame. The page is then held 1.5 s so ICE gathering has time to send.
 */
export function peerPage(port: number): string {
  const dial = `(W) => { try {
    const pc = new W.RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${port}' }, { urls: ['turn:127.0.0.1:${port}?transport=udp', 'turn:127.0.0.1:${port}?transport=tcp'], username: 'u', credential: 'p' }] });
    pc.createDataChannel('x');
    pc.createOffer().then((offer) => pc.setLocalDescription(offer)).then(() => { const t = Date.now(); while (Date.now() - t < 1500) {} });
  } catch {}
  try { new W.WebTransport('https://127.0.0.1:${port}/').ready.catch(() => {}); } catch {} }`;
  const framed = `<script>(${dial})(window)<\\/script>`;
  return `<body><iframe id="blank"></iframe><script>(() => {
    const dial = ${dial};
    dial(window);
    dial(document.getElementById('blank').contentWindow);
    const data = document.createElement('iframe');
    data.src = 'data:text/html,' + encodeURIComponent(${JSON.stringify(framed)});
    document.body.append(data);
  })()</script></body>`;
}

/**
 * One loopback port listening for UDP and TCP (STUN and TURN over UDP, TURN over TCP, WebTransport), counting what
 * reaches it: where a page's peer connections would go (`peerPage(port)`).
 */
export interface LoopbackPeer {
  port: number;
  datagrams: number;
  connections: number;
  close(): void;
}

export async function loopbackPeer(): Promise<LoopbackPeer> {
  const udp = createSocket('udp4');
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  const tcp = createServer((socket) => {
    peer.connections++;
    socket.destroy();
  });
  const peer: LoopbackPeer = {
    port: udp.address().port,
    datagrams: 0,
    connections: 0,
    close() {
      udp.close();
      tcp.close();
    },
  };
  udp.on('message', () => peer.datagrams++);
  await new Promise<void>((resolve) => tcp.listen(peer.port, '127.0.0.1', resolve));
  return peer;
}
