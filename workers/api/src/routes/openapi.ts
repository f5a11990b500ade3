import { openApiDocument } from '../../../../core/api/openapi-routes';
import { json } from '../http';

/** GET /api/openapi.json: the OpenAPI 3.1 document, generated from the shared schemas (ADR 0106). */
export function getOpenApi(): Response {
  return json(openApiDocument(), {
    headers: { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
  });
}
