// 'Betrieb': what the kitchen switches during the day — 'Bestellungen pausieren' (15/30/60 min,
// bis morgen) and 'Wieder annehmen', 'Viel los: +15 Min.', dishes and extras 'ausverkauft' (a
// searchable list) — and the owner's settings of the order watch. Every change shows on every
// open storefront page within seconds (server: routes/staffOps.ts; rules: shared/ops).
import { useEffect, useMemo, useRef, useState } from 'react';
import { OPS_TEXTS as T, busyAfterPress, isAnswerMinutes, PAUSE_CHOICES, type PauseChoice } from '@shared/ops';
import { shopClock } from '@shared/time/clock';
import { Button } from '@shared/ui';
import type { OpsView } from '../api';
import type { SectionProps } from '../sectionProps';
import { INBOX_TEXTS } from '@shared/inbox';

const clock = (timeZone: string) => (iso: string) => shopClock(iso, timeZone);
const SHOWN = 40;

function pauseLabel(c: PauseChoice): string {
  return c === 'tomorrow' ? T.pauseTomorrow : T.pauseFor(c);
}

/** the button's name out of its group: 'Für 15 Min. pausieren' (its visible text inside it) */
function pauseAria(c: PauseChoice): string {
  return c === 'tomorrow' ? `${T.pauseTomorrow} pausieren` : `Für ${T.pauseFor(c)} pausieren`;
}

export function OpsSection({ api, user, live }: SectionProps) {
  const [view, setView] = useState<OpsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [query, setQuery] = useState('');
  const [saved, setSaved] = useState(false);
  const [answer, setAnswer] = useState('');
  const [watch, setWatch] = useState(true);
  // the settings' message at their field (the section's message sits at the top, out of sight on a phone)
  const [answerError, setAnswerError] = useState<string | null>(null);
  const answerInput = useRef<HTMLInputElement>(null);

  const load = async (fn: () => Promise<OpsView>) => {
    setBusy(true);
    setError(null);
    try {
      const v = await fn();
      setView(v);
      live.putShop(v.live);
      return v;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return null;
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    void load(api.ops).then((v) => {
      if (!v) return;
      setAnswer(String(v.settings.answerMinutes));
      setWatch(v.settings.deviceWatch);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api]);
  // another device changed the state: the list follows (the stream's 'ops' event)
  const stamp = live.shop ? `${live.shop.takingOrders}|${live.shop.pausedUntil}|${live.shop.busyMinutes}|${live.shop.soldOut.join(',')}` : '';
  useEffect(() => {
    if (view && stamp) void api.ops().then(setView, () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp]);

  const items = useMemo(() => {
    if (!view) return [];
    const q = query.trim().toLocaleLowerCase('de');
    const hits = view.items.filter((i) => (q ? i.name.toLocaleLowerCase('de').includes(q) : i.soldOut));
    // what is sold out first, then by name
    return hits.sort((a, b) => Number(b.soldOut) - Number(a.soldOut) || a.name.localeCompare(b.name, 'de')).slice(0, SHOWN);
  }, [view, query]);

  if (!view) {
    return error ? <p className="error" role="alert">{error}</p> : <p className="loading">{INBOX_TEXTS.loading}</p>;
  }
  const s = view.live;
  const time = clock(view.timeZone);
  const paused = s.reason === 'paused' && s.pausedUntil;
  const now = paused
    ? time(s.pausedUntil!) === '00:00' ? T.pausedUntilTomorrow : T.pausedUntil(time(s.pausedUntil!))
    : s.reason === 'unattended' ? T.unattended : T.takingOrders;

  return (
    <div className="ops">
      {error && <p className="error" role="alert">{error}</p>}

      <section className="ops__box" aria-labelledby="ops-pause">
        <h3 id="ops-pause">{T.pauseHeading}</h3>
        <p className="ops__now" role="status">{now} · {T.devices(view.devices)}</p>
        <div className="ops__buttons">
          {PAUSE_CHOICES.map((c) => (
            <Button key={String(c)} variant="secondary" disabled={busy} aria-label={pauseAria(c)} onClick={() => void load(() => api.pause(c))}>
              {pauseLabel(c)}
            </Button>
          ))}
          {s.reason === 'paused' && (
            <Button disabled={busy} onClick={() => void load(() => api.pause(null))}>
              {T.resume}
            </Button>
          )}
        </div>
      </section>

      <section className="ops__box" aria-labelledby="ops-busy">
        <h3 id="ops-busy">{T.busyHeading}</h3>
        <p className="ops__now" role="status">{s.busyMinutes > 0 ? T.busyNow(s.busyMinutes) : T.busyNone}</p>
        <div className="ops__buttons">
          <Button disabled={busy || s.busyMinutes >= view.busyMax} onClick={() => void load(() => api.busy(busyAfterPress(s.busyMinutes)))}>
            {T.busyAdd}
          </Button>
          {s.busyMinutes > 0 && (
            <Button variant="secondary" disabled={busy} onClick={() => void load(() => api.busy(0))}>
              {T.busyOff}
            </Button>
          )}
        </div>
      </section>

      <section className="ops__box" aria-labelledby="ops-soldout">
        <h3 id="ops-soldout">{T.soldOutHeading}</h3>
        <label className="field">
          {T.soldOutSearch}
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <ul className="ops__list" aria-label={T.soldOutHeading}>
          {items.length === 0 && query.trim() !== '' && <li>{T.noMatch}</li>}
          {items.map((i) => (
            <li key={i.id} className={`ops__item${i.soldOut ? ' ops__item--out' : ''}`}>
              <span className="ops__name">
                {i.name} <span className="ops__kind">({i.kind === 'extra' ? T.extra : T.dish})</span>
                {i.soldOut && <> – {T.soldOutMark} {i.until ? T.soldOutUntil(time(i.until)) : T.soldOutOpen}</>}
              </span>
              <span className="ops__buttons">
                {i.soldOut ? (
                  <Button variant="secondary" disabled={busy} aria-label={`${i.name}: ${T.soldOutBack}`} onClick={() => void load(() => api.soldOut(i.id, null))}>
                    {T.soldOutBack}
                  </Button>
                ) : (
                  <>
                    <Button variant="secondary" disabled={busy} aria-label={`${i.name}: ${T.soldOutTonight}`} onClick={() => void load(() => api.soldOut(i.id, 'tonight'))}>
                      {T.soldOutTonight}
                    </Button>
                    <Button variant="secondary" disabled={busy} aria-label={`${i.name}: ${T.soldOutUntilBack}`} onClick={() => void load(() => api.soldOut(i.id, 'untilBack'))}>
                      {T.soldOutUntilBack}
                    </Button>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      </section>

      {user.role === 'owner' && (
        <section className="ops__box" aria-labelledby="ops-settings">
          <h3 id="ops-settings">{T.settingsHeading}</h3>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setSaved(false);
              const minutes = answer.trim() === '' ? NaN : Number(answer);
              if (!isAnswerMinutes(minutes)) {
                setAnswerError(T.badAnswerMinutes);
                answerInput.current?.focus();
                return;
              }
              setAnswerError(null);
              void (async () => {
                setBusy(true);
                try {
                  const v = await api.settings({ answerMinutes: minutes, deviceWatch: watch });
                  setView(v);
                  live.putShop(v.live);
                  setSaved(true);
                } catch (err) {
                  setAnswerError(err instanceof Error ? err.message : String(err));
                } finally {
                  setBusy(false);
                }
              })();
            }}
          >
            <label className="field">
              {T.answerMinutes}
              <input
                ref={answerInput} type="number" inputMode="numeric" min={0} max={60} value={answer} onChange={(e) => setAnswer(e.target.value)}
                aria-invalid={answerError ? true : undefined} aria-describedby={answerError ? 'ops-answer-error' : undefined}
              />
            </label>
            {answerError && <p id="ops-answer-error" className="error" role="alert">{answerError}</p>}
            <label className="ops__setting">
              <input type="checkbox" checked={watch} onChange={(e) => setWatch(e.target.checked)} aria-describedby="ops-watch-hint" /> {T.deviceWatch}
            </label>
            <p id="ops-watch-hint" className="ops__hint">{T.deviceWatchHint}</p>
            <Button type="submit" disabled={busy}>{T.save}</Button>
            <span role="status">{saved ? ` ${T.saved}` : ''}</span>
          </form>
        </section>
      )}
    </div>
  );
}
