import type { ReactNode } from 'react';

export const visuallyHiddenCss = `
.tl-visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}
`;

/** Text for screen readers only. */
export function VisuallyHidden({ children, as: Tag = 'span' }: { children: ReactNode; as?: 'span' | 'div' | 'h2' | 'p' }) {
  return <Tag className="tl-visually-hidden">{children}</Tag>;
}
