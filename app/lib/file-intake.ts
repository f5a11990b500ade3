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
    return {
      ok: false,
      file,
      problem: {
        status: 422,
        code: 'unprocessable_image',
        title: 'Could not read the file',
        message: 'The browser could not read this file. Please try again.',
      },
    };
  }
  const result = checkImageBytes(bytes, { everyFrame });
  return result.ok ? { ok: true, file, info: result.info } : { ok: false, file, problem: result.problem };
}

export const inspectFiles = (files: readonly File[]) => Promise.all(files.map((file) => inspectFile(file)));

/**
 * The refusal as a toast, in the server's words. Several refused files are summed up in one toast: with one reason
 * when they share it, else each named with its own (a JPEG XL is not "a damaged JPEG" because another file was).
 */
export function toastRefused(refused: Extract<Inspected, { ok: false }>[]): void {
  const [first] = refused;
  if (!first) return;
  if (refused.length === 1)
    return void toast.error(first.problem.title, `${first.file.name}: ${first.problem.message}`);
  const more = refused.length > 3 ? ` and ${refused.length - 3} more` : '';
  const shown = refused.slice(0, 3);
  const shared = refused.every((r) => r.problem.message === first.problem.message);
  const text = shared
    ? `${shown.map((r) => r.file.name).join(', ')}${more}: ${first.problem.message}`
    : `${shown.map((r) => `${r.file.name} (${r.problem.title.toLowerCase()})`).join(', ')}${more}.`;
  toast.error(`${refused.length} files skipped`, text);
}
