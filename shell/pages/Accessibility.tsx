// /barrierefreiheit: the shop's accessibility statement (BFSG), linked from the shop's footer and
// the checkout's legal links. Texts from @shared/pages.
import type { Bootstrap } from '@shared/domain';
import { accessibilityStatement, type StatementSection } from '@shared/pages';
import { Page } from './common';

function Section({ s }: { s: StatementSection }) {
  return (
    <section aria-labelledby={`a11y-${s.id}`}>
      <h3 id={`a11y-${s.id}`}>{s.heading}</h3>
      {s.paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {s.items && (
        <ul>
          {s.items.map((x, i) => (
            <li key={i}>{x}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Accessibility({ data }: { data: Bootstrap }) {
  const st = accessibilityStatement(data.config);
  const c = st.contact;
  return (
    <Page title={st.title}>
      <p>{st.intro}</p>
      {st.sections.map((s) => (
        <Section key={s.id} s={s} />
      ))}
      <section aria-labelledby="a11y-kontakt">
        <h3 id="a11y-kontakt">{c.heading}</h3>
        <p>{c.text}</p>
        <ul>
          {c.email && (
            <li>
              E-Mail: <a href={`mailto:${c.email}`}>{c.email}</a>
            </li>
          )}
          <li>
            Telefon: <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</a>
          </li>
          <li>Post: {c.address.join(', ')}</li>
        </ul>
        <p>{c.answer}</p>
      </section>
      <Section s={st.authority} />
      <p>{st.date}</p>
    </Page>
  );
}
