import type { ReactNode } from 'react';
import { Button, UI_TEXT } from '@shared/ui';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  subheader?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** Cancel button, close icon, Escape and backdrop */
  onCancel: () => void;
  /** Disables the confirm button and shows its spinner */
  busy?: boolean;
  persistent?: boolean;
}

/** Two choices: cancel (secondary) and confirm (primary). */
export function ConfirmDialog({
  open,
  title,
  children,
  subheader,
  confirmLabel = UI_TEXT.ok,
  cancelLabel = UI_TEXT.cancel,
  onConfirm,
  onCancel,
  busy = false,
  persistent = false,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      header={title}
      subheader={subheader}
      persistent={persistent}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {typeof children === 'string' ? <p className="tl-dialog__message">{children}</p> : children}
    </Dialog>
  );
}

export interface AlertDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  okLabel?: string;
  onClose: () => void;
}

/** A message with one OK button. */
export function AlertDialog({ open, title, children, okLabel = UI_TEXT.ok, onClose }: AlertDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} header={title} okLabel={okLabel}>
      {typeof children === 'string' ? (
        <p className="tl-dialog__message" role="alert">
          {children}
        </p>
      ) : (
        children
      )}
    </Dialog>
  );
}
