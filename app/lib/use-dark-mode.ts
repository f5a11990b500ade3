import { useCallback, useEffect, useState } from 'react';
import { readDarkMode, writeDarkMode } from './theme';

/** The page's dark mode, initialised from what the boot script already applied. */
export function useDarkMode() {
  const [dark, setDark] = useState(false);
  useEffect(() => setDark(readDarkMode()), []);
  const toggle = useCallback(() => {
    setDark((was) => {
      writeDarkMode(!was);
      return !was;
    });
  }, []);
  return { dark, toggle };
}
