import { useEffect, type RefObject } from 'react';

/**
 * Moves focus to an element (tabIndex=-1) when it appears, if focus was lost to <body>: picking a file replaces the
 * drop zone that held focus with the file card, and a result replaces the disabled button that held it, so a keyboard
 * or screen-reader user would otherwise start again from the top of the page. Focus that is somewhere on purpose
 * (the visitor already moved on) is left alone.
 */
export function useFocusOnArrival(ref: RefObject<HTMLElement | null>, key: unknown) {
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active !== document.documentElement) return;
    ref.current?.focus();
  }, [ref, key]);
}
