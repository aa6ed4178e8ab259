// 'Annehmen' (minutes: presets or typed) and 'Ablehnen' (reason: presets or own text).
// A refused or failed call (`failure`) is shown in the dialog: the section's own message sits
// behind the modal, where nobody at the counter would see it.
import { useState } from 'react';
import { ConfirmDialog } from '@shared/dialog';
import { ACCEPT_PRESETS, INBOX_TEXTS as T, isAcceptMinutes, REFUSE_PRESETS, REFUSE_REASON_MAX } from '@shared/inbox';

export function AcceptDialog({ title, busy, presets = [...ACCEPT_PRESETS], failure = null, onAccept, onCancel }: {
  title: string; busy: boolean; presets?: readonly number[]; failure?: string | null; onAccept(minutes: number): void; onCancel(): void;
}) {
  // 'Viel los' moves the presets (shared/ops acceptPresets); the second one is preselected
  const [choice, setChoice] = useState<string>(String(presets[1] ?? presets[0]));
  const [own, setOwn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const n = choice === 'own' ? Number(own.trim()) : Number(choice);
    if (!isAcceptMinutes(n)) return setError(T.badMinutes);
    onAccept(n);
  };
  return (
    <ConfirmDialog open title={`${T.accept}: ${title}`} confirmLabel={T.accept} onConfirm={confirm} onCancel={onCancel} busy={busy}>
      <fieldset className="choices">
        <legend>Fertig in</legend>
        {presets.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name="minutes" value={m} checked={choice === String(m)} onChange={() => { setChoice(String(m)); setError(null); }} /> {T.minutes(m)}
          </label>
        ))}
        <label className="choice">
          <input type="radio" name="minutes" value="own" checked={choice === 'own'} onChange={() => { setChoice('own'); setError(null); }} /> {T.ownMinutes}
        </label>
        {choice === 'own' && (
          <label className="field">
            Minuten
            <input type="number" inputMode="numeric" min={1} max={240} value={own} onChange={(e) => setOwn(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'accept-error' : undefined} />
          </label>
        )}
      </fieldset>
      {error && <p id="accept-error" className="error" role="alert">{error}</p>}
      {failure && !error && <p className="error" role="alert">{failure}</p>}
    </ConfirmDialog>
  );
}

export function RefuseDialog({ title, busy, failure = null, onRefuse, onCancel }: { title: string; busy: boolean; failure?: string | null; onRefuse(reason: string): void; onCancel(): void }) {
  const [choice, setChoice] = useState<string>(REFUSE_PRESETS[0]);
  const [own, setOwn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const reason = (choice === 'own' ? own : choice).trim();
    if (!reason || reason.length > REFUSE_REASON_MAX) return setError(T.badReason);
    onRefuse(reason);
  };
  return (
    <ConfirmDialog open title={`${T.refuse}: ${title}`} confirmLabel={T.refuse} onConfirm={confirm} onCancel={onCancel} busy={busy}>
      <fieldset className="choices">
        <legend>Grund</legend>
        {REFUSE_PRESETS.map((r) => (
          <label key={r} className="choice">
            <input type="radio" name="reason" value={r} checked={choice === r} onChange={() => { setChoice(r); setError(null); }} /> {r}
          </label>
        ))}
        <label className="choice">
          <input type="radio" name="reason" value="own" checked={choice === 'own'} onChange={() => { setChoice('own'); setError(null); }} /> {T.ownReason}
        </label>
        {choice === 'own' && (
          <label className="field">
            {T.ownReason}
            <input type="text" maxLength={REFUSE_REASON_MAX} value={own} onChange={(e) => setOwn(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'refuse-error' : undefined} />
          </label>
        )}
      </fieldset>
      {error && <p id="refuse-error" className="error" role="alert">{error}</p>}
      {failure && !error && <p className="error" role="alert">{failure}</p>}
    </ConfirmDialog>
  );
}
