// The kitchen's staff API from the staff app (docs/api.md "Staff API": printers, Tagesbericht).
import type { DayReport } from '@shared/report';
import { StaffApiError } from '../api';

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
  const base = `/api/staff/${encodeURIComponent(shopId)}`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => ({}))) as T & { message?: string };
    if (!res.ok) throw new StaffApiError(res.status, data.message ?? `Fehler ${res.status}`);
    return data;
  };
  return {
    printers: () => call<{ printers: Printer[] }>('GET', '/printers'),
    addPrinter: (label: string, printsOn: Printer['printsOn']) => call<{ id: string; url: string }>('POST', '/printers', { label, printsOn }),
    removePrinter: (id: string) => call('DELETE', `/printers/${encodeURIComponent(id)}`),
    /** '' = today in the shop's time zone */
    report: (date: string) => call<{ report: DayReport }>('GET', date ? `/report?date=${encodeURIComponent(date)}` : '/report'),
    csvUrl: (date: string) => `${base}/report.csv?date=${encodeURIComponent(date)}`,
  };
}
