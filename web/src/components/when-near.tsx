import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/** How far ahead of the screen a deferred block starts: a reader scrolling down never waits for it. */
const AHEAD = '800px 0px';

/**
 * Renders `children` once its place comes near the screen; until then an empty box whose class
 * (`placeholder`, theme/public-static.css) gives it the block's own height, so nothing moves when it appears.
 * The forms under an article (their chunks, the subscription stats poll, their first render) then cost
 * a reader nothing while the article itself loads. The server renders the empty box too, so the page
 * hydrates with what it was rendered with. Without IntersectionObserver it renders right after mounting.
 */
export function WhenNear({ children, placeholder }: { children: ReactNode; placeholder: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      startTransition(() => setNear(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={place} className={placeholder} aria-hidden="true" />;
}
