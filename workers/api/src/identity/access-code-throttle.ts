/**
 * Who may try an access code now (ADR 0110). Every attempt is counted before the code is compared, atomically by
 * the visitor's and the network's counting objects (ADR 0112), so parallel guesses cannot all slip under a limit;
 * a right code takes its counts back. The guesser is
 * the one who waits: the visitor's own failures lock the visitor (per minute, then per hour), and the network is
 * locked only when many different visitors fail from it, which is what clearing cookies between guesses looks like.
 */
import {
  ACCESS_CODE_MAX_FAILING_VISITORS_PER_HOUR,
  ACCESS_CODE_MAX_FAILURES_PER_HOUR,
  ACCESS_CODE_MAX_FAILURES_PER_MINUTE,
} from '../../../../core/limits';
import { HttpError } from '../errors';
import { counterFor, type Counters } from '../counters';
import type { Visitor } from './visitor';

const MINUTE = 60_000;
const HOUR = 3_600_000;

export type AccessDecision = 'accepted' | 'wrong_code' | 'visitor_locked' | 'network_locked';

/**
 * What is being guessed: the premium access code, or an account's sign-in (a passkey that is not one of ours or does
 * not verify, a wrong recovery code; ADR 0170). Each has its own counts, with the same numbers and the same rule.
 */
export type AttemptKind = 'access-code' | 'sign-in';
const REFUSALS: Record<AttemptKind, { network: string; hour: string }> = {
  'access-code': {
    network: 'Too many wrong access codes from your network. Please try again later.',
    hour: 'Too many wrong access codes. Please wait an hour and try again.',
  },
  'sign-in': {
    network: 'Too many failed sign-ins from your network. Please try again later.',
    hour: 'Too many failed sign-ins. Please wait an hour and try again.',
  },
};

/** An admitted attempt: report how it ended, so a right code gives its counts back and the decision is logged. */
export interface Attempt {
  settle(decision: 'accepted' | 'wrong_code'): Promise<void>;
}

/**
 * Counts an attempt on the visitor (minute and hour windows) and, when this is the visitor's first attempt of the
 * hour and the Worker knows the client's network, one more failing visitor on that network. Throws 429 with
 * Retry-After when the visitor, or the network as a whole, is over its limit; the code is then never compared.
 */
export async function admitAttempt(
  env: Counters,
  visitor: Visitor,
  networkKnown: boolean,
  now = Date.now(),
  kind: AttemptKind = 'access-code',
): Promise<Attempt> {
  const [vid, net] = visitor.keys;
  const minute = windowOf(now, MINUTE);
  const hour = windowOf(now, HOUR);
  const minuteName = `${kind}:minute:${minute.start}`;
  const hourName = `${kind}:hour:${hour.start}`;
  const visitorCounter = counterFor(env, vid);
  const [minuteCount = 0, hourCount = 0] = await visitorCounter.count([
    { name: minuteName, expiresAt: minute.end },
    { name: hourName, expiresAt: hour.end },
  ]);
  // The network counts visitors, not attempts: only a visitor's first attempt of the hour adds one.
  const networkName = `${kind}:visitors:${hour.start}`;
  const networkCounter = networkKnown && hourCount === 1 ? counterFor(env, net) : null;
  const [networkCount] = networkCounter
    ? await networkCounter.count([{ name: networkName, expiresAt: hour.end }])
    : [null];
  const figures = {
    visitorMinute: minuteCount,
    visitorHour: hourCount,
    networkVisitors: networkCount ?? null,
    network: networkKnown ? net : null,
  };

  const refuse = (decision: AccessDecision, windowEnd: number, message: string) => {
    log(kind, decision, figures);
    const retry = Math.max(1, Math.ceil((windowEnd - now) / 1000));
    return new HttpError(429, 'rate_limited', message, { 'retry-after': String(retry) });
  };
  if (networkCount !== null && networkCount > ACCESS_CODE_MAX_FAILING_VISITORS_PER_HOUR) {
    throw refuse('network_locked', hour.end, REFUSALS[kind].network);
  }
  if (hourCount > ACCESS_CODE_MAX_FAILURES_PER_HOUR) {
    throw refuse('visitor_locked', hour.end, REFUSALS[kind].hour);
  }
  if (minuteCount > ACCESS_CODE_MAX_FAILURES_PER_MINUTE) {
    throw refuse('visitor_locked', minute.end, 'Too many attempts. Please wait a minute and try again.');
  }
  return {
    async settle(decision) {
      log(kind, decision, figures);
      if (decision !== 'accepted') return;
      await Promise.all([visitorCounter.uncount([minuteName, hourName]), networkCounter?.uncount([networkName])]);
    },
  };
}

/** The fixed window of `size` ms that `now` falls in. */
const windowOf = (now: number, size: number) => {
  const start = Math.floor(now / size) * size;
  return { start, end: start + size };
};

/** One structured line per decision: counts and the network's daily-salted hash, never the code or an address. */
function log(kind: AttemptKind, decision: AccessDecision, figures: Record<string, unknown>): void {
  console.log(JSON.stringify({ event: kind === 'access-code' ? 'access_code' : 'sign_in', decision, ...figures }));
}
