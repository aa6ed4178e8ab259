// Our custom elements in JSX (the shell places widgets by tag).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type WidgetElement = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Record<`data-${string}`, string>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'tischlein-menu': WidgetElement;
      'tischlein-cart': WidgetElement;
      'tischlein-address': WidgetElement;
      'tischlein-checkout': WidgetElement;
      'tischlein-group': WidgetElement;
      'tischlein-table': WidgetElement;
      'tischlein-account': WidgetElement;
      'tischlein-inbox': WidgetElement;
    }
  }
}
