import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared corpus of real photos lives beside the repository (../shared/corpus) and is never copied into it.
 * Tests that need it skip with this reason when it is absent.
 */
export const CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/corpus');
export const HAS_CORPUS = existsSync(CORPUS_DIR);
export const NO_CORPUS_REASON = `skipped: the shared image corpus is not at ${CORPUS_DIR}`;

if (!HAS_CORPUS) console.warn(NO_CORPUS_REASON);

export const corpusFile = (relative: string) => readFile(path.join(CORPUS_DIR, relative));
