// The group dialogs: welcome, create, join. Texts from @shared/group;
// the name rule (>= 3 characters) from @shared/rules.
import { useState, type FormEvent } from 'react';
import { type FoundGroup, GROUP_TEXTS as T } from '@shared/group';
import { nameError, validateName } from '@shared/rules';
import { Button } from '@shared/ui';
import { Dialog } from '@shared/dialog';

export function WelcomeDialog({ open, onClose, onCreate }: { open: boolean; onClose: () => void; onCreate: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} header={T.welcomeTitle} className="grp-dialog" footer={<Button onClick={onCreate}>{T.createButton}</Button>}>
      <ol className="grp-steps">
        {T.welcomeSteps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {T.footnotes.map((f) => (
        <p key={f} className="grp-footnote">{f}</p>
      ))}
    </Dialog>
  );
}

function NameField({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error: string | null }) {
  return (
    <div className="grp-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id} value={value} maxLength={60} autoComplete="off" onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && <p id={`${id}-error`} role="alert" className="grp-error">{error}</p>}
    </div>
  );
}

export function CreateDialog({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (group: string, own: string) => Promise<void> }) {
  const [group, setGroup] = useState('');
  const [own, setOwn] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const groupErr = tried ? nameError('group', group) : null;
  const ownErr = tried ? nameError('own', own) : null;
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setTried(true);
    if (!validateName(group) || !validateName(own) || busy) return;
    setBusy(true);
    try {
      await onSubmit(group, own);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open} onClose={onClose} header={T.createTitle} className="grp-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{T.cancel}</Button>
          <Button onClick={() => void submit()} loading={busy}>{T.createSubmit}</Button>
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <NameField id="grp-create-group" label={T.groupNameLabel} value={group} onChange={setGroup} error={groupErr} />
        <NameField id="grp-create-own" label={T.ownNameLabel} value={own} onChange={setOwn} error={ownErr} />
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}

export function JoinDialog({ found, onClose, onSubmit }: { found: FoundGroup | null; onClose: () => void; onSubmit: (own: string) => Promise<void> }) {
  const [own, setOwn] = useState('');
  const [busy, setBusy] = useState(false);
  const ok = validateName(own);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!ok || busy) return;
    setBusy(true);
    try {
      await onSubmit(own);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={!!found} onClose={onClose} header={T.joinTitle} className="grp-dialog"
      subheader={found ? T.joinIntro(found.name, found.owner) : null}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{T.cancel}</Button>
          <Button onClick={() => void submit()} disabled={!ok} loading={busy}>{T.joinSubmit}</Button>
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <NameField id="grp-join-own" label={T.ownNameLabel} value={own} onChange={setOwn} error={null} />
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}

/** Rename the group or oneself: one field, the same >= 3 rule and message. */
export function RenameDialog({ kind, initial, onClose, onSubmit }: { kind: 'group' | 'own' | null; initial: string; onClose: () => void; onSubmit: (name: string) => Promise<void> }) {
  const [value, setValue] = useState(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const err = tried && kind ? nameError(kind, value) : null;
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setTried(true);
    if (!validateName(value) || busy) return;
    setBusy(true);
    try {
      await onSubmit(value);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={kind !== null} onClose={onClose} header={kind === 'group' ? T.renameGroup : T.renameSelf} className="grp-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{T.cancel}</Button>
          <Button onClick={() => void submit()} loading={busy}>{T.save}</Button>
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <NameField id="grp-rename" label={kind === 'group' ? T.groupNameLabel : T.ownNameLabel} value={value} onChange={setValue} error={err} />
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
