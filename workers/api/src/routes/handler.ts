import type { IRequest } from 'itty-router';

/**
 * The one shape of a route (ADR 0111): named `<method><Resource>` after what it answers (`getTemplates`,
 * `postUpload`, `deleteKey`), taking the request (path parameters in `request.params`), the bindings and the
 * execution context, answering a Response or throwing an HttpError. Input is validated with `parseWith` (validate.ts)
 * and storage is reached through one module per table in db/ (or the identity and quota modules that own theirs).
 */
export type Handler = (request: IRequest, env: Env, ctx: ExecutionContext) => Promise<Response> | Response;
