// /abmelden/{type}/{email}: one button sends POST emailunsubscribe {type, email}.
import { useState } from 'react';
import { unsubscribeEmail } from '@shared/pages';
import { answerMessage, formErrors, isUnsubscribeType, validateUnsubscribe, PAGE_TEXTS as T, unsubscribeQuestion } from '@shared/pages';
import { FormAlert, NotFound, Page, Status } from './common';

export function Unsubscribe({ type, email }: { type: string; email: string }) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (!isUnsubscribeType(type)) return <NotFound />;
  const checked = validateUnsubscribe({ type, email });
  const question = unsubscribeQuestion(type);
  const submit = async () => {
    if (!checked.ok || busy) return;
    setBusy(true);
    setFailed(null);
    try {
      await unsubscribeEmail(checked.value.type, checked.value.email);
      setDone(true);
    } catch (e) {
      setFailed(Object.values(formErrors(e) ?? {})[0] ?? answerMessage(e) ?? T.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={T.unsubscribeTitle}>
      {!checked.ok ? (
        <p className="form-error" role="alert">
          {Object.values(checked.errors)[0]}
        </p>
      ) : done ? (
        <Status>{T.unsubscribeDone}</Status>
      ) : (
        <>
          <p>
            {question.before} <strong>{checked.value.email}</strong> {question.after}
          </p>
          <FormAlert text={failed} />
          <button type="button" className="page-submit" onClick={submit} disabled={busy}>
            {busy ? T.sending : T.unsubscribeSubmit}
          </button>
        </>
      )}
    </Page>
  );
}
