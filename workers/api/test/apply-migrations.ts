import { applyD1Migrations, env } from 'cloudflare:test';
import { afterEach } from 'vitest';
import worker from '../src/index';
import { contractProblems } from './support/contract';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Every answer the Worker gives any test is held against the OpenAPI document (support/contract.ts), however the
// test calls it: `exports.default.fetch` (helpers' `api`) goes through the handler module, wrapped here.
const problems: string[] = [];
const checked = new WeakSet<Response>();
async function check(request: Request, response: Response): Promise<Response> {
  if (checked.has(response)) return response;
  checked.add(response);
  problems.push(...(await contractProblems(request, response)));
  return response;
}

const viaModule = worker.fetch.bind(worker);
worker.fetch = async (request, ...rest) => check(request, await viaModule(request, ...rest));

afterEach(() => {
  if (problems.length === 0) return;
  const found = problems.splice(0);
  throw new Error(`The Worker answered outside its OpenAPI document (core/api/openapi-routes.ts):\n${found.join('\n')}`);
});
