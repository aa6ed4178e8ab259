// Request and answer helpers of the shop pages' routes (server/routes/pages.ts).
import type { Context } from 'hono';
import * as v from 'valibot';
import type { FieldErrors } from '@shared/pages';
import { errorBody, HttpError, readJson } from '../http';

export const anyObject = v.record(v.string(), v.unknown(), 'expected a JSON object');

/** 400 with the field messages (German), as the checkout does: { error, message, fields }. */
export function fieldError(c: Context, errors: FieldErrors) {
  const first = Object.values(errors)[0] ?? 'Ungültige Eingabe.';
  return c.json({ ...errorBody('invalid_form', first), fields: errors }, 400);
}

export async function objectBody(c: Context): Promise<Record<string, unknown>> {
  const body = await readJson(c);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'invalid_body', 'expected a JSON object');
  return body as Record<string, unknown>;
}
