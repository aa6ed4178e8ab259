import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button, UI_TEXT } from '@shared/ui';
import { adoptStyles } from '@shared/widget';
import { wrapDialogFocus } from './focus';
import { dialogCss } from './styles';

/** How long the persistent dialog shakes (ms). */
export const SHAKE_MS = 300;

export interface DialogProps {
  open: boolean;
  /** Called for the close icon, Escape, a backdrop click and the default OK button. */
  onClose: () => void;
  header: ReactNode;
  subheader?: ReactNode;
  children?: ReactNode;
  /** Replaces the default OK button; pass null for no footer. */
  footer?: ReactNode | null;
  /** Escape and backdrop do not close; the dialog shakes instead. */
  persistent?: boolean;
  /** Hide the close icon (a visually hidden close button stays for screen readers unless persistent). */
  hideCloseIcon?: boolean;
  okLabel?: string;
  closeLabel?: string;
  /** Element to focus on open; default: the first focusable element in the body, else the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
}

const FOCUSABLE =
  'button:not([disabled]),[href],input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The focused element, looking through shadow roots (widgets live in them). */
function deepActiveElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  let el: Element | null = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  return el instanceof HTMLElement ? el : null;
}

/**
 * Inside an iframe taller than the window (a restaurant's page that frames the shop), a modal
 * dialog centres in the whole frame, maybe below what the guest sees. IntersectionObserver's
 * implicit root is the top window's viewport, also across origins: its rect of the frame's document
 * is the visible part, and the dialog is kept inside it while it is open.
 */
function keepInVisiblePart(dialog: HTMLDialogElement): () => void {
  if (window.parent === window || typeof IntersectionObserver !== 'function') return () => {};
  const io = new IntersectionObserver(
    ([entry]) => {
      const r = entry?.intersectionRect;
      const below = r ? window.innerHeight - r.bottom : 0;
      if (!r || !entry.isIntersecting || r.height < 100 || (r.top < 1 && below < 1)) {
        dialog.removeAttribute('data-tl-framed');
        return;
      }
      dialog.style.setProperty('--tl-frame-top', `${Math.round(r.top)}px`);
      dialog.style.setProperty('--tl-frame-bottom', `${Math.round(below)}px`);
      dialog.style.setProperty('--tl-frame-h', `${Math.round(r.height)}px`);
      dialog.setAttribute('data-tl-framed', '');
    },
    { threshold: Array.from({ length: 101 }, (_, i) => i / 100) },
  );
  io.observe(document.documentElement);
  return () => io.disconnect();
}

/**
 * Modal dialog on the native <dialog> (rendered in place, so it stays inside the widget's
 * shadow root). Focus moves in on open and back to the opener on close.
 */
export function Dialog({
  open,
  onClose,
  header,
  subheader,
  children,
  footer,
  persistent = false,
  hideCloseIcon = false,
  okLabel = UI_TEXT.ok,
  closeLabel = UI_TEXT.close,
  initialFocus,
  className,
}: DialogProps) {
  if (!open) return null;
  return (
    <OpenDialog
      onClose={onClose}
      header={header}
      subheader={subheader}
      footer={footer}
      persistent={persistent}
      hideCloseIcon={hideCloseIcon}
      okLabel={okLabel}
      closeLabel={closeLabel}
      initialFocus={initialFocus}
      className={className}
    >
      {children}
    </OpenDialog>
  );
}

function OpenDialog({
  onClose,
  header,
  subheader,
  children,
  footer,
  persistent,
  hideCloseIcon,
  okLabel,
  closeLabel,
  initialFocus,
  className,
}: Omit<DialogProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const subId = useId();
  const [shaking, setShaking] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const lastRequest = useRef(0);

  const requestClose = useCallback(() => {
    // Escape arrives as keydown and (natively) as cancel: act once.
    const now = Date.now();
    if (now - lastRequest.current < 50) return;
    lastRequest.current = now;
    if (persistent) setShaking(true);
    else onCloseRef.current();
  }, [persistent]);

  useEffect(() => {
    if (!shaking) return;
    const t = setTimeout(() => setShaking(false), SHAKE_MS);
    return () => clearTimeout(t);
  }, [shaking]);

  // Open modally, focus inside; on unmount give focus back to the opener.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    adoptStyles(dialog, 'tl-dialog', dialogCss, 'first');
    const opener = deepActiveElement();
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') {
        try {
          dialog.showModal();
        } catch {
          dialog.setAttribute('open', '');
        }
      } else {
        dialog.setAttribute('open', '');
      }
    }
    const target =
      initialFocus?.current ??
      bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog.querySelector('.tl-dialog__footer')?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog;
    target.focus();
    const stopFollowing = keepInVisiblePart(dialog);
    return () => {
      stopFollowing();
      if (dialog.open && typeof dialog.close === 'function') {
        try {
          dialog.close();
        } catch {
          /* already closed */
        }
      }
      // back to the opener, unless the dialog's action moved the focus on (the cart's 'ZUR KASSE'
      // focuses the page's checkout: going back would scroll the page away from it)
      const now = deepActiveElement();
      const movedOn = now !== null && now !== document.body && now !== dialog && !dialog.contains(now);
      if (opener && opener.isConnected && !movedOn) opener.focus();
    };
    // initialFocus is read once on open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Native Escape → cancel event; we own the open state, so always prevent the native close.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      requestClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [requestClose]);

  const downOnBackdrop = useRef(false);

  const classes = ['tl-dialog', shaking ? 'tl-dialog--shake' : '', className ?? ''].filter(Boolean).join(' ');
  const footerContent =
    footer === undefined ? (
      <Button onClick={() => onCloseRef.current()}>{okLabel}</Button>
    ) : (
      footer
    );

  return (
    // the dialog's own keyboard handling (Escape, Tab kept inside), not a click target
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={classes}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={subheader ? subId : undefined}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          requestClose();
        } else {
          wrapDialogFocus(e);
        }
      }}
      onMouseDown={(e) => {
        downOnBackdrop.current = e.target === ref.current;
      }}
      onClick={(e) => {
        // The panel fills the dialog box, so a click whose target is the <dialog> itself
        // landed on the backdrop.
        if (e.target === ref.current && downOnBackdrop.current) requestClose();
        downOnBackdrop.current = false;
      }}
    >
      <div className="tl-dialog__panel">
        <div className="tl-dialog__header">
          <h2 className="tl-dialog__title" id={titleId}>
            {header}
          </h2>
          {!hideCloseIcon ? (
            <Button variant="icon" className="tl-dialog__close" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
              <span aria-hidden="true">×</span>
            </Button>
          ) : !persistent ? (
            <button type="button" className="tl-visually-hidden" onClick={() => onCloseRef.current()}>
              {closeLabel}
            </button>
          ) : null}
        </div>
        {subheader != null && (
          <div className="tl-dialog__subheader" id={subId}>
            {subheader}
          </div>
        )}
        <div className="tl-dialog__body" ref={bodyRef}>
          {children}
        </div>
        {footerContent != null && <div className="tl-dialog__footer">{footerContent}</div>}
      </div>
    </dialog>
  );
}
