// <tischlein-account>: the entry to login and account. In the shop's header (and on any page that places it) a button 'Anmelden' or 'Mein Konto';
// inside the checkout (data-variant="checkout") a line offering the login. Shown when the shop's
// enableLogin flag or the dev flag showLogin is on, or while logged in. The dialogs load on first use.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $accountDialog, $justLoggedIn, $token, $user, openAccountDialog, startAccount, ACCOUNT_TEXTS, LOGIN_TEXTS } from '@shared/account';
import { $bootstrap, $devFlags } from '@shared/stores';
import { Button, Toast } from '@shared/ui';
import { useFirstInstance, type WidgetProps } from '@shared/widget';

const LoginDialog = lazy(() => import('./LoginDialog'));
const AccountOverlay = lazy(() => import('./AccountOverlay'));

export function AccountWidget({ host, options }: WidgetProps) {
  const boot = useStore($bootstrap);
  const flags = useStore($devFlags);
  const token = useStore($token);
  const user = useStore($user);
  const dialog = useStore($accountDialog);
  const justLoggedIn = useStore($justLoggedIn);
  const first = useFirstInstance('account');
  const [toast, setToast] = useState<string | null>(null);
  const variant = options.variant === 'checkout' ? 'checkout' : 'header';

  useEffect(() => {
    void startAccount();
  }, []);
  useEffect(() => {
    if (first && justLoggedIn && user) {
      setToast(LOGIN_TEXTS.justLoggedIn);
      $justLoggedIn.set(false);
    }
  }, [first, justLoggedIn, user]);

  const config = boot.status === 'ready' ? boot.data?.config : undefined;
  if (!config) return null;
  const enabled = config.flags.enableLogin || flags.showLogin || token !== null;
  if (!enabled) return null;

  const entry =
    variant === 'checkout' ? (
      user ? (
        <p className="acc-entry acc-entry--checkout">
          <span>{ACCOUNT_TEXTS.loggedInAs(user.email || [user.firstName, user.lastName].join(' '))}</span>
        </p>
      ) : token ? null : (
        <p className="acc-entry acc-entry--checkout">
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => openAccountDialog('login')}>
            {LOGIN_TEXTS.open}
          </Button>
        </p>
      )
    ) : (
      <div className="acc-entry acc-entry--header">
        {user ? (
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => openAccountDialog('account')}>
            {ACCOUNT_TEXTS.open}
          </Button>
        ) : (
          !token && (
            <Button variant="secondary" aria-haspopup="dialog" onClick={() => openAccountDialog('login')}>
              {LOGIN_TEXTS.open}
            </Button>
          )
        )}
      </div>
    );

  return (
    <>
      {entry}
      {first && (
        <Suspense fallback={null}>
          {dialog === 'login' && !user && <LoginDialog host={host} config={config} />}
          {dialog === 'account' && user && <AccountOverlay host={host} onDone={setToast} />}
        </Suspense>
      )}
      {first && (
        <Toast open={toast !== null} onHide={() => setToast(null)}>
          {toast}
        </Toast>
      )}
    </>
  );
}
