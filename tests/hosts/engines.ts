// The host-page suite in the other engines: Firefox ESR over WebDriver BiDi (puppeteer-core) and
// WebKitGTK over WebKitWebDriver (selenium-webdriver, MiniBrowser under Xvfb). Not part of
// `npm test`: the browsers are Debian packages a fresh machine does not have (tests/hosts/README.md).
//
//   npm run test:hosts:firefox      npm run test:hosts:webkit      (after `npm run build`)
//
// It starts the shop server (tests/support/server.ts) and the page server (serve.ts), which puts
// tests/hosts/inpage.js first into every page; each page of pages.ts is opened at both widths and
// checked as tests/e2e/hosts.spec.ts does in Chromium, through the engine's script evaluation.
// Ports: HOSTS_PORT (default 18600) and HOSTS_PORT + 1; WebKitWebDriver on HOSTS_PORT + 2.
// Prints one line per page and width, and exits non-zero if one failed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer } from '../support/server';
import { CART_KEY, HOST_PAGES, HOST_VIEWPORTS, START_CART, type HostPage } from './pages';
import { startPageServer, vendorFile } from './serve';

/** One place to run scripts in: the page, or the frame the widgets sit in. */
interface Context {
  /** the value of a script expression (JSON data; it crosses as a JSON string: engines' own
   *  serialisation walks inherited properties, e.g. a page's Object.prototype.size) */
  run<T>(expression: string): Promise<T>;
}

interface Engine {
  name: string;
  /** opens `url` in a window whose page is `width` × `height` (as near as the engine gets) */
  open(url: string, width: number, height: number): Promise<void>;
  page(): Context;
  /** a picture of the window */
  screenshot(file: string): Promise<void>;
  /** the frame served from `origin` (null: not there yet) */
  frame(origin: string): Promise<Context | null>;
  close(): Promise<void>;
}

const ROOT = resolve(__dirname, '../..');
const FIREFOX = process.env.FIREFOX_BIN ?? '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function firefox(): Promise<Engine> {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
  let page = await browser.newPage();
  const ctx = (target: { evaluate(expr: string): Promise<unknown> }): Context => ({
    run: async <T>(expression: string) => JSON.parse((await target.evaluate(`JSON.stringify(${expression}) ?? 'null'`)) as string) as T,
  });
  return {
    name: 'Firefox ESR',
    async open(url, width, height) {
      await page.close();
      page = await browser.newPage();
      await page.setViewport({ width, height });
      await page.goto(url, { waitUntil: 'load' });
    },
    page: () => ctx(page),
    async screenshot(file) {
      await page.screenshot({ path: file });
    },
    async frame(origin) {
      const f = page.frames().find((fr) => fr.url().startsWith(`${origin}/`));
      return f ? ctx(f) : null;
    },
    close: () => browser.close(),
  };
}

async function waitForPort(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${what} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function webkit(port: number): Promise<Engine> {
  const { Builder, By } = await import('selenium-webdriver');
  // MiniBrowser has no headless mode here: a virtual display of its own (DISPLAY set: that one)
  const children: ChildProcess[] = [];
  const env = { ...process.env };
  if (!env.DISPLAY) {
    const n = 90 + (port % 9);
    const xvfb = spawn('Xvfb', [`:${n}`, '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    children.push(xvfb);
    env.DISPLAY = `:${n}`;
    // ready when its socket is there (not after a fixed time)
    await until(async () => (xvfb.exitCode !== null ? Promise.reject(new Error(`Xvfb exited (${xvfb.exitCode})`)) : existsSync(`/tmp/.X11-unix/X${n}`)), (ok) => ok, 'Xvfb to listen', 10_000);
  }
  const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env, stdio: 'ignore' });
  children.push(driverProcess);
  await waitForPort(`http://127.0.0.1:${port}/status`, driverProcess, 'WebKitWebDriver');
  const driver = await new Builder()
    .usingServer(`http://127.0.0.1:${port}`)
    .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } })
    .build();
  let inFrame: string | null = null;
  const enter = async (origin: string | null) => {
    if (inFrame === origin) return true;
    await driver.switchTo().defaultContent();
    inFrame = null;
    if (origin === null) return true;
    const frames = await driver.findElements(By.css('iframe'));
    for (const f of frames) {
      if (!((await f.getAttribute('src')) ?? '').startsWith(`${origin}/`)) continue;
      await driver.switchTo().frame(f);
      inFrame = origin;
      return true;
    }
    return false;
  };
  const ctx = (origin: string | null): Context => ({
    run: async <T>(expression: string) => {
      await enter(origin);
      return JSON.parse((await driver.executeScript(`return JSON.stringify(${expression}) ?? 'null';`)) as string) as T;
    },
  });
  return {
    name: 'WebKitGTK',
    async open(url, width, height) {
      await enter(null);
      // the window's outer size: the page gets what the window's frame leaves (and no less than its narrowest)
      await driver.manage().window().setRect({ width, height: height + 80 });
      await driver.get(url);
      await driver.wait(async () => (await driver.executeScript('return document.readyState')) === 'complete', 30_000);
    },
    page: () => ctx(null),
    async screenshot(file) {
      writeFileSync(file, Buffer.from(await driver.takeScreenshot(), 'base64'));
    },
    async frame(origin) {
      return (await enter(origin)) ? ctx(origin) : null;
    },
    async close() {
      await driver.quit().catch(() => {});
      for (const c of children) c.kill();
    },
  };
}

class CheckFailed extends Error {}

function check(ok: boolean, what: string): void {
  if (!ok) throw new CheckFailed(what);
}

/** Polls `probe` until `done` holds (at most `ms`); returns the last value. */
async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: T | undefined;
  let error: unknown = null;
  for (;;) {
    try {
      last = await probe();
      error = null;
      if (done(last)) return last;
    } catch (e) {
      error = e;
    }
    if (Date.now() > deadline) throw new CheckFailed(`${what} (last: ${error ? String(error) : JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

interface CheckoutState {
  top: number;
  header: number;
  atEnd: boolean;
  field: { top: number; bottom: number };
  barTop: number;
}

/** The checks of pages.ts on one page at one width. Returns the page's real width. */
async function checkPage(
  engine: Engine,
  hp: HostPage,
  url: string,
  frameOrigin: string,
  shopOrigin: string,
  vp: { width: number; height: number },
): Promise<number> {
  await engine.open(url, vp.width, vp.height);
  const top = engine.page();
  const f = hp.frame ? await until(() => engine.frame(frameOrigin), (c) => c !== null, 'the frame is there') : top;
  if (!f) throw new CheckFailed('no frame');
  const width = await top.run<number>('window.innerWidth');
  const height = await top.run<number>('window.innerHeight');
  await until(() => f.run<boolean>('!!window.tlHost && tlHost.ready()'), Boolean, 'the live menu is there (a dish, no first view)', 45_000);

  // box
  const box = await f.run<{ left: number; right: number; overflow: number }>('tlHost.box()');
  check(box.left >= -0.5 && box.right >= -0.5, `menu inside its box (${JSON.stringify(box)})`);
  check(box.overflow <= 0, `no sideways scroll (${box.overflow} px)`);
  check((await top.run<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')) <= 0, 'no sideways scroll of the page');

  // add
  const before = await f.run<number>('tlHost.cartUnits()');
  await until(() => f.run<string>('tlHost.tapAdd()'), (r) => r === 'ok', "the first dish's '+' can be tapped");
  const next = await until(
    async () => ({ units: await f.run<number>('tlHost.cartUnits()'), dialog: await f.run<{ top: number; bottom: number } | null>('tlHost.dialogAdd()') }),
    (s) => s.units > before || s.dialog !== null,
    'the dish is added or its dialog opens',
  );
  if (next.units === before && next.dialog) {
    if (hp.extra?.includes('dialog-in-visible-part')) {
      const frameTop = await top.run<number>("document.querySelector('iframe').getBoundingClientRect().top");
      await until(
        () => f.run<{ top: number; bottom: number } | null>('tlHost.dialogAdd()'),
        (b) => b !== null && b.top + frameTop >= 0 && b.bottom + frameTop <= height,
        `'IN DEN WARENKORB' within the window (frame starts at ${frameTop})`,
      );
    }
    if (hp.extra?.includes('light-colours')) {
      const c = await f.run<{ dialogBg: string; radioScheme: string | null }>('tlHost.lightColours()');
      check(c.dialogBg === 'rgb(255, 255, 255)', `the dialog stays white (${c.dialogBg})`);
      check(c.radioScheme === null || c.radioScheme === 'light', `its radios light (${c.radioScheme})`);
    }
    await until(() => f.run<string>('tlHost.tapDialogAdd()'), (r) => r === 'ok', "'IN DEN WARENKORB' can be tapped");
    await until(() => f.run<boolean>('tlHost.dialogOpen()'), (open) => !open, 'the dialog closes');
  }
  await until(() => f.run<number>('tlHost.cartUnits()'), (n) => n === before + 1, 'the cart grows by one');

  if (hp.extra?.includes('light-colours')) {
    const c = await f.run<Record<string, string>>('tlHost.lightColours()');
    check(c.heading === 'rgb(34, 34, 34)' && c.menuBg === 'rgb(255, 255, 255)', `headings and the menu keep their light colours (${JSON.stringify(c)})`);
    check(c.searchBg === 'rgb(255, 255, 255)' && c.searchScheme === 'light', `the search field stays light (${JSON.stringify(c)})`);
  }
  if (hp.extra?.includes('sticky-below-header')) {
    const { header } = await f.run<{ header: number }>('tlHost.stickyBar()');
    await until(() => f.run<number>('tlHost.stickyBarTop()'), (t) => t >= Math.floor(header) - 1 && t <= Math.ceil(header) + 1, `the category bar sticks below the header (${header} px)`);
  }

  if (hp.extra?.includes('policy-own-folder')) {
    const own = `${shopOrigin}/embed/x.js`;
    const urls = await top.run<string[]>(`tlHost.policyUrls(${JSON.stringify(own)})`);
    check(urls[0] === '' && urls[1] === own, `the policy makes script URLs of its own folder only (${JSON.stringify(urls)})`);
  }

  // checkout
  await until(() => f.run<string>('tlHost.tapCheckout()'), (r) => r === 'ok', "'ZUR KASSE' can be tapped");
  const co = await until(() => f.run<CheckoutState | null>('tlHost.checkout()'), (s) => s !== null, "the checkout's 'Straße' is there");
  if (!hp.frame) {
    const at = await until(
      () => f.run<CheckoutState | null>('tlHost.checkout()'),
      (s) => s !== null && (Math.abs(s.top - s.header) <= 2 || (s.atEnd && s.top >= s.header - 2)),
      'the checkout at the top of the window, below the header',
    );
    check(at!.field.top >= at!.header - 1, `'Straße' below the header (${JSON.stringify(at)})`);
    check(at!.field.bottom <= at!.barTop, `'Straße' within the window (${JSON.stringify(at)})`);
  } else check(co !== null, 'checkout');
  if (process.env.HOSTS_SCREENSHOTS) await engine.screenshot(resolve(process.env.HOSTS_SCREENSHOTS, `${engine.name.split(' ')[0].toLowerCase()}-${hp.file.replace('.html', '')}-${vp.width}-checkout.png`));
  if (hp.extra?.includes('checkout-one-column') && width >= 900) {
    const l = await f.run<{ direction: string; amountsOnOneLine: boolean; namesWhole: boolean }>('tlHost.oneColumn()');
    check(l.direction === 'column' && l.amountsOnOneLine && l.namesWhole, `the checkout in one column (${JSON.stringify(l)})`);
  }

  // bar space
  const below = await f.run<number | null>('tlHost.footerBelowBar()');
  if (below !== null) await until(() => f.run<number | null>('tlHost.footerBelowBar()'), (d) => d === null || d <= 1, 'the footer ends above the cart bar');

  // console
  const errors = [...(await top.run<string[]>('window.tlHost ? tlHost.errors() : []')), ...(hp.frame ? await f.run<string[]>('tlHost.errors()') : [])];
  check(errors.length === 0, `no console error: ${errors.join(' | ')}`);
  return width;
}

async function main(): Promise<void> {
  const which = process.argv[2];
  if (which !== 'firefox' && which !== 'webkit') throw new Error('usage: tsx tests/hosts/engines.ts firefox|webkit [page.html …]');
  const only = process.argv.slice(3);
  const port = Number(process.env.HOSTS_PORT ?? 18600);
  for (const bin of which === 'firefox' ? [FIREFOX] : [WEBKIT_DRIVER, MINIBROWSER]) {
    if (!existsSync(bin)) throw new Error(`${bin} is missing: see tests/hosts/README.md (apt-get install ${which === 'firefox' ? 'firefox-esr' : 'webkit2gtk-driver xvfb'})`);
  }
  const server = await startServer(port, port + 1);
  const inpage = readFileSync(resolve(ROOT, 'tests/hosts/inpage.js'), 'utf8');
  const cart = JSON.stringify(START_CART).replaceAll('&', '&amp;').replaceAll("'", '&#39;');
  if (CART_KEY !== 'tischlein:cart:demo') throw new Error('inpage.js stores the cart under tischlein:cart:demo');
  const pages = await startPageServer(server.shop, `<script data-cart='${cart}'>${inpage}</script>`);
  const engine = which === 'firefox' ? await firefox() : await webkit(port + 2);
  let failed = 0;
  let passed = 0;
  try {
    for (const hp of HOST_PAGES) {
      if (only.length && !only.includes(hp.file)) continue;
      for (const vp of HOST_VIEWPORTS) {
        const name = `${engine.name} · ${hp.file} at ${vp.width} px`;
        const missing = Object.values(hp.vendor ?? {}).filter((c) => !vendorFile(c));
        if (missing.length) {
          console.log(`skip  ${name}: not installed: ${missing.map((c) => c[0].split('/')[0]).join(', ')}`);
          continue;
        }
        if (hp.theme) {
          // the theme page needs the shop data served with a theme (Playwright's route in hosts.spec.ts)
          console.log(`skip  ${name}: the shop data's theme is checked in Chromium only`);
          continue;
        }
        try {
          const width = await checkPage(engine, hp, `${pages.host}/${hp.file}`, pages.frame, server.shop, vp);
          passed += 1;
          console.log(`ok    ${name}${width !== vp.width ? ` (the page got ${width} px: the engine's narrowest window)` : ''}`);
        } catch (e) {
          failed += 1;
          console.log(`FAIL  ${name}: ${e instanceof CheckFailed ? e.message : String(e)}`);
        }
      }
    }
  } finally {
    await engine.close();
    await pages.close();
    await server.stop();
  }
  console.log(`${engine.name}: ${passed} passed, ${failed} failed`);
  if (failed) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
