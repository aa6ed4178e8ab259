// 'Tische' (owner and staff): every table with its QR code and its history (the waiter's view:
// bookings, refunds, clearing — with the staff login, no waiter password). The owner also adds,
// renames and removes tables and sets the waiter password for a shared device in the shop.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { TABLES_TEXTS as X, type ShopTable } from '@shared/table';
import { ConfirmDialog } from '@shared/dialog';
import { Button } from '@shared/ui';
import type { SectionProps } from '../sectionProps';
import { tablesApi, type TablesState } from './api';
import { AddTableForm, RenameForm, WaiterPasswordForm } from './OwnerForms';
import { TableHistoryDialog } from './TableHistoryDialog';
import { INBOX_TEXTS } from '@shared/inbox';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function TablesSection({ api, user }: SectionProps) {
  const t = useMemo(() => tablesApi(api.base), [api.base]);
  const owner = user.role === 'owner';
  const [state, setState] = useState<TablesState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [history, setHistory] = useState<ShopTable | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [removing, setRemoving] = useState<ShopTable | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      setState(await t.list());
      setError(null);
    } catch (e) {
      setError(messageOf(e));
    }
  }, [t]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const remove = async (table: ShopTable) => {
    setBusy(true);
    setRemoveError(null);
    try {
      await t.remove(table.number);
      setRemoving(null);
      setNotice(X.removed(table.name));
      await reload();
    } catch (e) {
      setRemoveError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  if (!state) return error ? <p className="error" role="alert">{error}</p> : <p className="loading">{INBOX_TEXTS.loading}</p>;

  return (
    <div className="tables">
      <p className="tables__notice" role="status">{notice}</p>
      {error && <p className="error" role="alert">{error}</p>}
      {owner && (
        <AddTableForm
          api={t}
          state={state}
          onDone={(table) => {
            setNotice(X.added(table.name));
            void reload();
          }}
        />
      )}
      <p className="tables__tools">
        <a className="tl-button tl-button--secondary tables__link" href={t.qrSheetUrl} target="_blank" rel="noopener">
          {X.qrSheet}
        </a>
      </p>
      {state.tables.length === 0 && <p>{X.none}</p>}
      <ul className="tables__list">
        {state.tables.map((table) => {
          const numbered = table.name !== `Tisch ${table.number}`;
          return (
            <li key={table.number} className="card tables__table">
              <img className="tables__qr" src={t.qrUrl(table.number)} alt={X.qr(table.name)} width={112} height={112} loading="lazy" />
              <div className="tables__head">
                <h3>{table.name}</h3>
                {numbered && <p className="tables__number">Tisch {table.number}</p>}
              </div>
              <div className="tables__actions">
                {renaming === table.number ? (
                  <RenameForm
                    api={t}
                    state={state}
                    table={table}
                    onCancel={() => setRenaming(null)}
                    onDone={(renamed) => {
                      setRenaming(null);
                      setNotice(X.renamed(renamed.name));
                      void reload();
                    }}
                  />
                ) : (
                  <div className="card__actions">
                    <Button aria-label={`${X.history}: ${table.name}`} onClick={() => setHistory(table)}>{X.history}</Button>
                    {owner && (
                      <>
                        <Button variant="secondary" aria-label={`${X.rename}: ${table.name}`} onClick={() => setRenaming(table.number)}>{X.rename}</Button>
                        <Button variant="secondary" aria-label={`${X.remove}: ${table.name}`} onClick={() => { setRemoveError(null); setRemoving(table); }}>{X.remove}</Button>
                      </>
                    )}
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {owner && (
        <WaiterPasswordForm
          api={t}
          isSet={state.waiterPassword}
          onChange={(set, text) => {
            setState({ ...state, waiterPassword: set });
            setNotice(text);
          }}
        />
      )}
      {history && <TableHistoryDialog api={t} table={history} onClose={() => setHistory(null)} />}
      {removing && (
        <ConfirmDialog open title={`${X.remove}: ${removing.name}`} confirmLabel={X.remove} busy={busy} onConfirm={() => void remove(removing)} onCancel={() => setRemoving(null)}>
          <p>{X.removeConfirm(removing.name)}</p>
          {removeError && <p className="error" role="alert">{removeError}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}
