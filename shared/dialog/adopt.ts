import { useLayoutEffect, useRef } from 'react';
import { adoptStyles } from '@shared/widget';

/**
 * A ref for a component's root element: its CSS goes into the element's shadow root (once per key)
 * before it paints, ahead of the widget's own CSS (a widget's rules for it win at equal specificity).
 */
export function useComponentCss<T extends HTMLElement>(key: string, css: string) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (ref.current) adoptStyles(ref.current, key, css, 'first');
  }, [key, css]);
  return ref;
}
