/**
 * `npm run build:judge`: compiles the judge's WASM core (workers/api/assembly/judge-core.ts, AssemblyScript) to
 * workers/api/src/imaging/ops/compress/judge/judge-core.wasm, which is committed so that nothing else in the build needs the compiler.
 * `scripts/build-judge.test.ts` fails when the committed file is not what the source compiles to.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

export const SOURCE = fileURLToPath(new URL('../workers/api/assembly/judge-core.ts', import.meta.url));
export const OUTPUT = fileURLToPath(
  new URL('../workers/api/src/imaging/ops/compress/judge/judge-core.wasm', import.meta.url),
);

/** The compiled module's bytes. */
export async function compileJudge(): Promise<Uint8Array> {
  let binary: Uint8Array | null = null;
  const { error, stderr } = await asc.main(
    [SOURCE, '--outFile', 'judge-core.wasm', '-O3', '--runtime', 'stub', '--noAssert', '--enable', 'simd'],
    {
      writeFile(name: string, contents: Uint8Array | string) {
        if (name.endsWith('.wasm') && typeof contents !== 'string') binary = contents;
      },
    },
  );
  if (error) throw new Error(`judge-core did not compile: ${error.message}\n${stderr.toString()}`);
  if (!binary) throw new Error('judge-core: the compiler wrote no module');
  return binary;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bytes = await compileJudge();
  await writeFile(OUTPUT, bytes);
  console.log(`wrote ${OUTPUT} (${bytes.length} bytes)`);
}
