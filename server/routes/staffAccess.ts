// What every staff route file needs (server/routes/staff.ts mounts them): the context's variables,
// the JSON rule for writes, the owner check. Its own module, so route files and staff.ts do not
// import each other.
import type { Context } from 'hono';
import * as v from 'valibot';
import { HttpError, readJson, validate } from '../http';
import type { StaffPrincipal } from '../staff/service';

/** What a staff route finds on its context: the caller and the shop (its id checked) */
export type StaffEnv = { Variables: { principal: StaffPrincipal; shopId: string } };

/** A write carries JSON (a cross-site form cannot); the body is read and validated. */
export async function jsonOf<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(415, 'json_required', 'Bitte als JSON senden (Content-Type: application/json).');
  return validate(schema, await readJson(c), 'invalid_body');
}

/** Owner only, logged in (a POS key is not an owner): 403 otherwise */
export function requireOwner(c: Context<StaffEnv>): void {
  const p = c.get('principal');
  if (p.kind !== 'session' || p.user.role !== 'owner') throw new HttpError(403, 'owner_only', 'Das darf nur der Inhaber (mit Anmeldung).');
}

