// shared/dialog: the dialog components and their CSS (adopted when a dialog first opens). A folder of its own so
// the embed runtime does not carry them on first view: widgets open dialogs from lazy chunks.
export { Dialog, SHAKE_MS, type DialogProps } from './Dialog';
export { ConfirmDialog, AlertDialog, type ConfirmDialogProps, type AlertDialogProps } from './ConfirmDialog';
export { wrapDialogFocus } from './focus';
