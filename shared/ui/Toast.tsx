import { useEffect, useRef, type ReactNode } from 'react';

export const toastCss = `
.tl-toast{position:fixed;inset-inline:1rem;bottom:1rem;margin-inline:auto;max-width:32rem;padding:.75rem 1rem;border-radius:var(--tl-radius,8px);background:var(--tl-fg,#222);color:var(--tl-bg,#fff);box-shadow:0 4px 16px rgba(0,0,0,.25);z-index:2147483000;animation:tl-toast-in .2s ease-out}
.tl-toast--success{background:#1f7a3a;color:#fff}
.tl-toast--error{background:#b3261e;color:#fff}
@media (max-width:1023.98px){.tl-toast{bottom:calc(4.5rem + env(safe-area-inset-bottom,0px))}}
@keyframes tl-toast-in{from{opacity:0;transform:translateY(.5rem)}to{opacity:1;transform:none}}
`;

/** notifications show 5000 ms by default. */
export const TOAST_DEFAULT_MS = 5000;

export interface ToastProps {
  open: boolean;
  onHide: () => void;
  children: ReactNode;
  /** ms until it hides itself; 0 = stays */
  duration?: number;
  tone?: 'info' | 'success' | 'error';
}

export function Toast({ open, onHide, children, duration = TOAST_DEFAULT_MS, tone = 'info' }: ToastProps) {
  const hide = useRef(onHide);
  hide.current = onHide;
  useEffect(() => {
    if (!open || duration <= 0) return;
    const t = setTimeout(() => hide.current(), duration);
    return () => clearTimeout(t);
  }, [open, duration]);
  if (!open) return null;
  return (
    <div role="status" aria-live="polite" className={`tl-toast tl-toast--${tone}`}>
      {children}
    </div>
  );
}
