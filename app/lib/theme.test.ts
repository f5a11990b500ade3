import { describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT } from './theme';

/** Runs the boot script as the browser would, with a stored value (or storage that throws) and a system preference. */
function boot(stored: string | null | 'throws', systemDark: boolean | 'absent'): boolean {
  const classes = new Set<string>();
  const localStorage = {
    getItem: () => {
      if (stored === 'throws') throw new Error('SecurityError');
      return stored;
    },
  };
  const matchMedia =
    systemDark === 'absent'
      ? undefined
      : (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark });
  const document = { documentElement: { classList: { add: (c: string) => classes.add(c) } } };
  new Function('localStorage', 'matchMedia', 'document', THEME_BOOT_SCRIPT)(localStorage, matchMedia, document);
  return classes.has('dark');
}

describe('THEME_BOOT_SCRIPT', () => {
  it('follows the system preference when the visitor never chose', () => {
    expect(boot(null, true)).toBe(true);
    expect(boot(null, false)).toBe(false);
  });

  it('a stored choice overrides the system preference either way', () => {
    expect(boot('false', true)).toBe(false);
    expect(boot('true', false)).toBe(true);
  });

  it('still follows the system with storage switched off, and never throws without matchMedia', () => {
    expect(boot('throws', true)).toBe(true);
    expect(boot(null, 'absent')).toBe(false);
    expect(boot('junk', true)).toBe(true);
  });
});
