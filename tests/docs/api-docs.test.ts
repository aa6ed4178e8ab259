// docs/api.md must name every route the server registers, every environment variable the
// server reads and every table the migrations create. Routes come from the Hono app itself (`app.routes`), variables from the server's
// source (`process.env.X`, `env.X`, `env['X']`, `const { X } = process.env`).
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createTestServer } from '../../server/testing';

const ROOT = join(__dirname, '..', '..');
const API_DOC = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8');

/** The prefixes docs/api.md sections name once in their heading or first lines, then leave out. */
const PREFIXES = ['/api/shop/{}', '/api/platform', '/api/staff/{}'];

/** `:shopId`, `{shopId}`, `{width}x{height}.{webp|png|jpg}`-style segments all become `{}`. */
export function normalisePath(path: string): string {
  return path
    .split('/')
    .map((seg) => (seg.startsWith(':') || /^\{[^/]*\}$/.test(seg) ? '{}' : seg))
    .join('/');
}

interface Section {
  prefix: string | null;
  lines: string[];
}

/** Splits a markdown text at its `## ` headings; a section's prefix is the first one named in its heading or first 3 lines. */
export function sections(doc: string): Section[] {
  const out: Section[] = [];
  let current: Section = { prefix: null, lines: [] };
  for (const line of doc.split('\n')) {
    if (line.startsWith('## ')) {
      out.push(current);
      current = { prefix: null, lines: [] };
    }
    current.lines.push(line);
  }
  out.push(current);
  for (const s of out) {
    const head = normalisePlaceholders(s.lines.slice(0, 4).join(' '));
    s.prefix = PREFIXES.find((p) => head.includes(p)) ?? null;
  }
  return out;
}

/** `{shopId}` etc. anywhere in a text → `{}` (so doc lines compare with normalised paths). */
function normalisePlaceholders(text: string): string {
  return text.replace(/\{[^{}\s`|]*\}/g, '{}').replace(/:(?=[A-Za-z])[A-Za-z]+/g, '{}');
}

function mentions(line: string, method: string, path: string): boolean {
  if (!new RegExp(`\\b${method}\\b`).test(line)) return false;
  const escaped = path.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  // the path, not a longer one: `/tr/v` must not be found in `/tr/v/{id}`
  return new RegExp(`${escaped}(?![A-Za-z0-9_/{}.-])`).test(normalisePlaceholders(line));
}

/** Whether `doc` documents `method path`: the full path, or the path after its section's prefix, on a line with the method. */
export function documents(doc: string, method: string, routePath: string): boolean {
  const path = normalisePath(routePath);
  for (const s of sections(doc)) {
    for (const line of s.lines) {
      if (mentions(line, method, path)) return true;
      if (s.prefix && path.startsWith(`${s.prefix}/`) && mentions(line, method, path.slice(s.prefix.length))) return true;
    }
  }
  return false;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    // tests and the test helpers (server/testing*.ts) are not the server
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !/^testing/.test(e.name) ? [p] : [];
  });
}

/** The environment variables a source text reads. */
export function envReads(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/\benv(?:\.([A-Z_][A-Z0-9_]*)|\[\s*['"]([A-Z_][A-Z0-9_]*)['"]\s*\])/g)) names.add(m[1] ?? m[2]);
  for (const m of source.matchAll(/\{([^{}]*)\}\s*=\s*(?:process\.)?env\b/g)) {
    for (const part of m[1].split(',')) {
      const name = part.split(':')[0].trim();
      if (/^[A-Z_][A-Z0-9_]*$/.test(name)) names.add(name);
    }
  }
  return [...names];
}

/** The tables an SQL text creates (`CREATE TABLE [IF NOT EXISTS] name`). */
export function createdTables(sql: string): string[] {
  return [...sql.matchAll(/\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)"?/gi)].map((m) => m[1].toLowerCase());
}

describe('the documentation test itself', () => {
  const doc = [
    '# API',
    '## Shop calls — `/api/shop/{shopId}`',
    '### `GET /bootstrap`',
    '| `POST /tr/v/{id}` | ping |',
    '## Other',
    'GET /media/{shopId}/{imageId}/{file}',
  ].join('\n');

  it('finds a route under its section prefix, in either placeholder notation', () => {
    expect(documents(doc, 'GET', '/api/shop/:shopId/bootstrap')).toBe(true);
    expect(documents(doc, 'GET', '/media/:shopId/:imageId/:file')).toBe(true);
  });

  it('misses an undocumented route, a wrong method, a route under another prefix and a shorter path', () => {
    expect(documents(doc, 'GET', '/api/shop/:shopId/menu-view')).toBe(false);
    expect(documents(doc, 'POST', '/api/shop/:shopId/bootstrap')).toBe(false);
    expect(documents(doc, 'GET', '/api/platform/bootstrap')).toBe(false);
    expect(documents(doc, 'POST', '/api/shop/:shopId/tr/v')).toBe(false);
  });

  it('reads the tables an SQL file creates, with or without IF NOT EXISTS', () => {
    const sql = 'CREATE TABLE IF NOT EXISTS shops (id text);\ncreate table sold_out (x int);\nCREATE INDEX shops_x ON shops (id);';
    expect(createdTables(sql)).toEqual(['shops', 'sold_out']);
  });

  it('reads every form of environment access', () => {
    const src = "process.env.PORT; env.SMTP_URL; env['DATA_DIR']; const { OUTBOX_LEASE_MS, DATABASE_URL: url } = process.env;";
    expect(envReads(src).sort()).toEqual(['DATABASE_URL', 'DATA_DIR', 'OUTBOX_LEASE_MS', 'PORT', 'SMTP_URL']);
  });
});

describe('docs/api.md', () => {
  it('documents every route the server registers', async () => {
    // development mode with a build folder: every route is registered (production only drops /outbox's page)
    const server = await createTestServer({ distDir: join(ROOT, 'tests', 'docs') });
    try {
      const routes = new Set(
        server.app.routes
          // middleware (`app.use`, `app.on(…, '/api/platform/*')`) and catch-alls are not routes of their own
          .filter((r) => r.method !== 'ALL' && !r.path.endsWith('*'))
          .map((r) => `${r.method} ${r.path}`),
      );
      expect(routes.size).toBeGreaterThan(50);
      const missing = [...routes].filter((r) => {
        const [method, path] = r.split(' ');
        return !documents(API_DOC, method, path);
      });
      expect(missing).toEqual([]);
    } finally {
      await server.close();
    }
    // a whole test server (its migrations) starts here: as long as the other tests' servers may take
    // under load (20 s ran out once while a build shared the machine)
  }, 120_000);

  it('documents every environment variable the server reads', () => {
    const reads = new Map<string, string>();
    for (const file of sourceFiles(join(ROOT, 'server'))) {
      for (const name of envReads(readFileSync(file, 'utf8'))) if (!reads.has(name)) reads.set(name, relative(ROOT, file));
    }
    expect(reads.size).toBeGreaterThan(20);
    const missing = [...reads].filter(([name]) => !new RegExp(`\\b${name}\\b`).test(API_DOC)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('names every table the migrations create', () => {
    const dir = join(ROOT, 'server', 'migrations');
    const tables = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .flatMap((f) => createdTables(readFileSync(join(dir, f), 'utf8')).map((t) => ({ t, f })));
    expect(tables.length).toBeGreaterThan(40);
    const missing = tables.filter(({ t }) => !API_DOC.includes(`\`${t}\``)).map(({ t, f }) => `${t} (${f})`);
    expect(missing).toEqual([]);
  });
});
