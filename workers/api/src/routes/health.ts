import type { Health } from '../../../../core/api/health';
import { getAiProvider } from '../ai';
import { pingDatabase } from '../db/health';
import { json } from '../http';

/** Reports which bindings answer. Never fails: a broken binding is `false`, not a 500. */
export async function getHealth(_request: Request, env: Env): Promise<Response> {
  const [db, bucket] = await Promise.all([
    pingDatabase(env.DB),
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
