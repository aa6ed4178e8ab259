// /feedback/{order}: 1–5 stars for each dish of the order and a comment; once per order.
import { useRef, useState, type FormEvent } from 'react';
import { answerMessage, formErrors, getFeedback, sendFeedback } from '@shared/api';
import { PAGE_TEXTS as T } from '@shared/i18n';
import { validateFeedback, type FieldErrors } from '@shared/rules';
import { Field, useFocusFirstError, FormAlert, LoadState, Page, Status, useLoad } from './common';

const STAR_LABELS = ['1 Stern', '2 Sterne', '3 Sterne', '4 Sterne', '5 Sterne'];

export function Feedback({ orderId }: { orderId: string }) {
  const [state, setData] = useLoad(() => getFeedback(orderId), [orderId]);
  const form = useRef<HTMLFormElement>(null);
  const [stars, setStars] = useState<Record<number, number>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  useFocusFirstError(form, errors);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [thanks, setThanks] = useState(false);
  if (state.state !== 'ready') return <LoadState state={state} title={T.feedbackTitle} />;
  const info = state.data;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setFailed(null);
    const comment = String(new FormData(e.currentTarget).get('comment') ?? '');
    const ratings = Object.entries(stars).map(([position, n]) => ({ position: Number(position), stars: n }));
    const checked = validateFeedback({ ratings, comment }, info.dishes.map((d) => d.position));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await sendFeedback(orderId, checked.value);
      setThanks(true);
      setData({ ...info, done: true });
    } catch (err) {
      const fields = formErrors(err);
      if (fields) setErrors(fields);
      else setFailed(answerMessage(err) ?? T.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={T.feedbackTitle}>
      {thanks ? (
        <Status>{T.feedbackThanks}</Status>
      ) : info.done ? (
        <Status>{T.feedbackDone}</Status>
      ) : (
        <form ref={form} onSubmit={onSubmit} noValidate className="page-form">
          <p>{T.feedbackIntro}</p>
          {info.dishes.map((d, i) => {
            const missing = errors.ratings && !(stars[d.position] >= 1);
            return (
              <fieldset
                key={d.position}
                className="stars"
                aria-invalid={missing ? true : undefined}
                aria-describedby={missing ? 'ratings-error' : undefined}
                tabIndex={missing && i === info.dishes.findIndex((x) => !(stars[x.position] >= 1)) ? -1 : undefined}
              >
                <legend>
                  {d.amount > 1 ? `${d.amount} × ` : ''}
                  {d.name}
                </legend>
                <div className="stars__row">
                  {STAR_LABELS.map((label, n) => (
                    <label key={n} className={`stars__star${(stars[d.position] ?? 0) > n ? ' stars__star--on' : ''}`}>
                      <input
                        type="radio"
                        name={`stars-${d.position}`}
                        value={n + 1}
                        checked={stars[d.position] === n + 1}
                        onChange={() => setStars((s) => ({ ...s, [d.position]: n + 1 }))}
                      />
                      <span aria-hidden="true">★</span>
                      <span className="visually-hidden">{label}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            );
          })}
          {errors.ratings && (
            <p className="form-error" id="ratings-error">
              {errors.ratings}
            </p>
          )}
          <Field name="comment" label={T.feedbackComment} multiline required={false} error={errors.comment} />
          <FormAlert text={failed} />
          <button type="submit" className="page-submit" aria-busy={busy || undefined}>
            {busy ? T.sending : T.feedbackSubmit}
          </button>
        </form>
      )}
    </Page>
  );
}
