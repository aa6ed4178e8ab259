// In-shell links: real hrefs (open in a new tab works) that navigate through the widget host.
// Its own module so App and the pages both use it without importing each other.
import type { MouseEvent, ReactNode } from 'react';
import type { WidgetHost } from '@shared/widget';
import { matchRoute, routePath } from './routes';

let host: WidgetHost;
export function setHost(h: WidgetHost) {
  host = h;
}

export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const route = matchRoute(location.pathname);
  const href = routePath(route.base, to);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    host.navigate(to);
  };
  return (
    <a href={href} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
