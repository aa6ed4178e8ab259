// The demo shop's staff login, in development only (README). Production refuses to start while
// this login works in its database (server/main.ts): a public password must never open a real inbox.
import type { Db } from '../db';
import { verifyPassword } from './password';
import { createStaffUser } from './service';

export const DEMO_STAFF = { shopId: 'demo', email: 'inhaber@demo.tischlein.de', password: 'Tischlein-Demo-2026', name: 'Inhaber (Demo)' } as const;

/** Creates the demo owner once (development); false when the shop is not there or the login exists. */
export async function seedDemoStaff(db: Db, shopIds: Iterable<string>): Promise<boolean> {
  if (![...shopIds].includes(DEMO_STAFF.shopId)) return false;
  const { rows } = await db.query('SELECT 1 FROM staff_users WHERE shop_id = $1 AND email = $2', [DEMO_STAFF.shopId, DEMO_STAFF.email]);
  if (rows.length) return false;
  try {
    await createStaffUser(db, { shopId: DEMO_STAFF.shopId, email: DEMO_STAFF.email, name: DEMO_STAFF.name, role: 'owner', password: DEMO_STAFF.password });
  } catch (e) {
    // two processes starting together on one database: the other one seeded it a moment ago
    if ((e as { code?: string }).code === '23505') return false;
    throw e;
  }
  return true;
}

/** A production problem when any staff login accepts the public demo password. */
export async function demoStaffProblems(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ shop_id: string; email: string; password: string }>('SELECT shop_id, email, password FROM staff_users WHERE email = $1', [DEMO_STAFF.email]);
  const out: string[] = [];
  for (const r of rows) {
    if (await verifyPassword(DEMO_STAFF.password, r.password)) {
      out.push(`staff login ${r.email} of shop '${r.shop_id}' has the public demo password (README): delete it or set another password.`);
    }
  }
  return out;
}
