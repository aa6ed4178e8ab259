// /feedback/{order}: 1–5 stars for each dish of the order and a comment; once per order.
import { useState, type FormEvent } from 'react';
import { getFeedback, sendFeedback, PAGE_TEXTS as T, validateFeedback } from '@shared/pages';
import { Field, usePageForm, FormAlert, LoadState, Page, Status, useLoad } from './common';

const STAR_LABELS = ['1 Stern', '2 Sterne', '3 Sterne', '4 Sterne', '5 Sterne'];

export function Feedback({ orderId }: { orderId: string }) {
  const [state, setData] = useLoad(() => getFeedback(orderId), [orderId]);
  const { form, errors, busy, failed, submit } = usePageForm();
  const [stars, setStars] = useState<Record<number, number>>({});
  const [thanks, setThanks] = useState(false);
  if (state.state !== 'ready') return <LoadState state={state} title={T.feedbackTitle} />;
  const info = state.data;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const comment = String(new FormData(e.currentTarget).get('comment') ?? '');
    const ratings = Object.entries(stars).map(([position, n]) => ({ position: Number(position), stars: n }));
    await submit(validateFeedback({ ratings, comment }, info.dishes.map((d) => d.position)), async (value) => {
      await sendFeedback(orderId, value);
      setThanks(true);
      setData({ ...info, done: true });
    });
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
