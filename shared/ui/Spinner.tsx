import { UI_TEXT } from './texts';

export const spinnerCss = `
.tl-spinner{display:inline-block;width:1.5em;height:1.5em;border:.2em solid currentColor;border-right-color:transparent;border-radius:50%;animation:tl-spin .8s linear infinite;vertical-align:middle;opacity:.8}
.tl-spinner--small{width:1em;height:1em;border-width:.15em}
@keyframes tl-spin{to{transform:rotate(360deg)}}
`;

export interface SpinnerProps {
  label?: string;
  size?: 'normal' | 'small';
}

/** Loading indicator; announced as an image with the spec's alt text 'Ladeanzeige'. */
export function Spinner({ label = UI_TEXT.loading, size = 'normal' }: SpinnerProps) {
  return <span role="img" aria-label={label} className={size === 'small' ? 'tl-spinner tl-spinner--small' : 'tl-spinner'} />;
}
