// `npm run size`: the gzip bytes a foreign page downloads to show and use the menu widget
// (loader stub, the menu's server-rendered first view, federation runtime, React, widget code,
// shop data), and the cart button's
// own code beyond what the page already shares — for the React build that ships (dist/) and
// for the lean preact build (dist-lean/, `TISCHLEIN_UI=preact npm run build`). Fails when over
// budget or when a build is missing, or when the runtime lacks its compile hint. `--only react|lean` measures one; `--files` lists files.
// Ports: SIZE_PORT (default 18280) and SIZE_PORT + 1.
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS, startServer } from '../support/server';

const KB = 1024;
interface Build {
  key: 'react' | 'lean';
  title: string;
  dir: string;
  hint: string;
  budgets: { stub: number; menuTotal: number; cartButtonOwn: number };
}
const BUILDS: Build[] = [
  {
    key: 'react',
    title: 'React build (default, dist/)',
    dir: 'dist',
    hint: 'npm run build',
    // The budget is 150 KB; lowered to 149 KB (2026-11-26) once the federation's unused bundler
    // runtime functions were left out (148.0 KB measured), so that the next growth is noticed. The stub:
    // 1.65 KB since it carries a Trusted Types policy, notices a runtime that could not start, and writes
    // the German message into the widgets' boxes (docs/decisions.md); 1.75 KB since it asks for the menu's
    // first chunk and the catalog itself (+0.1 KB for a round trip less before the live menu, issue 29); 1.90 KB
    // since it uses the first view's font sizes once before the first view goes in (+0.15 KB: the insertion's font
    // lookups off the host page's long task, issue 29); 1.92 KB since, on a page with the menu, it asks for the menu's
    // files only (+15 bytes: the other widgets' entries no longer share the phone's line with the runtime, issue 29).
    budgets: { stub: 1.92 * KB, menuTotal: 149 * KB, cartButtonOwn: 15 * KB },
  },
  {
    key: 'lean',
    title: 'Lean build (preact/compat, dist-lean/)',
    dir: 'dist-lean',
    hint: 'TISCHLEIN_UI=preact npm run build',
    budgets: { stub: 1.92 * KB, menuTotal: 110 * KB, cartButtonOwn: 15 * KB },
  },
];

interface Asset {
  url: string;
  kind: string;
  raw: number;
  gzip: number;
}

function kindOf(url: string, body: Buffer): string {
  const p = new URL(url).pathname;
  if (p === '/embed.js') return 'loader stub';
  if (p.includes('/bootstrap') || /\/api\/shop\/[^/]+\/(state|catalog\/[^/]+|live)$/.test(p)) return 'shop data';
  if (p.endsWith('/menu-view')) return "menu's first view (server-rendered)";
  if (p.startsWith('/media/')) return 'pictures';
  if (/^\/embed\/runtime\.[0-9a-f]+\.js$/.test(p)) return 'embed runtime (federation runtime, UI library, shared modules)';
  const text = body.toString('utf8');
  if (/react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE|react-dom\.production/.test(text)) return 'React';
  // preact/compat behind the React API (lean build); `__k` is preact's mangled _children
  if (/\.__k\b|react\.element/.test(text)) return 'UI library (preact/compat as react)';
  if (p.startsWith('/embed/')) return 'embed runtime chunks (loaded on first use)';
  const m = /^\/remotes\/([^/]+)\//.exec(p);
  if (m) return `${m[1]} widget`;
  return 'other';
}

async function measure(pageUrl: string, ready: string, shopOrigin: string): Promise<Asset[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const urls = new Set<string>();
    page.on('requestfinished', (r) => {
      if (r.url().startsWith(shopOrigin)) urls.add(r.url());
    });
    await page.goto(pageUrl);
    await page.locator(ready).first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const assets: Asset[] = [];
    for (const url of urls) {
      const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      const body = Buffer.from(await res.arrayBuffer());
      assets.push({ url, kind: kindOf(url, body), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    }
    return assets;
  } finally {
    await browser.close();
  }
}

function table(assets: Asset[]) {
  const byKind = new Map<string, { raw: number; gzip: number; files: number }>();
  for (const a of assets) {
    const k = byKind.get(a.kind) ?? { raw: 0, gzip: 0, files: 0 };
    k.raw += a.raw;
    k.gzip += a.gzip;
    k.files += 1;
    byKind.set(a.kind, k);
  }
  const rows = [...byKind.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
  for (const [kind, v] of rows) {
    console.log(`  ${kind.padEnd(38)} ${String(v.files).padStart(2)} file(s) ${(v.gzip / KB).toFixed(1).padStart(7)} KB gzip  (${(v.raw / KB).toFixed(1)} KB raw)`);
  }
  const total = assets.reduce((s, a) => s + a.gzip, 0);
  console.log(`  ${'total'.padEnd(38)}            ${(total / KB).toFixed(1).padStart(7)} KB gzip`);
  if (process.argv.includes('--files')) {
    for (const a of [...assets].sort((x, y) => y.gzip - x.gzip)) {
      console.log(`    ${(a.gzip / KB).toFixed(1).padStart(6)} KB  ${new URL(a.url).pathname}`);
    }
  }
  return total;
}

async function measureBuild(build: Build, root: string): Promise<boolean> {
  console.log(`\n# ${build.title}`);
  if (!fs.existsSync(path.join(root, build.dir, 'embed.js'))) {
    console.error(`${build.dir}/ is missing: run \`${build.hint}\` first`);
    return false;
  }
  const port = Number(process.env.SIZE_PORT ?? 18280);
  const server = await startServer(port, port + 1, { TISCHLEIN_DIST: build.dir });
  let ok = true;
  try {
    console.log('Menu widget on a foreign page (examples/bare.html):');
    const menu = await measure(`${server.pages}/bare.html`, 'tischlein-menu .menu-dish', server.shop);
    // Pictures load lazily and in parallel; they are listed, but the budget is for what the
    // widget needs to show and work: loader stub, first view, federation runtime, React, widget code, shop data.
    const total = table(menu) - menu.filter((a) => a.kind === 'pictures').reduce((s, a) => s + a.gzip, 0);
    console.log(`  ${'total without pictures'.padEnd(38)}            ${(total / KB).toFixed(1).padStart(7)} KB gzip`);
    const stub = menu.filter((a) => a.kind === 'loader stub').reduce((s, a) => s + a.gzip, 0);

    console.log('\nCart button added to the same page (examples/bare-cart.html):');
    const both = await measure(`${server.pages}/bare-cart.html`, 'tischlein-cart .cart-count', server.shop);
    const seen = new Set(menu.map((a) => a.url));
    const extra = both.filter((a) => !seen.has(a.url));
    const cartOwn = table(extra);

    console.log(`\nBudgets (${build.key}):`);
    const check = (name: string, value: number, budget: number) => {
      const fits = value <= budget;
      if (!fits) ok = false;
      console.log(`  ${fits ? 'ok  ' : 'OVER'} ${name.padEnd(34)} ${(value / KB).toFixed(2).padStart(7)} KB ≤ ${(budget / KB).toFixed(2)} KB`);
    };
    check('loader stub', stub, build.budgets.stub);
    check('everything for the menu widget', total, build.budgets.menuTotal);
    check('cart button beyond the shared code', cartOwn, build.budgets.cartButtonOwn);
    // Chrome's compile hint on the runtime's first line (webpack.config.ts, compileHint): its functions compile
    // while it downloads, off the host page's main thread (docs/decisions.md, issue 29)
    const embedDir = path.join(root, build.dir, 'embed');
    const runtime = fs.readdirSync(embedDir).find((f) => /^runtime\.[0-9a-f]+\.js$/.test(f));
    const hinted = !!runtime && fs.readFileSync(path.join(embedDir, runtime), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');
    if (!hinted) ok = false;
    console.log(`  ${hinted ? 'ok  ' : 'MISSING'} the runtime's first line: //# allFunctionsCalledOnLoad`);
    // the bundler runtime's functions no build calls stay out (webpack.config.ts, mfNotUsedStandIn): its
    // `remotes` (its error text 'Container missing') in the runtime and every remote's entry, its
    // `installInitialConsumes` ('loadShareSync failed!') in the remotes' entries
    const entries = fs.readdirSync(path.join(root, build.dir, 'remotes')).flatMap((r) =>
      fs.readdirSync(path.join(root, build.dir, 'remotes', r)).filter((f) => /^remoteEntry\.[0-9a-f]+\.js$/.test(f)).map((f) => path.join(build.dir, 'remotes', r, f)),
    );
    const notUsed = [
      ...[...entries, ...(runtime ? [path.join(build.dir, 'embed', runtime)] : [])].map((f) => [f, 'Container missing'] as const),
      ...entries.map((f) => [f, 'loadShareSync failed!'] as const),
    ].filter(([f, text]) => fs.readFileSync(path.join(root, f), 'utf8').includes(text));
    if (notUsed.length || !entries.length) ok = false;
    for (const [f, text] of notUsed) console.log(`  FOUND   '${text}' in ${f} (webpack.config.ts, mfNotUsedStandIn)`);
    if (!notUsed.length && entries.length) console.log(`  ok   the bundler runtime's unused remotes/installInitialConsumes: in none of ${entries.length + 1} files`);
  } finally {
    await server.stop();
  }
  return ok;
}

async function main() {
  const root = path.resolve(__dirname, '../..');
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt > 0 ? process.argv[onlyAt + 1] : null;
  let failed = false;
  for (const build of BUILDS) {
    if (only && build.key !== only) continue;
    if (!(await measureBuild(build, root))) failed = true;
  }
  if (failed) {
    console.error('\nsize budget exceeded (or a build is missing)');
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
