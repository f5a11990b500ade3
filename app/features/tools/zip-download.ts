import { zipSync } from 'fflate';

/**
 * Fetches each result and saves them as one ZIP made in the browser. Images are already compressed, so entries are
 * stored (level 0): deflate would cost time for nothing.
 */
export async function downloadZip(entries: { name: string; url: string }[], zipName: string): Promise<void> {
  const files: Record<string, Uint8Array> = {};
  for (const e of entries) {
    const res = await fetch(e.url, { credentials: 'include' });
    if (!res.ok) throw new Error(`${res.status}`);
    files[e.name] = new Uint8Array(await res.arrayBuffer());
  }
  const url = URL.createObjectURL(new Blob([zipSync(files, { level: 0 })], { type: 'application/zip' }));
  Object.assign(document.createElement('a'), { href: url, download: zipName }).click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
