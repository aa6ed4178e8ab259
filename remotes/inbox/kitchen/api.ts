// The kitchen's staff API from the staff app (docs/api.md "Staff API": printers, Tagesbericht).
import type { DayReport } from '@shared/report';
import { staffBase, staffCaller } from '../api';

export interface Printer {
  id: string;
  label: string;
  printsOn: 'accept' | 'arrival';
  createdAt: string;
  revokedAt: string | null;
  lastPollAt: string | null;
  lastStatus: string | null;
  openJobs: number;
  failedJobs: number;
  printedJobs: number;
}

export function kitchenApi(shopId: string) {
  const base = staffBase(shopId);
  const call = staffCaller(base);
  return {
    printers: () => call<{ printers: Printer[] }>('GET', '/printers'),
    addPrinter: (label: string, printsOn: Printer['printsOn']) => call<{ id: string; url: string }>('POST', '/printers', { label, printsOn }),
    removePrinter: (id: string) => call('DELETE', `/printers/${encodeURIComponent(id)}`),
    /** '' = today in the shop's time zone */
    report: (date: string) => call<{ report: DayReport }>('GET', date ? `/report?date=${encodeURIComponent(date)}` : '/report'),
    csvUrl: (date: string) => `${base}/report.csv?date=${encodeURIComponent(date)}`,
  };
}
