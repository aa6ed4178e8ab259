// /static/{id}: a page of the shop config, by id or by name (/static/agb, /static/datenschutz).
import type { Bootstrap } from '@shared/domain';
import { findStaticPage } from '../routes';
import { NotFound, Page } from './common';

export function StaticPage({ data, id }: { data: Bootstrap; id: string }) {
  const page = findStaticPage(data.config.pages, id);
  if (!page) return <NotFound />;
  return (
    <Page title={page.title}>
      {page.body.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </Page>
  );
}
