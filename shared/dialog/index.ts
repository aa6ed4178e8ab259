// shared/dialog: the dialog components, the controls used in dialogs and sheets (Stepper,
// ServeAtSelect), each with its CSS (adopted when it first shows). A folder of its own so
// the embed runtime does not carry them on first view: widgets open dialogs from lazy chunks.
export { Dialog, SHAKE_MS, type DialogProps } from './Dialog';
export { ConfirmDialog, AlertDialog, type ConfirmDialogProps, type AlertDialogProps } from './ConfirmDialog';
export { wrapDialogFocus } from './focus';
export { useComponentCss } from './adopt';
export { Stepper, type StepperProps } from './Stepper';
export { ServeAtSelect, type ServeAtSelectProps } from './ServeAtSelect';
