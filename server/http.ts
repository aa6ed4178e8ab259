// Request helpers: JSON errors and valibot validation (through @hono/valibot-validator) with
// readable paths. Body size limits come from hono/body-limit (app.ts).
import { vValidator } from '@hono/valibot-validator';
import type { Context } from 'hono';
import * as v from 'valibot';
import { formatPath } from './data/load';

export const MAX_BODY_BYTES = 64 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function errorBody(code: string, message: string) {
  return { error: code, message };
}

export function jsonError(c: Context, e: HttpError): Response {
  return c.json(errorBody(e.code, e.message), e.status);
}

/** First issue as 'path: message' */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const i = issues[0];
  const path = i.path ? formatPath(i.path as { key?: unknown }[]) : '';
  return path ? `${path}: ${i.message}` : i.message;
}

export function validate<T extends v.GenericSchema>(schema: T, input: unknown, code = 'invalid_request'): v.InferOutput<T> {
  const r = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!r.success) throw new HttpError(400, code, describeIssues(r.issues));
  return r.output;
}

const hook =
  (code: string) =>
  (result: { success: boolean; issues?: readonly v.BaseIssue<unknown>[] }, c: Context) => {
    if (!result.success) return c.json(errorBody(code, describeIssues(result.issues!)), 400);
  };

/** Validated JSON body (c.req.valid('json')); malformed JSON is answered in app.ts' onError. */
export const jsonBody = <S extends v.GenericSchema>(schema: S, code = 'invalid_body') => vValidator('json', schema, hook(code));

/** Validated query (c.req.valid('query')); a repeated parameter is an error. */
export const queryOf = <S extends v.GenericSchema>(schema: S, code = 'invalid_request') => vValidator('query', schema, hook(code));

/**
 * JSON for a jsonb column: PostgreSQL rejects NUL characters in text and jsonb, and deep
 * nesting is no tracking data — 400 instead of a database error.
 */
export function toDbJson(value: unknown): string | null {
  if (value === undefined) return null;
  const clean = (x: unknown, depth: number): unknown => {
    if (depth > 32) throw new HttpError(400, 'invalid_body', 'JSON nesting deeper than 32 levels');
    if (typeof x === 'string') return x.replace(/\0/g, '');
    if (Array.isArray(x)) return x.map((y) => clean(y, depth + 1));
    if (x && typeof x === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, val] of Object.entries(x)) out[k.replace(/\0/g, '')] = clean(val, depth + 1);
      return out;
    }
    return x;
  };
  return JSON.stringify(clean(value, 0));
}

/** Text for a text column (no NUL characters). */
export function dbText(value: string | null | undefined): string | null {
  return value == null ? null : value.replace(/\0/g, '');
}

/**
 * A JSON body for routes whose schema lives in the handler (the order: its own German
 * checks). The size limit is hono/body-limit's (app.ts); malformed JSON is a 400.
 */
export async function readJson(c: Context, { optional = false } = {}): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) {
    if (optional) return undefined;
    throw new HttpError(400, 'invalid_json', 'Der Body fehlt (JSON erwartet).');
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new HttpError(400, 'invalid_json', `Kein gültiges JSON: ${(e as Error).message}`);
  }
}
