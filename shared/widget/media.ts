// Breakpoints: xs 0, sm 600, md 1024, lg 1440, xl 1920 px; mobile means below md.
import { useSyncExternalStore } from 'react';

export const BREAKPOINTS = { sm: 600, md: 1024, lg: 1440, xl: 1920 } as const;

/** Media query for "at least md" (not mobile). */
export const WIDE_QUERY = `(min-width: ${BREAKPOINTS.md}px)`;

/**
 * Whether a media query matches, kept up to date. Layout only (which markup to show); without
 * matchMedia (tests, old engines) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => {};
      const mql = matchMedia(query);
      mql.addEventListener?.('change', onChange);
      return () => mql.removeEventListener?.('change', onChange);
    },
    () => (typeof matchMedia === 'function' ? matchMedia(query).matches : fallback),
    () => fallback,
  );
}
