import { useCallback, useRef, useState } from 'react';

/**
 * A callback ref and the height (px, rounded up) of the element it is on, kept up to date while it
 * is shown (ResizeObserver); 0 while there is none. The staff app puts the ringing alarm's height
 * into `--inbox-alarm-h`, so a section's own sticky bar (the menu editor's save bar) sits below it.
 */
export function useHeight<T extends HTMLElement>(): [(el: T | null) => void, number] {
  const [height, setHeight] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) {
      setHeight(0);
      return;
    }
    const measure = () => setHeight(Math.ceil(el.getBoundingClientRect().height));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(measure);
    observer.current.observe(el);
  }, []);
  return [ref, height];
}
