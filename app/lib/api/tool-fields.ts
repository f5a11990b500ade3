/**
 * A tool screen's form fields, typed by the document's own multipart bodies (schema.d.ts, generated from core's zod
 * schemas): an operation, a field or a value the API does not take is a type error where the screen builds it
 * (ADR 0186).
 */
import type { paths } from './schema';

/** The tool routes that take a picture and form fields. */
export type ToolPath = '/api/optimize' | '/api/modify' | '/api/convert' | '/api/security';

type FormOf<P extends ToolPath> = paths[P]['post']['requestBody']['content']['multipart/form-data'];

/** The form's parts as a browser sends them: a flag the API reads from text (`"true"`) may be a boolean. */
type AsSent<V> = V extends 'true' | 'false' ? V | boolean : V;

/**
 * The fields of a call besides the picture (`image` or `url`, which the job sends): a file part such as a watermark's
 * `logo` (`format: binary`, a string in the generated types) is a Blob here. `frames` is read by every tool route
 * before the operation's own fields (workers/api/src/routes/tools/input.ts) and described in the routes' words.
 */
export type ToolFields<P extends ToolPath> =
  FormOf<P> extends infer Form
    ? Form extends unknown
      ? { [K in keyof Form as Exclude<K, 'image' | 'url'>]: K extends 'logo' ? Blob : AsSent<Form[K]> } & {
          frames?: 'all' | 'first';
        }
      : never
    : never;
