// The address widget's info dialog (page-wide, first instance): pages initial (the address form),
// loading, suggested_franchise and list_franchises. Components hold no rules: validation,
// suggestion, order-time and hand-over rules come from @shared/checkout and @shared/time.
import { useStore } from '@nanostores/react';
import { ADDRESS_TEXT, INFO_DIALOG_TEXT } from '@shared/checkout';
import { $franchiseRequest, clearFranchiseRequest } from '@shared/stores';
import { Spinner } from '@shared/ui';
import { Dialog } from '@shared/dialog';
import { AddressPage } from './AddressPage';
import { FranchiseListPage, SuggestedFranchisePage } from './FranchisePages';
import type { AddressInfoDialogProps } from './dialogProps';
import { $dialog, closeInfoDialog } from './state';

export function AddressInfoDialog(props: AddressInfoDialogProps) {
  const state = useStore($dialog);
  const request = useStore($franchiseRequest);
  if (!state) return null;
  const franchiseMode = !!props.boot.config.franchiseId && !!props.boot.franchise;
  const title =
    state.page === 'suggested_franchise'
      ? INFO_DIALOG_TEXT.suggestedTitle
      : state.page === 'list_franchises'
        ? ADDRESS_TEXT.franchiseListTitle
        : franchiseMode
          ? INFO_DIALOG_TEXT.titleFranchise
          : INFO_DIALOG_TEXT.title;
  const close = () => {
    closeInfoDialog();
    clearFranchiseRequest();
  };
  return (
    <Dialog open onClose={close} header={title} footer={null} className="info-dialog">
      <div className="info-page" data-page={state.page}>
        {state.page === 'initial' && <AddressPage {...props} state={state} franchiseMode={franchiseMode} request={request} />}
        {state.page === 'loading' && (
          <p className="info-loading">
            <Spinner /> {INFO_DIALOG_TEXT.loading}
          </p>
        )}
        {state.page === 'suggested_franchise' && <SuggestedFranchisePage {...props} state={state} request={request} />}
        {state.page === 'list_franchises' && <FranchiseListPage {...props} state={state} request={request} onCancel={close} />}
      </div>
    </Dialog>
  );
}
