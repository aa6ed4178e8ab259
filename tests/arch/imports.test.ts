// The import graph of the TypeScript sources (shared/, remotes/, shell/, server/, scripts/),
// read with the TypeScript compiler's own parser and module resolution (tsconfig paths, so
// '@shared/x' resolves like in the build). Rules:
//  - shared/ is the library: nothing in it imports from remotes/, shell/ or server/;
//  - the server imports no widget or shell code; a widget imports no other widget or the shell;
//  - across shared/ folders, code imports '@shared/<folder>' (never '../<folder>/…');
//  - no import cycle anywhere (type-only imports included: a cycle of types is a knot too).
import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const TOP = ['shared', 'remotes', 'shell', 'server', 'scripts'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') out.push(...sourceFiles(p));
    } else if (/\.tsx?$/.test(e.name) && !/\.d\.ts$/.test(e.name)) {
      out.push(p);
    }
  }
  return out;
}

/** Module specifiers of a file: imports, re-exports, import() and require() with a literal. */
function specifiers(file: string): string[] {
  const src = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments.length === 1 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return out;
}

const config = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, ROOT);
const rel = (p: string) => path.relative(ROOT, p).split(path.sep).join('/');

interface Edge {
  from: string;
  to: string;
  spec: string;
}

function graph(): { files: string[]; edges: Edge[] } {
  const files = TOP.flatMap((d) => sourceFiles(path.join(ROOT, d))).map(rel).sort();
  const edges: Edge[] = [];
  for (const f of files) {
    for (const spec of specifiers(path.join(ROOT, f))) {
      const r = ts.resolveModuleName(spec, path.join(ROOT, f), config.options, ts.sys).resolvedModule;
      if (!r || r.isExternalLibraryImport || /node_modules/.test(r.resolvedFileName)) continue;
      const to = rel(r.resolvedFileName);
      if (to.startsWith('..')) continue;
      edges.push({ from: f, to, spec });
    }
  }
  return { files, edges };
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function cycles(nodes: string[], edges: { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>(nodes.map((n) => [n, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) {
        low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (next.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const n of nodes) if (!idx.has(n)) strong(n);
  return out;
}

const { files, edges } = graph();
const top = (f: string) => f.split('/')[0];
const second = (f: string) => f.split('/')[1];

describe('the import graph', () => {
  it('reads the sources and resolves @shared imports', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.some((e) => e.spec.startsWith('@shared/') && e.to.startsWith('shared/'))).toBe(true);
  });

  it('has no arrow from shared/ to remotes/, shell/ or server/', () => {
    const bad = edges.filter((e) => top(e.from) === 'shared' && ['remotes', 'shell', 'server'].includes(top(e.to)));
    expect(bad.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it("the server imports no widget or shell code (but a widget's server render, remotes/<widget>/prerender.tsx); a widget no other widget and not the shell", () => {
    const bad = edges.filter(
      (e) =>
        (top(e.from) === 'server' && ['remotes', 'shell'].includes(top(e.to)) && !/^remotes\/\w+\/prerender\.tsx$/.test(e.to)) ||
        (top(e.from) === 'remotes' && (top(e.to) === 'shell' || (top(e.to) === 'remotes' && second(e.to) !== second(e.from)))),
    );
    expect(bad.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it("imports another shared/ folder only as '@shared/<folder>'", () => {
    const bad = edges.filter((e) => top(e.from) === 'shared' && top(e.to) === 'shared' && second(e.from) !== second(e.to) && !e.spec.startsWith('@shared/'));
    expect(bad.map((e) => `${e.from}: '${e.spec}'`)).toEqual([]);
  });

  it('the eager embed runtime imports a lazy @shared folder only with import() (else RUNTIME-006 on foreign pages)', () => {
    const config = fs.readFileSync(path.join(ROOT, 'webpack.config.ts'), 'utf8');
    const eager = new Set([...(/EMBED_EAGER = new Set\(\[([^\]]*)\]/.exec(config)?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]));
    expect(eager.has('stores')).toBe(true);
    const runtimeFiles = [
      ...files.filter((f) => top(f) === 'shared' && eager.has(second(f)) && !/\.test\.tsx?$|\/(testing|fixtures)\.ts$/.test(f)),
      'shell/start.ts',
      'shell/federation.ts',
      'shell/embed/boot.ts',
      'shell/embed/page.ts',
    ].map((f) => path.resolve(ROOT, f));
    const bad: string[] = [];
    for (const file of runtimeFiles) {
      const src = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      for (const st of src.statements) {
        if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue;
        const typeOnly = ts.isImportDeclaration(st) ? st.importClause?.isTypeOnly === true : st.isTypeOnly;
        // '@shared/<folder>' is eager when the folder is; '@shared/<folder>/<sub>' (a sub-module: a sub-folder with
        // its own index.ts) never is; '@shared/<folder>/<file>' is that file, bundled where it is imported
        const m = /^@shared\/(\w+)(\/\w+)?$/.exec(st.moduleSpecifier.text);
        const subModule = !!m?.[2] && fs.existsSync(path.join(ROOT, 'shared', m[1], m[2], 'index.ts'));
        if (m && !typeOnly && (!eager.has(m[1]) || subModule)) bad.push(`${path.relative(ROOT, file)}: '${st.moduleSpecifier.text}'`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("shared/ and remotes/ take valibot from '@shared/domain/valibot' (own keys only: a host page's Object.prototype cannot break a schema)", () => {
    const bad = files
      .filter((f) => ['shared', 'remotes'].includes(top(f)) && f !== 'shared/domain/valibot.ts' && !/\.test\.tsx?$/.test(f))
      .filter((f) => specifiers(path.join(ROOT, f)).includes('valibot'));
    expect(bad).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(files, edges).map((c) => c.join(' ↔ '))).toEqual([]);
  });

  it('the cycle finder finds a cycle and a self-import', () => {
    expect(cycles(['a', 'b', 'c'], [{ from: 'a', to: 'b' }, { from: 'b', to: 'a' }, { from: 'b', to: 'c' }])).toEqual([['a', 'b']]);
    expect(cycles(['a'], [{ from: 'a', to: 'a' }])).toEqual([['a']]);
    expect(cycles(['a', 'b'], [{ from: 'a', to: 'b' }])).toEqual([]);
  });
});
