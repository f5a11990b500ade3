import { applyD1Migrations, env, reset } from 'cloudflare:test';
import { afterEach } from 'vitest';
import worker from '../src/index';
import { contractProblems } from './support/contract';
import { emptyStorage } from './support/empty-storage';

// One workerd serves many test files in turn (isolate: false, ADR 0175): the first file applies the migrations, and
// every file starts from empty tables, buckets and Durable Objects (the allowance counters), as if it had the runtime
// to itself. reset() deletes every Durable Object's storage.
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await emptyStorage([env.DB, env.LAGGING_REPLICA], [env.BUCKET]);

// Every answer the Worker gives any test is held against the OpenAPI document (support/contract.ts), however the
// test calls it: `exports.default.fetch` (helpers' `api`) goes through the handler module, wrapped here once per
// runtime (this file runs again before each test file, over the same module instance), reporting to one list.
const CONTRACT = Symbol.for('memeforge.test.contract');
interface Contract {
  problems: string[];
}
const wrapped = worker as typeof worker & { [CONTRACT]?: Contract };
if (!wrapped[CONTRACT]) {
  const contract: Contract = { problems: [] };
  const checked = new WeakSet<Response>();
  const check = async (request: Request, response: Response): Promise<Response> => {
    if (checked.has(response)) return response;
    checked.add(response);
    contract.problems.push(...(await contractProblems(request, response)));
    return response;
  };
  const viaModule = worker.fetch.bind(worker);
  worker.fetch = async (request, ...rest) => check(request, await viaModule(request, ...rest));
  wrapped[CONTRACT] = contract;
}
const problems = wrapped[CONTRACT]!.problems;
problems.length = 0;

afterEach(() => {
  if (problems.length === 0) return;
  const found = problems.splice(0);
  throw new Error(
    `The Worker answered outside its OpenAPI document (core/api/openapi-routes.ts):\n${found.join('\n')}`,
  );
});
