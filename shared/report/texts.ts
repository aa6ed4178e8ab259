// German texts of the 'Tagesbericht'.
import { ORDER_TYPE_TEXTS } from '@shared/inbox';
import type { ReportOrderType } from './day';

export const REPORT_TEXTS = {
  title: 'Tagesbericht',
  day: 'Tag',
  show: 'Anzeigen',
  csv: 'CSV für die Buchhaltung herunterladen',
  orders: 'Bestellungen',
  refused: 'abgelehnt',
  refusedStatus: 'Abgelehnt',
  revenue: 'Umsatz (brutto)',
  net: 'Netto',
  vat: 'Umsatzsteuer',
  byPayment: 'Nach Zahlart',
  byType: 'Nach Art',
  vatRates: 'Umsatzsteuer nach Satz',
  unsplit: 'ohne Aufteilung (ältere Bestellungen)',
  refunds: 'Erstattungen',
  none: 'An diesem Tag gab es keine Bestellungen.',
  badDate: 'Bitte gib einen Tag im Format JJJJ-MM-TT an.',
  types: ORDER_TYPE_TEXTS satisfies Record<ReportOrderType, string>,
  refundStates: { refunded: 'erstattet', pending: 'Erstattung in Arbeit', failed: 'Erstattung fehlgeschlagen' },
} as const;
