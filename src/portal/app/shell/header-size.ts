import { type RefObject, useLayoutEffect } from 'react';

/** The custom property the stylesheet keeps the page's scroll padding and sticky panels below (styles.css). */
const HEADER_BLOCK_SIZE = '--header-block-size';

/**
 * Keeps `--header-block-size` on the document the header's real height, as it changes (zoom, text
 * spacing, the second row below 768 px, a longer language), so that the browser scrolls a control the
 * keyboard reaches clear of the sticky header instead of under it (`scroll-padding-top`). Written
 * through the CSSOM, which the strict style policy allows (no style attribute in the markup).
 */
export function useHeaderBlockSize(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = element.ownerDocument.documentElement;
    const write = (height: number) => root.style.setProperty(HEADER_BLOCK_SIZE, `${Math.ceil(height)}px`);
    write(element.getBoundingClientRect().height);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) write(entry.borderBoxSize[0]?.blockSize ?? entry.target.getBoundingClientRect().height);
    });
    observer.observe(element, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_BLOCK_SIZE);
    };
  }, [header]);
}
