import { type RefObject, useEffect, useState } from 'react';
import type { PdfDocument } from './pdf-loader';

/** How far beyond the visible area pages are drawn ahead of scrolling. */
const DRAW_AHEAD = '800px 0px';

function pageOf(element: Element): number {
  return Number(element.getAttribute('data-page'));
}

/**
 * Watches the pages (`[data-page]`) inside the scrolling area: `near` are those within DRAW_AHEAD of the
 * visible area (drawn), `current` the most visible one ("page x of n"). Without IntersectionObserver every
 * page is near.
 */
export function usePageObservers(
  scrollRef: RefObject<HTMLElement | null>,
  document: PdfDocument | undefined,
): { near: ReadonlySet<number>; current: number; setCurrent: (page: number) => void } {
  const [near, setNear] = useState<ReadonlySet<number>>(new Set([1]));
  const [current, setCurrent] = useState(1);

  useEffect(() => {
    const root = scrollRef.current;
    if (!root || !document) return;
    setCurrent(1);
    const pages = Array.from(root.querySelectorAll('[data-page]'));
    if (typeof IntersectionObserver === 'undefined') {
      setNear(new Set(pages.map(pageOf)));
      return;
    }
    const nearObserver = new IntersectionObserver(
      (entries) =>
        setNear((before) => {
          const next = new Set(before);
          for (const entry of entries) {
            if (entry.isIntersecting) next.add(pageOf(entry.target));
            else next.delete(pageOf(entry.target));
          }
          return next;
        }),
      { root, rootMargin: DRAW_AHEAD },
    );
    const ratios = new Map<number, number>();
    const currentObserver = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratios.set(pageOf(entry.target), entry.intersectionRatio);
        let best = 0;
        let bestRatio = 0;
        for (const [page, ratio] of ratios) {
          if (ratio > bestRatio || (ratio === bestRatio && ratio > 0 && page < best)) {
            best = page;
            bestRatio = ratio;
          }
        }
        if (best > 0) setCurrent(best);
      },
      { root, threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const page of pages) {
      nearObserver.observe(page);
      currentObserver.observe(page);
    }
    return () => {
      nearObserver.disconnect();
      currentObserver.disconnect();
    };
  }, [scrollRef, document]);

  return { near, current, setCurrent };
}
