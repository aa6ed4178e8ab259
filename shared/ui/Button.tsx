import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Spinner } from './Spinner';

export const buttonCss = `
.tl-button{display:inline-flex;align-items:center;justify-content:center;gap:.5em;min-height:44px;min-width:44px;padding:.5em 1.25em;border:2px solid var(--tl-primary,#b1361e);border-radius:var(--tl-radius,8px);font:inherit;font-weight:600;line-height:1.2;cursor:pointer;background:var(--tl-primary,#b1361e);color:var(--tl-on-primary,#fff);text-transform:none;transition:background-color .15s,border-color .15s,color .15s}
.tl-button:hover:not(:disabled){filter:brightness(1.08)}
.tl-button:disabled,.tl-button[aria-disabled="true"]{opacity:.5;cursor:not-allowed}
.tl-button--secondary{background:transparent;color:var(--tl-primary,#b1361e)}
.tl-button--ghost{background:transparent;border-color:transparent;color:inherit}
.tl-button--icon{padding:0;width:44px;height:44px;border-color:transparent;background:transparent;color:inherit;border-radius:50%}
.tl-button--block{display:flex;width:100%}
.tl-button[aria-busy="true"]{cursor:progress}
`;

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'icon';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner, sets aria-busy and ignores clicks */
  loading?: boolean;
  block?: boolean;
  children?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', loading = false, block = false, className, type = 'button', disabled, onClick, children, ...rest },
  ref,
) {
  const classes = ['tl-button', `tl-button--${variant}`, block ? 'tl-button--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={loading ? (e) => e.preventDefault() : onClick}
    >
      {loading && <Spinner size="small" />}
      {children}
    </button>
  );
});
