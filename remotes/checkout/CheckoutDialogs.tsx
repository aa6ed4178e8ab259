// The checkout's dialogs: a failed rule (alert), a rule the guest may confirm, the corrected address.
import { CHECKOUT_UI as T, ORDER_FORM_TEXTS, type AssumedLocation, type CheckoutFailure } from '@shared/checkout';
import { AlertDialog, ConfirmDialog } from '@shared/dialog';

export interface CheckoutAlert {
  title: string;
  text: string;
  field?: string;
}

export interface CheckoutDialogsProps {
  alert: CheckoutAlert | null;
  onAlertClose: (field: string | undefined) => void;
  confirm: CheckoutFailure | null;
  onConfirmCancel: () => void;
  onConfirm: (failure: CheckoutFailure | null) => void;
  corrected: AssumedLocation | null;
  onCorrectedNo: () => void;
  onCorrectedYes: () => void;
}

export function CheckoutDialogs({ alert, onAlertClose, confirm, onConfirmCancel, onConfirm, corrected, onCorrectedNo, onCorrectedYes }: CheckoutDialogsProps) {
  return (
    <>
      <AlertDialog
        open={alert !== null}
        title={alert?.title ?? ''}
        onClose={() => onAlertClose(alert?.field)}
      >
        {alert?.text}
      </AlertDialog>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title ?? ''}
        onCancel={onConfirmCancel}
        onConfirm={() => onConfirm(confirm)}
      >
        {confirm?.text}
      </ConfirmDialog>
      <ConfirmDialog
        open={corrected !== null}
        title={ORDER_FORM_TEXTS.addressCorrectedTitle}
        confirmLabel={T.addressCorrectedYes}
        cancelLabel={T.addressCorrectedNo}
        onCancel={onCorrectedNo}
        onConfirm={onCorrectedYes}
      >
        {corrected ? T.addressCorrectedText(`${corrected.street} ${corrected.streetNumber}, ${corrected.zip} ${corrected.city}`) : null}
      </ConfirmDialog>
    </>
  );
}
