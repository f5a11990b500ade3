import { checkFileSize, checkImageBytes, type IntakeProblem, type PictureRule } from '../../core/images/intake';
import type { ImageInfo } from '../../core/images/sniff';
import { toast } from './toast';

export type { IntakeProblem };

export type Inspected = { ok: true; file: File; info: ImageInfo } | { ok: false; file: File; problem: IntakeProblem };

/**
 * Every screen's file intake: the size from the file's length (a huge file is never read), then its bytes read in
 * the browser and judged by core/images/intake.ts, the rule the server applies again. Nothing is sent, previewed
 * or toasted as "uploaded" before this says yes. `everyFrame` for what goes to /api/upload (the server's rule there).
 */
export async function inspectFile(file: File, { everyFrame = false }: PictureRule = {}): Promise<Inspected> {
  const sizeProblem = checkFileSize(file.size);
  if (sizeProblem) return { ok: false, file, problem: sizeProblem };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, file, problem: { status: 422, code: 'unprocessable_image', title: 'Could not read the file', message: 'The browser could not read this file. Please try again.' } };
  }
  const result = checkImageBytes(bytes, { everyFrame });
  return result.ok ? { ok: true, file, info: result.info } : { ok: false, file, problem: result.problem };
}

export const inspectFiles = (files: readonly File[]) => Promise.all(files.map((file) => inspectFile(file)));

/** The refusal as a toast, in the server's words; several refused files are summed up in one toast. */
export function toastRefused(refused: Extract<Inspected, { ok: false }>[]): void {
  const [first] = refused;
  if (!first) return;
  if (refused.length === 1) return void toast.error(first.problem.title, `${first.file.name}: ${first.problem.message}`);
  const names = refused.slice(0, 3).map((r) => r.file.name).join(', ');
  const more = refused.length > 3 ? ` and ${refused.length - 3} more` : '';
  toast.error(`${refused.length} files skipped`, `${names}${more}: ${first.problem.message}`);
}

/** Inspects files, says which were refused and why, and answers the accepted ones in their order. */
export async function acceptImages(files: readonly File[]): Promise<File[]> {
  const inspected = await inspectFiles(files);
  toastRefused(inspected.filter((i): i is Extract<Inspected, { ok: false }> => !i.ok));
  return inspected.filter((i) => i.ok).map((i) => i.file);
}
