// Request helpers: JSON errors, bounded body reading, valibot validation with readable paths.
import type { Context } from 'hono';
import * as v from 'valibot';
import { formatPath } from './data/load';

export const MAX_BODY_BYTES = 64 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 404 | 405 | 409 | 413 | 415 | 422,
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

/** Reads at most MAX_BODY_BYTES (413 beyond), parses JSON (400 when malformed). */
export async function readJson(c: Context, { optional = false } = {}): Promise<unknown> {
  const declared = c.req.header('content-length');
  if (declared && Number(declared) > MAX_BODY_BYTES) {
    throw new HttpError(413, 'payload_too_large', `Der Body ist größer als ${MAX_BODY_BYTES} Bytes.`);
  }
  const stream = c.req.raw.body;
  let text = '';
  if (stream) {
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new HttpError(413, 'payload_too_large', `Der Body ist größer als ${MAX_BODY_BYTES} Bytes.`);
      }
      chunks.push(value);
    }
    text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
  }
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

/** Query parameters as a plain object (last value wins). */
export function queryObject(c: Context): Record<string, string> {
  const out: Record<string, string> = {};
  new URL(c.req.url).searchParams.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** True when `header` (an If-None-Match value) matches `etag`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

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
