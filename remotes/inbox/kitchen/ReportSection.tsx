// 'Tagesbericht' (owner): the day's orders and revenue by payment method and by type, VAT per
// rate, refunds; another day by its date; the CSV for the accountant. The figures come from the
// server, computed by shared/report.
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { formatEuro, PAYMENT_METHOD_NAMES } from '@shared/i18n';
import { REPORT_TEXTS as T, type DayReport } from '@shared/report';
import { Button } from '@shared/ui';
import type { SectionProps } from '../sectionProps';
import { kitchenApi } from './api';

const methodName = (m: string) => (PAYMENT_METHOD_NAMES as Record<string, string>)[m] ?? m;
const dateDe = (d: string) => d.split('-').reverse().join('.');

export function ReportSection({ shopId }: SectionProps) {
  const api = useMemo(() => kitchenApi(shopId), [shopId]);
  const [report, setReport] = useState<DayReport | null>(null);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (day: string) => {
      setBusy(true);
      setError(null);
      try {
        const r = (await api.report(day)).report;
        setReport(r);
        setDate(r.date);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      } finally {
        setBusy(false);
      }
    },
    [api],
  );
  // today in the shop's time zone: the server's answer says which day that is
  useEffect(() => void load(''), [load]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void load(date);
  };

  return (
    <div className="report">
      <form className="report__day" onSubmit={submit}>
        <label className="field">
          {T.day}
          <input type="date" value={date} onChange={(e) => setDate(e.target.value)} required aria-invalid={error ? true : undefined} aria-describedby={error ? 'report-error' : undefined} />
        </label>
        <Button type="submit" loading={busy}>
          {T.show}
        </Button>
      </form>
      {error && (
        <p id="report-error" className="error" role="alert">
          {error}
        </p>
      )}
      {report && (
        <section aria-labelledby="report-title" aria-busy={busy}>
          <h3 id="report-title">
            {T.title} {dateDe(report.date)}
          </h3>
          <p>
            <a className="tl-button tl-button--secondary report__csv" href={api.csvUrl(report.date)} download>
              {T.csv}
            </a>
          </p>
          {report.orders === 0 ? (
            <p>{T.none}</p>
          ) : (
            <>
              <dl className="report__totals">
                <div>
                  <dt>{T.orders}</dt>
                  <dd>
                    {report.orders}
                    {report.refused > 0 ? ` (davon ${report.refused} ${T.refused})` : ''}
                  </dd>
                </div>
                <div>
                  <dt>{T.revenue}</dt>
                  <dd>{formatEuro(report.gross)}</dd>
                </div>
                <div>
                  <dt>{T.vat}</dt>
                  <dd>{formatEuro(report.vat)}</dd>
                </div>
                <div>
                  <dt>{T.net}</dt>
                  <dd>{formatEuro(report.net)}</dd>
                </div>
              </dl>
              <div className="report__tables">
                <table>
                  <caption>{T.byPayment}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Zahlart</th>
                      <th scope="col">{T.orders}</th>
                      <th scope="col">{T.revenue}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.byPayment.map((p) => (
                      <tr key={p.method}>
                        <th scope="row">{methodName(p.method)}</th>
                        <td>{p.count}</td>
                        <td>{formatEuro(p.gross)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <table>
                  <caption>{T.byType}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Art</th>
                      <th scope="col">{T.orders}</th>
                      <th scope="col">{T.revenue}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.byType.map((t) => (
                      <tr key={t.type}>
                        <th scope="row">{T.types[t.type]}</th>
                        <td>{t.count}</td>
                        <td>{formatEuro(t.gross)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <table>
                  <caption>{T.vatRates}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Satz</th>
                      <th scope="col">Brutto</th>
                      <th scope="col">{T.net}</th>
                      <th scope="col">USt</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.vatRates.map((r) => (
                      <tr key={r.rate}>
                        <th scope="row">{r.rate} %</th>
                        <td>{formatEuro(r.gross)}</td>
                        <td>{formatEuro(r.net)}</td>
                        <td>{formatEuro(r.vat)}</td>
                      </tr>
                    ))}
                    {report.unsplit > 0 && (
                      <tr>
                        <th scope="row">{T.unsplit}</th>
                        <td>{formatEuro(report.unsplit)}</td>
                        <td>–</td>
                        <td>–</td>
                      </tr>
                    )}
                  </tbody>
                </table>
                <table>
                  <caption>{T.refunds}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Stand</th>
                      <th scope="col">{T.orders}</th>
                      <th scope="col">Betrag</th>
                    </tr>
                  </thead>
                  <tbody>
                    {(['refunded', 'pending', 'failed'] as const).map((k) => (
                      <tr key={k}>
                        <th scope="row">{T.refundStates[k]}</th>
                        <td>{report.refunds[k].count}</td>
                        <td>{formatEuro(report.refunds[k].gross)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
