// For the menu editor's component tests: a fake of the staff API's menu calls in place of fetch.
// The draft starts as `start` (revision 0); a saved draft becomes the current one; 'publish' answers
// version 2. `answers` replace the answer of a call ('PUT /draft', …) to test a refusal.
import { jest } from '@jest/globals';
import type { Catalog } from '@shared/domain';

export type FakeCall = { method: string; url: string; body: unknown };
export type FakeAnswers = Record<string, (body: unknown) => { status: number; json: unknown }>;

export function fakeMenuApi(start: Catalog, answers: FakeAnswers = {}) {
  const calls: FakeCall[] = [];
  let revision = 0;
  let current = start;
  const draft = () => ({ revision, catalog: current, updatedAt: null, updatedBy: null, published: { version: 1, label: '1-abc' }, changed: revision > 0 });
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: u, body });
    const key = `${method} ${u.replace(/^.*\/menu/, '')}`;
    const custom = answers[key];
    if (custom) {
      const r = custom(body);
      return new Response(JSON.stringify(r.json), { status: r.status, headers: { 'Content-Type': 'application/json' } });
    }
    if (key === 'GET /draft') return Response.json(draft());
    if (key === 'PUT /draft') {
      revision += 1;
      current = (body as { catalog: Catalog }).catalog;
      return Response.json(draft());
    }
    if (key === 'GET /versions') return Response.json({ versions: [] });
    if (key === 'POST /publish') return Response.json({ version: 2, label: '2-def', unchanged: false });
    return new Response('{}', { status: 404 });
  }) as unknown as typeof fetch;
  return {
    calls,
    current: () => current,
    /** the catalogs sent by 'PUT /draft', in order */
    puts: () => calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { catalog: Catalog }).catalog),
  };
}
