// The spec's words for the primitives.
// Kept here because the primitives must not depend on the message catalogue's shape;
// every one can be overridden by a prop.
export const UI_TEXT = {
  close: 'Dialog schliessen',
  ok: 'OK',
  cancel: 'ABBRECHEN',
  loading: 'Ladeanzeige',
  decrease: 'Menge verringern',
  increase: 'Menge erhöhen',
  quantity: 'Menge',
} as const;
