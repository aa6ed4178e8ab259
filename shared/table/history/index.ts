// @shared/table/history: the body of the 'Tischbestell-Historie' dialog (the booked items and the
// refund form), one component for the guest's table widget and the staff app. A sub-folder of its
// own: React stays out of '@shared/table', which the server imports.
export { TableHistoryBody, type TableHistoryBodyProps } from './TableHistoryBody';
export { RefundForm, type RefundFormProps } from './RefundForm';
export { tableHistoryCss } from './styles';
