import { useEffect, type RefObject } from 'react';

/**
 * On a phone the canvas and its captions stay at the top of the scrolled column (sticky) and cover about two thirds
 * of the screen; the browser, which brings a focused control into view, would leave it under that block (or not
 * scroll at all, the control being "in view" behind it). The column's scroll padding is the block's height, so a
 * control reached by Tab or Shift+Tab is brought out below it (WCAG 2.4.11, technique C43). On a wide screen the block
 * is `display: contents`, with no height: no padding.
 */
export function useStickyPadding(sticky: RefObject<HTMLElement>, wide: boolean) {
  useEffect(() => {
    const block = sticky.current;
    const column = block?.parentElement;
    if (!block || !column) return;
    const pad = () => (column.style.scrollPaddingTop = wide ? '' : `${block.offsetHeight}px`);
    pad();
    const observer = new ResizeObserver(pad);
    observer.observe(block);
    return () => {
      observer.disconnect();
      column.style.scrollPaddingTop = '';
    };
  }, [sticky, wide]);
}
