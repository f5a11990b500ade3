import type { Health } from '../../../../core/api/health';
import { getAiProvider } from '../ai';
import { json } from '../http';

/** Reports which bindings answer. Never fails: a broken binding is `false`, not a 500. */
export async function getHealth(env: Env): Promise<Response> {
  const [db, bucket] = await Promise.all([
    env.DB.prepare('select 1 as one')
      .first<{ one: number }>()
      .then((row) => row?.one === 1)
      .catch(() => false),
    env.BUCKET.head('health-probe')
      .then(() => true)
      .catch(() => false),
  ]);
  const body: Health = {
    ok: db && bucket,
    bindings: { db, bucket, images: typeof env.IMAGES?.info === 'function', ai: getAiProvider(env).name },
  };
  return json(body, { status: body.ok ? 200 : 503 });
}
