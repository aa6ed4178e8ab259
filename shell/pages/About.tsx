// /ueber-uns from the shop config (about text, address, news) with the job entries and their
// application form (POST /jobs/entry/{id}/submit {formData}).
import { useState, type FormEvent } from 'react';
import { submitJobEntry } from '@shared/pages';
import type { Bootstrap, JobEntry } from '@shared/domain';
import { PAGE_TEXTS as T, type FieldErrors, validateJobApplication } from '@shared/pages';
import { Field, usePageForm, FormAlert, formValues, Page, Status } from './common';

export function About({ data }: { data: Bootstrap }) {
  const c = data.config;
  return (
    <Page title={T.aboutTitle}>
      {c.about.length > 0 ? c.about.map((p, i) => <p key={i}>{p}</p>) : <p>{c.restaurantName}</p>}
      <address className="page-address">
        {c.restaurantName}
        <br />
        {c.restaurantStreet}
        <br />
        {c.restaurantZip} {c.restaurantCity}
        <br />
        Telefon: <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</a>
      </address>
      {c.news.length > 0 && (
        <section aria-labelledby="news-title">
          <h3 id="news-title">Neuigkeiten</h3>
          <ul>
            {c.news.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </section>
      )}
      {c.jobEntries.length > 0 && (
        <section aria-labelledby="jobs-title" className="jobs">
          <h3 id="jobs-title">{T.jobsTitle}</h3>
          {c.jobEntries.map((j) => (
            <Job key={j.id} entry={j} />
          ))}
        </section>
      )}
    </Page>
  );
}

function Job({ entry }: { entry: JobEntry }) {
  const { form, errors, busy, failed, submit } = usePageForm();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    await submit(validateJobApplication(formValues(e.currentTarget)), async (value) => {
      await submitJobEntry(entry.id, { ...value });
      setSent(true);
    });
  };
  const prefix = `job-${entry.id}`;
  return (
    <article className="job" aria-labelledby={`${prefix}-title`}>
      <h4 id={`${prefix}-title`}>{entry.title}</h4>
      {entry.description.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {sent ? (
        <Status>{T.jobSent}</Status>
      ) : !open ? (
        <button type="button" className="page-submit" aria-expanded="false" onClick={() => setOpen(true)}>
          Jetzt bewerben<span className="visually-hidden">: {entry.title}</span>
        </button>
      ) : (
        <form ref={form} onSubmit={onSubmit} noValidate className="page-form" aria-label={`Bewerbung: ${entry.title}`}>
          <JobFields prefix={prefix} errors={errors} />
          <FormAlert text={failed} />
          <button type="submit" className="page-submit" aria-busy={busy || undefined}>
            {busy ? T.sending : T.jobSubmit}
          </button>
        </form>
      )}
    </article>
  );
}

/** Field ids must be unique on the page: one form per job entry. */
function JobFields({ prefix, errors }: { prefix: string; errors: FieldErrors }) {
  return (
    <div data-job={prefix}>
      <Field name="name" label="Name" autoComplete="name" error={errors.name} idPrefix={prefix} />
      <Field name="email" label="E-Mail" type="email" inputMode="email" autoComplete="email" error={errors.email} idPrefix={prefix} />
      <Field name="phone" label="Telefon" type="tel" inputMode="tel" autoComplete="tel" required={false} error={errors.phone} idPrefix={prefix} />
      <Field name="message" label="Über Dich" multiline error={errors.message} idPrefix={prefix} />
    </div>
  );
}
