// 'Mein Konto': name, birthday, saved address and advertisement agreement, each saved by its
// account call; 'Meine Bestellungen' with status and 'Nochmal bestellen' (the lines go back into
// the cart through the pricing engine, 'Warenkorb Probleme' lists what is gone); logout;
// 'Konto löschen' after a confirmation.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $user, closeAccountDialog, deleteAccount, loadOrders, logout, saveAddress, saveAdvertisement, saveBirthday, saveName, type AccountOrder, type AddressErrors, type SaveResult, ACCOUNT_TEXTS as T, ADDRESS_FIELDS, addressErrors, birthdayProblem, cleanAddress } from '@shared/account';
import type { UserAddress } from '@shared/domain';
import { formatEuro } from '@shared/i18n';
import { $cart, receiveHandedOverCart } from '@shared/stores';
import { Button } from '@shared/ui';
import { ConfirmDialog, Dialog } from '@shared/dialog';
import type { WidgetHost } from '@shared/widget';

type Status = { kind: 'idle' | 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

function useSave(): [Status, (fn: () => Promise<SaveResult>) => Promise<void>] {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const run = async (fn: () => Promise<SaveResult>) => {
    setStatus({ kind: 'saving' });
    const r = await fn();
    setStatus(r.ok ? { kind: 'saved' } : { kind: 'failed', message: r.message ?? T.saveFailed });
  };
  return [status, run];
}

function StatusLine({ status }: { status: Status }) {
  if (status.kind === 'saved') return <p className="acc-ok" role="status">{T.saved}</p>;
  if (status.kind === 'failed') return <p className="acc-error" role="alert">{status.message}</p>;
  return null;
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className="acc-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

function TextField({ id, label, value, onChange, error, type = 'text', autoComplete, maxLength }: {
  id: string; label: string; value: string; onChange: (v: string) => void; error?: string; type?: string; autoComplete?: string; maxLength?: number;
}) {
  return (
    <div className="acc-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id} type={type} value={value} autoComplete={autoComplete} maxLength={maxLength} onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && <p id={`${id}-error`} className="acc-error" role="alert">{error}</p>}
    </div>
  );
}

const AUTOCOMPLETE: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  name: 'name', street: 'address-line1', streetNumber: 'off', floor: 'address-line2', zip: 'postal-code', city: 'address-level2', phone: 'tel', company: 'organization',
};

export default function AccountOverlay({ host, onDone }: { host: WidgetHost; onDone: (message: string) => void }) {
  const id = useId();
  const user = useStore($user);
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [birthday, setBirthday] = useState(user?.birthday ?? '');
  const [birthdayError, setBirthdayError] = useState<string | null>(null);
  const [address, setAddress] = useState<UserAddress>(() => cleanAddress(user?.address ?? {}));
  const [addressErr, setAddressErr] = useState<AddressErrors>({});
  const [nameStatus, runName] = useSave();
  const [birthdayStatus, runBirthday] = useSave();
  const [addressStatus, runAddress] = useSave();
  const [adStatus, runAd] = useSave();
  // shown at once; back to the stored value when the save fails
  const [ad, setAd] = useState(user?.advertisement ?? false);
  const [orders, setOrders] = useState<AccountOrder[] | null>(null);
  const [ordersFailed, setOrdersFailed] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailed, setDeleteFailed] = useState(false);

  useEffect(() => {
    let stop = false;
    void loadOrders().then((r) => {
      if (stop) return;
      if (r.ok) setOrders(r.orders);
      else setOrdersFailed(true);
    });
    return () => {
      stop = true;
    };
  }, []);

  if (!user) return null;

  const submitName = (e: FormEvent) => {
    e.preventDefault();
    void runName(() => saveName(firstName, lastName));
  };
  const submitBirthday = (e: FormEvent) => {
    e.preventDefault();
    const problem = birthday ? birthdayProblem(birthday, new Date().toISOString().slice(0, 10)) : null;
    setBirthdayError(problem);
    if (!problem) void runBirthday(() => saveBirthday(birthday || null));
  };
  const submitAddress = (e: FormEvent) => {
    e.preventDefault();
    const clean = cleanAddress(address);
    const errors = addressErrors(clean);
    setAddressErr(errors);
    if (Object.keys(errors).length === 0) void runAddress(() => saveAddress(clean));
  };
  const toggleAd = async (subscribe: boolean) => {
    setAd(subscribe);
    await runAd(async () => {
      const r = await saveAdvertisement(subscribe);
      if (!r.ok) setAd($user.get()?.advertisement ?? !subscribe);
      return r;
    });
  };
  const reorder = (o: AccountOrder) => {
    // the engine re-checks every line; what the shop no longer has is listed in 'Warenkorb Probleme'
    receiveHandedOverCart([...$cart.get(), ...o.items], host.shopId);
    closeAccountDialog();
    onDone(T.reordered);
  };
  const doDelete = async () => {
    setDeleting(true);
    const r = await deleteAccount();
    setDeleting(false);
    if (r.ok) {
      setConfirmDelete(false);
      onDone(T.deleted);
    } else {
      setConfirmDelete(false);
      setDeleteFailed(true);
    }
  };
  const date = (iso: string) => new Date(iso).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <>
      <Dialog open={!confirmDelete} onClose={closeAccountDialog} header={T.title} footer={null} className="acc-dialog acc-overlay">
        <p className="acc-who">{T.loggedInAs(user.email)}</p>
        <p>
          <Button variant="secondary" onClick={logout}>{T.logout}</Button>
        </p>

        <Section title={T.ordersTitle} id={`${id}-orders`}>
          {ordersFailed && <p className="acc-error" role="alert">{T.ordersFailed}</p>}
          {orders && orders.length === 0 && <p>{T.noOrders}</p>}
          {orders && orders.length > 0 && (
            <ul className="acc-orders" data-testid="account-orders">
              {orders.map((o) => (
                <li key={o.id} data-order={o.id}>
                  <span className="acc-order-head">
                    <span>{T.orderOf(date(o.createdAt))}</span>
                    <span>{formatEuro(o.totalCents)}</span>
                  </span>
                  <span data-testid="account-order-status">{o.statusText}</span>
                  <span>{o.lines.map((l) => `${l.amount}× ${l.name}`).join(', ')}</span>
                  {o.shopId === host.shopId && o.items.length > 0 && (
                    <span>
                      <Button variant="secondary" onClick={() => reorder(o)} aria-label={`${T.reorder}: ${T.orderOf(date(o.createdAt))}`}>
                        {T.reorder}
                      </Button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title={T.addressTitle} id={`${id}-address`}>
          <form className="acc-form" onSubmit={submitAddress} noValidate>
            <p className="acc-hint">{T.addressHint}</p>
            <div className="acc-grid">
              {ADDRESS_FIELDS.map((k) => (
                <TextField
                  key={k} id={`${id}-addr-${k}`} label={T.address[k]} value={address[k] ?? ''} error={addressErr[k]} autoComplete={AUTOCOMPLETE[k]}
                  type={k === 'phone' ? 'tel' : 'text'} onChange={(v) => setAddress((a) => ({ ...a, [k]: v }))}
                />
              ))}
            </div>
            <Button type="submit" loading={addressStatus.kind === 'saving'}>{T.save}</Button>
            <StatusLine status={addressStatus} />
          </form>
        </Section>

        <Section title={T.nameTitle} id={`${id}-name`}>
          <form className="acc-form" onSubmit={submitName}>
            <div className="acc-grid">
              <TextField id={`${id}-first`} label={T.firstName} value={firstName} onChange={setFirstName} autoComplete="given-name" maxLength={100} />
              <TextField id={`${id}-last`} label={T.lastName} value={lastName} onChange={setLastName} autoComplete="family-name" maxLength={100} />
            </div>
            <Button type="submit" loading={nameStatus.kind === 'saving'}>{T.save}</Button>
            <StatusLine status={nameStatus} />
          </form>
        </Section>

        <Section title={T.birthdayTitle} id={`${id}-birthday`}>
          <form className="acc-form" onSubmit={submitBirthday} noValidate>
            <TextField id={`${id}-bday`} label={T.birthday} type="date" value={birthday} onChange={setBirthday} error={birthdayError ?? undefined} autoComplete="bday" />
            <Button type="submit" loading={birthdayStatus.kind === 'saving'}>{T.save}</Button>
            <StatusLine status={birthdayStatus} />
          </form>
        </Section>

        <Section title={T.advertisementTitle} id={`${id}-ad`}>
          <label className="acc-check">
            <input type="checkbox" checked={ad} onChange={(e) => void toggleAd(e.target.checked)} />
            <span>{T.advertisement}</span>
          </label>
          <StatusLine status={adStatus} />
        </Section>

        <Section title={T.deleteTitle} id={`${id}-delete`}>
          <Button variant="secondary" onClick={() => setConfirmDelete(true)}>{T.delete}</Button>
          {deleteFailed && <p className="acc-error" role="alert">{T.deleteFailed}</p>}
        </Section>
      </Dialog>
      <ConfirmDialog
        open={confirmDelete} title={T.deleteConfirmTitle} confirmLabel={T.deleteConfirm} cancelLabel={T.cancel} busy={deleting}
        onConfirm={() => void doDelete()} onCancel={() => setConfirmDelete(false)}
      >
        {T.deleteConfirmText}
      </ConfirmDialog>
    </>
  );
}
