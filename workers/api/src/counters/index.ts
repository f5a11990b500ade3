/** The counting objects (counter-object.ts), one per key, reached by name. */
import type { CounterObject } from './counter-object';

export type Counters = Pick<Env, 'COUNTERS'>;

/** The object that counts for `key` (`vid:…` or `ip:…`). */
export function counterFor(env: Counters, key: string): DurableObjectStub<CounterObject> {
  return env.COUNTERS.get(env.COUNTERS.idFromName(key));
}
