import { useCallback, useEffect, useState } from 'react';
import { applyDarkMode, readDarkMode, storedDarkMode, SYSTEM_DARK_QUERY, writeDarkMode } from './theme';

/**
 * The page's dark mode, initialised from what the boot script already applied (a stored choice, else the system's
 * preference). Until the visitor chooses, a change of the system preference is followed live; once they toggle, their
 * choice is stored and the system is no longer followed.
 */
export function useDarkMode() {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    setDark(readDarkMode());
    if (typeof matchMedia !== 'function') return;
    const system = matchMedia(SYSTEM_DARK_QUERY);
    const follow = (event: MediaQueryListEvent) => {
      if (storedDarkMode() !== null) return;
      applyDarkMode(event.matches);
      setDark(event.matches);
    };
    system.addEventListener('change', follow);
    return () => system.removeEventListener('change', follow);
  }, []);
  const toggle = useCallback(() => {
    setDark((was) => {
      writeDarkMode(!was);
      return !was;
    });
  }, []);
  return { dark, toggle };
}
