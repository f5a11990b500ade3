import type { IRequest } from 'itty-router';
import type { RequestContext } from '../identity/request-context';

/**
 * The one shape of a route (ADR 0111): named `<method><Resource>` after what it answers (`getTemplates`,
 * `postUpload`, `deleteKey`), taking the request (path parameters in `request.params`), the bindings, the
 * execution context and the request context (who the visitor is, the key call, the cookies to set:
 * identity/request-context.ts), answering a Response or throwing an HttpError. Input is validated with `parseWith` (validate.ts)
 * and storage is reached through one module per table in db/ (or the identity and quota modules that own theirs).
 */
export type Handler = (
  request: IRequest,
  env: Env,
  ctx: ExecutionContext,
  context: RequestContext,
) => Promise<Response> | Response;
