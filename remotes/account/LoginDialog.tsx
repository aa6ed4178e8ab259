// The login dialog: the guest enters an e-mail and gets a
// one-time link; success, 'user-not-found' and any other error are told apart, in German.
import { useId, useRef, useState, type FormEvent } from 'react';
import { closeAccountDialog, requestLink, type LinkOutcome, LOGIN_TEXTS as T } from '@shared/account';
import { isEmail } from '@shared/rules';
import type { ShopConfig } from '@shared/domain';
import { Button } from '@shared/ui';
import { Dialog } from '@shared/dialog';
import type { WidgetHost } from '@shared/widget';

const MESSAGES: Record<Exclude<LinkOutcome, 'sent'>, string> = {
  'user-not-found': T.userNotFound,
  'rate-limited': T.rateLimited,
  'invalid-email': T.invalidEmail,
  error: T.error,
};

export default function LoginDialog({ host, config }: { host: WidgetHost; config: ShopConfig }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isEmail(email)) {
      setOutcome('invalid-email');
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setOutcome(null);
    // the link leads back to this page (the shop, or a restaurant's page the shop allows)
    const r = await requestLink({ email: email.trim(), webshop: host.shopId, franchise: config.franchiseId ?? null, returnTo: location.href });
    setBusy(false);
    setOutcome(r);
  };

  const error = outcome && outcome !== 'sent' ? MESSAGES[outcome] : null;
  return (
    <Dialog open onClose={closeAccountDialog} header={T.title} footer={null} className="acc-dialog" initialFocus={inputRef}>
      {outcome === 'sent' ? (
        <>
          <p role="status" className="acc-ok" data-testid="login-sent">{T.sent}</p>
          <p>
            <Button onClick={closeAccountDialog}>{T.close}</Button>
          </p>
        </>
      ) : (
        <form className="acc-form" onSubmit={submit} noValidate>
          <p className="acc-hint" id={`${id}-intro`}>{T.intro}</p>
          <div className="acc-field">
            <label htmlFor={`${id}-email`}>{T.emailLabel}</label>
            <input
              ref={inputRef} id={`${id}-email`} type="email" name="email" autoComplete="email" inputMode="email" value={email}
              onChange={(e) => { setEmail(e.target.value); if (outcome) setOutcome(null); }}
              aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : `${id}-intro`} required
            />
          </div>
          {error && <p id={`${id}-error`} className="acc-error" role="alert" data-outcome={outcome}>{error}</p>}
          <Button type="submit" loading={busy} block>{busy ? T.sending : T.submit}</Button>
        </form>
      )}
    </Dialog>
  );
}
