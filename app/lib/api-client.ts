/**
 * The error every API call raises on a non-success answer, the app's one rule: its message is `status:
 * body-or-statusText`. Calls go through the generated client in `api/client.ts`; the tool screens' upload job
 * (XMLHttpRequest, for progress) raises it from `serverError` in `features/tools/tool-job.ts`.
 */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The `error` field of a JSON error body, when there is one: the text to show people. */
    readonly serverMessage?: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}
