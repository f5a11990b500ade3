import { describe, expect, it } from 'vitest';
import { settlesWithin } from './settles-within';

describe('settlesWithin', () => {
  it('is true for work that resolves or rejects in time, false for work still pending at the limit', async () => {
    expect(await settlesWithin(Promise.resolve('done'), 50)).toBe(true);
    expect(await settlesWithin(Promise.reject(new Error('gone')), 50)).toBe(true);
    expect(await settlesWithin(new Promise(() => undefined), 20)).toBe(false);
    const slow = new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    expect(await settlesWithin(slow, 30)).toBe(false);
    expect(Date.now() - started).toBeLessThan(180);
  });
});
