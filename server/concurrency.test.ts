// Double clicks: concurrent requests with the same key answer like the first click (no 500 from
// a unique violation). On PGlite always; on a real PostgreSQL too when TEST_DATABASE_URL is set
// (.ci/postgres-tests.sh), where the requests really run in parallel on several connections.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDb } from './db';
import { createTestServer, type TestServer } from './testing';

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

for (const backend of backends) {
  describe(`double clicks on ${backend}`, () => {
    let s: TestServer;
    beforeAll(async () => {
      const db = backend === 'postgres' ? await openDb({ databaseUrl: PG_URL, poolMax: 10 }) : await openDb();
      s = await createTestServer({ db });
    }, 60_000);
    afterAll(async () => {
      await s?.close();
    });
    const post = (path: string, body: unknown) =>
      s.app.request(`/api/shop/demo${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

    it('20 concurrent joins of a group with one user id: 20 × 201, one member, the same member id', async () => {
      const created = await post('/group-order', { groupName: 'Büro', userName: 'Olga', isPickup: true, userId: 'owner-user-0000000001' });
      expect(created.status).toBe(201);
      const g = (await created.json()) as { id: string };
      const userId = `anna-${backend}-0000000001`;
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(`/group-order/${g.id}/join`, { userName: 'Anna', userId })));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
      const memberIds = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { memberId: string }).memberId)));
      expect(memberIds.size).toBe(1);
      const group = (await (await s.app.request(`/api/shop/demo/group-order/${g.id}`)).json()) as { members: { id: string; name: string }[] };
      expect(group.members.map((m) => m.name)).toEqual(['Olga', 'Anna']);
      expect(group.members[1].id).toBe([...memberIds][0]);
      // joining again later (another tab) keeps the member and takes the new name
      const again = await post(`/group-order/${g.id}/join`, { userName: 'Anna B.', userId });
      expect(((await again.json()) as { memberId: string }).memberId).toBe([...memberIds][0]);
    }, 60_000);
  });
}
