/**
 * EXIFTOOL, a Node-side service for the workerd tests (bound in vitest.config.ts): runs the real exiftool on posted
 * bytes, so privacy results are checked by a reader that is not ours.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Response, type Request } from 'miniflare';

const run = promisify(execFile);

/** POST bytes → exiftool's JSON (-G1 groups, numeric values) for them. */
export async function exiftoolService(request: Request): Promise<Response> {
  const dir = await mkdtemp(join(tmpdir(), 'memeforge-exiftool-'));
  try {
    const file = join(dir, 'input');
    await writeFile(file, new Uint8Array(await request.arrayBuffer()));
    const { stdout } = await run('exiftool', ['-json', '-G1', '-n', file]);
    return new Response(stdout, { headers: { 'content-type': 'application/json' } });
  } catch (err) {
    return new Response(String(err), { status: 500 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
