/**
 * A refusal the offline image service answers as JSON `{ error }` with its status (server.ts): a message for the
 * person reading it, never a stack trace.
 */
export class Problem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
