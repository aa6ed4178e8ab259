// 'Wähle einen Tisch' (number ≥ 1, OK) and the waiter's sign-in (own design: the password is
// checked by the server, which answers with a session for the day).
import { useEffect, useState } from 'react';
import { isApiError } from '@shared/api';
import { parseTableNumber, loginWaiter, TABLE_TEXTS as T } from '@shared/table';
import { Button } from '@shared/ui';
import { Dialog } from '@shared/dialog';

export function SelectTableDialog({ open, initial, persistent, onChoose, onClose }: {
  open: boolean; initial: number | null; persistent: boolean; onChoose: (n: number) => void; onClose: () => void;
}) {
  const [value, setValue] = useState(initial !== null ? String(initial) : '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setValue(initial !== null ? String(initial) : '');
      setError(null);
    }
  }, [open, initial]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const n = parseTableNumber(value);
    if (n === null) return setError(T.tableInvalid);
    onChoose(n);
  };
  return (
    <Dialog open={open} onClose={onClose} header={T.selectTitle} persistent={persistent} hideCloseIcon={persistent} footer={null}>
      <form onSubmit={submit} noValidate className="table-form">
        <label htmlFor="table-number">{T.selectLabel}</label>
        <input
          id="table-number" name="table" type="number" inputMode="numeric" min={1} step={1} value={value}
          aria-invalid={error ? true : undefined} aria-describedby={error ? 'table-number-error' : undefined}
          onChange={(e) => { setValue(e.target.value); setError(null); }}
        />
        {error && <p id="table-number-error" className="table-error" role="alert">{error}</p>}
        <Button type="submit" block>{T.ok}</Button>
      </form>
    </Dialog>
  );
}

export function WaiterLoginDialog({ open, onDone, onClose }: { open: boolean; onDone: (until: string) => void; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setPassword('');
      setError(null);
    }
  }, [open]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) return setError(T.waiterWrong);
    setBusy(true);
    try {
      const s = await loginWaiter(password);
      if (!s.waiter || !s.until) throw new Error('no session');
      onDone(s.until);
    } catch (err) {
      const status = isApiError(err) ? err.status : 0;
      setError(status === 401 ? T.waiterWrong : status === 429 ? T.waiterTooMany : T.waiterFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} header={T.waiterLogin} footer={null}>
      <form onSubmit={submit} noValidate className="table-form">
        <label htmlFor="waiter-password">{T.waiterPassword}</label>
        <input
          id="waiter-password" name="password" type="password" autoComplete="current-password" value={password}
          aria-invalid={error ? true : undefined} aria-describedby={error ? 'waiter-password-error' : undefined}
          onChange={(e) => { setPassword(e.target.value); setError(null); }}
        />
        {error && <p id="waiter-password-error" className="table-error" role="alert">{error}</p>}
        <Button type="submit" block loading={busy}>{T.waiterSubmit}</Button>
      </form>
    </Dialog>
  );
}
