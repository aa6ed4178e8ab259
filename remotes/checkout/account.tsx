// The checkout's part of login and account:
// a logged-in guest's saved address and e-mail fill the empty fields, 'Konto erstellen' sends
// auth/signup with the order, and after an order its address may become the default.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { $token, $user, loadOrders, saveAddress, signup, type AccountOrder, ACCOUNT_TEXTS, differsFromSaved } from '@shared/account';
import type { CheckoutFormState } from '@shared/checkout';
import { Button } from '@shared/ui';

/** The saved address and e-mail go into the fields that are still empty. */
export function prefillFromAccount(f: CheckoutFormState, user: ReturnType<typeof $user.get>): CheckoutFormState {
  if (!user) return f;
  const a = user.address;
  const pick = (k: keyof CheckoutFormState, value: string | undefined) => (typeof f[k] === 'string' && !(f[k] as string).trim() && value ? { [k]: value } : {});
  return {
    ...f,
    ...pick('email', user.email),
    ...pick('name', a?.name || [user.firstName, user.lastName].filter(Boolean).join(' ')),
    ...(a && !f.street.trim()
      ? { ...pick('street', a.street), ...pick('streetNumber', a.streetNumber), ...pick('zip', a.zip), ...pick('city', a.city), ...pick('floor', a.floor) }
      : {}),
    ...pick('phone', a?.phone),
    ...pick('company', a?.company),
  };
}

/** Fills the form once the user is known (it may load after the form). */
export function useAccountPrefill(setForm: (fn: (f: CheckoutFormState) => CheckoutFormState) => void): boolean {
  const user = useStore($user);
  useEffect(() => {
    if (user) setForm((f) => prefillFromAccount(f, user));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);
  return user !== null;
}

/** The login link went out after 'Konto erstellen' (shown on the success view). */
export const $signupSent = atom<boolean>(false);

/** 'Konto erstellen' (was checked before the submit): auth/signup with the order. */
export async function signupWithOrder(orderId: string): Promise<void> {
  try {
    await signup(orderId, typeof location !== 'undefined' ? location.href : null);
    $signupSent.set(true);
  } catch {
    // the order stands; the guest can ask for a link with 'Anmelden' later
  }
}

/** The token for the order submit (the server links the order to the account). */
export function currentToken(): string | null {
  return $token.get();
}

/** After an order: its address may replace the saved one. */
export function AfterOrderAccount({ orderId }: { orderId: string }) {
  const user = useStore($user);
  const signupSent = useStore($signupSent);
  const [order, setOrder] = useState<AccountOrder | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  useEffect(() => {
    if (!user) return;
    let stop = false;
    void loadOrders().then((r) => {
      if (!stop && r.ok) setOrder(r.orders.find((o) => o.id === orderId) ?? null);
    });
    return () => {
      stop = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id, orderId]);
  const address = order?.address;
  const offer = user && address && (state !== 'idle' || differsFromSaved(user.address, address));
  const save = async () => {
    if (!user || !address) return;
    setState('saving');
    const r = await saveAddress({ ...(user.address ?? { name: '', phone: '', company: '' }), ...address } as Parameters<typeof saveAddress>[0]);
    setState(r.ok ? 'saved' : 'failed');
  };
  return (
    <>
      {signupSent && !user && <p className="co-account-note" role="status">{ACCOUNT_TEXTS.signupSent}</p>}
      {offer && (
        <div className="co-account-note">
          {state === 'saved' ? (
            <p role="status">{ACCOUNT_TEXTS.madeDefault}</p>
          ) : (
            <Button variant="secondary" onClick={() => void save()} loading={state === 'saving'}>
              {ACCOUNT_TEXTS.makeDefault}
            </Button>
          )}
          {state === 'failed' && <p role="alert">{ACCOUNT_TEXTS.saveFailed}</p>}
        </div>
      )}
    </>
  );
}
