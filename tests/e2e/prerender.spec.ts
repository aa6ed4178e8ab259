// The menu's server-rendered first view (shared/widget/prerender.ts, remotes/menu/prerender.tsx):
// on a restaurant's page the loader stub shows it before the runtime is there; the live widget
// takes its place and carries over what the guest did meanwhile.
import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { PAGES, SHOP, browserSettled, collectErrors } from './helpers';
import { startPageServer, type PageServer } from '../hosts/serve';
import { OPEN, dialog, dishCard, menu, patchBootstrap } from './menuHelpers';

/** Holds the embed runtime's download until the returned function is called. */
async function holdRuntime(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/embed\/runtime\.[0-9a-f]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Records every `tischlein:mounted` from the document's start (an init script runs before any of
 * the page's scripts, so the event cannot fire before the listener is there); the returned
 * function waits until the menu has mounted.
 */
async function recordMounts(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __tlMounted: string[] }).__tlMounted = seen;
    document.addEventListener('tischlein:mounted', (e) => seen.push((e.target as Element).localName));
  });
  return async () => {
    await page.waitForFunction(() => (window as unknown as { __tlMounted?: string[] }).__tlMounted?.includes('tischlein-menu'));
  };
}

interface MenuState {
  /** menu trees in the menu's shadow root (the first view's and the live one's `.menu-root`) */
  trees: number;
  /** whether a first view (`[data-tl-prerender]`) is still there */
  firstView: boolean;
  dishes: number;
}

/**
 * Records the menu's shadow root after each change, from the document's start (a mutation
 * observer's callback runs right after a commit, before React's next task); the returned function
 * reads the states so far.
 */
async function recordMenuStates(page: Page): Promise<() => Promise<MenuState[]>> {
  await page.addInitScript(() => {
    const states: MenuState[] = [];
    (window as unknown as { __tlMenuStates: MenuState[] }).__tlMenuStates = states;
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init: ShadowRootInit) {
      const root = attach.call(this, init);
      if (this.localName === 'tischlein-menu')
        new MutationObserver(() =>
          states.push({
            trees: root.querySelectorAll('.menu-root').length,
            firstView: root.querySelector('[data-tl-prerender]') !== null,
            dishes: root.querySelectorAll('.menu-dish').length,
          }),
        // (hydrated: the first view's root turns live in place, its attribute goes)
        ).observe(root, { childList: true, subtree: true, attributeFilter: ['data-tl-prerender'] });
      return root;
    };
  });
  return () => page.evaluate(() => (window as unknown as { __tlMenuStates: MenuState[] }).__tlMenuStates);
}

test('the menu shows before the runtime is there; a tap on it opens the dish once the widget has taken over @smoke', async ({ page }) => {
  const errors = collectErrors(page);
  await patchBootstrap(page, OPEN);
  const release = await holdRuntime(page);
  const menuMounted = await recordMounts(page);
  // the held runtime holds the page's load event: wait for the document only
  await page.goto(`${PAGES}/`, { waitUntil: 'domcontentloaded' });
  const pre = menu(page).locator('[data-tl-prerender]');
  await expect(pre).toBeVisible();
  await expect(dishCard(page, 'Pizza Margherita')).toBeVisible();
  // the same prices as the live view (the shop's pricing, on the server)
  const prePrice = await dishCard(page, 'Pizza Margherita').locator('.menu-dish__price').textContent();
  expect(prePrice).toMatch(/\d+,\d{2}\s€/);
  // the page's own URL stays as it is when a link of the first view is tapped
  await menu(page).getByRole('link', { name: 'Nach oben' }).click();
  // (the document's own address, read in the page: page.url() follows it by an event that may come later)
  expect(await page.evaluate(() => location.hash)).toBe('');
  // a tap before the widget is there …
  await dishCard(page, 'Pizza Margherita').getByRole('button', { name: 'Pizza Margherita auswählen' }).click();
  await expect(dialog(page)).toHaveCount(0);
  release();
  await menuMounted();
  // … opens the dish as soon as it is
  await expect(dialog(page).locator('.tl-dialog__title')).toContainText('Pizza Margherita');
  await expect(pre).toHaveCount(0);
  await expect(menu(page).locator('.menu-root')).toHaveCount(1);
  expect(await dishCard(page, 'Pizza Margherita').locator('.menu-dish__price').textContent()).toBe(prePrice);
  expect(errors).toEqual([]);
});

test("the first view's pictures wait for the live widget: none shares the line with the runtime, and they come once it hydrates (issue 29)", async ({ page }) => {
  const errors = collectErrors(page);
  await patchBootstrap(page, OPEN);
  const media: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/media/')) media.push(r.url());
  });
  const release = await holdRuntime(page);
  const menuMounted = await recordMounts(page);
  await page.goto(`${PAGES}/`, { waitUntil: 'domcontentloaded' });
  const pre = menu(page).locator('[data-tl-prerender]');
  await expect(dishCard(page, 'Pizza Margherita')).toBeVisible();
  // the first view has pictures, in their boxes, but none is asked for while the runtime is on its way
  const pictures = pre.locator('picture img');
  expect(await pictures.count()).toBeGreaterThan(0);
  // (no address at all: no placeholder a page's CSP could refuse either)
  expect(await pictures.evaluateAll((imgs) => imgs.filter((i) => i.hasAttribute('src') || i.hasAttribute('srcset')).length)).toBe(0);
  expect(media).toEqual([]);
  // each held picture's box is a light grey placeholder, not a white hole in the card, and the address-less <img> in it
  // shows no sign of a missing picture (Chromium draws one into a sized <img> without an address): it is not painted
  expect(await pictures.evaluateAll((imgs) => imgs.map((i) => `${getComputedStyle(i.parentElement!).backgroundColor} ${getComputedStyle(i).visibility}`))).toEqual(
    Array(await pictures.count()).fill('rgb(238, 238, 238) hidden'),
  );
  release();
  await menuMounted();
  // hydrated in place: the same elements now have their pictures (painted again)
  await expect(pre).toHaveCount(0);
  expect(await menu(page).evaluate((el) => [...el.shadowRoot!.querySelectorAll('picture img')].filter((i) => getComputedStyle(i).visibility !== 'visible').length)).toBe(0);
  await expect
    .poll(() => menu(page).evaluate((el) => [...el.shadowRoot!.querySelectorAll<HTMLImageElement>('.menu-tile__pic img')].every((i) => i.complete && i.naturalWidth > 0)))
    .toBe(true);
  expect(media.length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test("the live menu's first chunk downloads beside the runtime: the first view names it as a preload", async ({ page }) => {
  await patchBootstrap(page, OPEN);
  const release = await holdRuntime(page);
  const menuMounted = await recordMounts(page);
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/\/remotes\/menu\/\d+\.[0-9a-f]+\.js$/.test(r.url())) chunks.push(r.url());
  });
  await page.goto(`${PAGES}/`, { waitUntil: 'domcontentloaded' });
  await expect(menu(page).locator('[data-tl-prerender]')).toBeVisible();
  // the runtime is held: no widget code has run, yet the menu's chunk is on its way
  await expect.poll(() => chunks.length).toBe(1);
  expect(await page.evaluate(() => customElements.get('tischlein-menu') === undefined)).toBe(true);
  const preload = menu(page).locator('[data-tl-prerender] link[rel="preload"][as="script"]');
  await expect(preload).toHaveAttribute('href', chunks[0]);
  release();
  await menuMounted();
  await expect(menu(page).locator('.menu-root')).toHaveCount(1);
  // the preload left with the first view
  await expect(menu(page).locator('link')).toHaveCount(0);
});

test('text typed into the first view carries over into the live search, with the focus', async ({ page }) => {
  await patchBootstrap(page, OPEN);
  const release = await holdRuntime(page);
  const menuMounted = await recordMounts(page);
  // the held runtime holds the page's load event: wait for the document only
  await page.goto(`${PAGES}/`, { waitUntil: 'domcontentloaded' });
  await expect(menu(page).locator('[data-tl-prerender]')).toBeVisible();
  await menu(page).getByRole('searchbox').fill('Tonno');
  release();
  await menuMounted();
  await expect(menu(page).locator('[data-tl-prerender]')).toHaveCount(0);
  await expect(menu(page).getByRole('searchbox')).toHaveValue('Tonno');
  await expect(menu(page).getByRole('searchbox')).toBeFocused();
  // the live widget has filtered by it
  await expect(dishCard(page, 'Pizza Tonno')).toBeVisible();
  await expect(dishCard(page, 'Pizza Margherita')).toHaveCount(0);
  await expect(menu(page).locator('.menu-count')).toHaveText(/^\d+ Gerichte? gefunden$/);
  await page.keyboard.type('x');
  await expect(menu(page).getByRole('searchbox')).toHaveValue('Tonnox');
});

test('the first view has no axe violation and fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await patchBootstrap(page, OPEN);
  const release = await holdRuntime(page);
  // the held runtime holds the page's load event: wait for the document only
  await page.goto(`${PAGES}/`, { waitUntil: 'domcontentloaded' });
  await expect(menu(page).locator('[data-tl-prerender]')).toBeVisible();
  const result = await new AxeBuilder({ page }).include('tischlein-menu').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).disableRules(['region']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await menu(page).screenshot({ path: test.info().outputPath('prerender-360.png') });
  release();
});

for (const [what, fulfil] of [
  ['an error', { status: 500, contentType: 'application/json', body: '{"error":{"code":"x"}}' }],
  ['something that is not the first view', { status: 200, contentType: 'text/html', body: '<h1>Wartungsarbeiten</h1><script>window.__bad = 1</script>' }],
] as const) {
  test(`when the first view answers ${what}, the menu comes as before`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.route(/\/api\/shop\/[^/]+\/menu-view/, (route) => route.fulfill(fulfil));
    await patchBootstrap(page, OPEN);
    await page.goto(`${PAGES}/`);
    await expect(dishCard(page, 'Pizza Margherita')).toBeVisible();
    await expect(menu(page).locator('[data-tl-prerender]')).toHaveCount(0);
    await expect(menu(page).getByText('Wartungsarbeiten')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __bad?: number }).__bad)).toBeUndefined();
    expect(errors).toEqual([]);
  });
}

test("the live menu takes over with the first view's dishes only; the other dishes follow, and a tap still opens one of them", async ({ page }) => {
  await patchBootstrap(page, OPEN);
  const menuMounted = await recordMounts(page);
  const states = await recordMenuStates(page);
  await page.goto(`${PAGES}/`);
  await menuMounted();
  // the number of dishes in the live menu at the moment it replaces (or hydrates) the first view
  const firstLive = async () => (await states()).find((m) => m.trees > 0 && !m.firstView)?.dishes;
  await expect.poll(firstLive).toBe(6);
  // the whole demo menu (33 dishes) follows
  await expect(menu(page).locator('.menu-dish')).toHaveCount(33);
  await dishCard(page, 'Tiramisu').getByRole('button', { name: 'Tiramisu auswählen' }).click();
  await expect(dialog(page).locator('.tl-dialog__title')).toContainText('Tiramisu');
});

test("the stub parses the first view in one task and puts it into the page in the next (the page's own events run between)", async ({ page }) => {
  await patchBootstrap(page, OPEN);
  const release = await holdRuntime(page);
  // A template whose HTML holds the first view marks its parse; a timer set at that moment runs
  // before any timer the stub sets after it. The menu's shadow root is attached after that timer
  // only when the insertion is a task of its own (in the parse's task it would find the mark unset).
  await page.addInitScript(() => {
    const w = window as unknown as { __tlParse?: { later?: boolean }; __tlInsertedLater?: boolean };
    const html = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
    Object.defineProperty(HTMLTemplateElement.prototype, 'innerHTML', {
      configurable: true,
      get() {
        return html.get!.call(this);
      },
      set(v: string) {
        html.set!.call(this, v);
        if (!w.__tlParse && String(v).includes('data-tl-prerender')) {
          const mark: { later?: boolean } = (w.__tlParse = {});
          setTimeout(() => (mark.later = true), 0);
        }
      },
    });
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init: ShadowRootInit) {
      if (this.localName === 'tischlein-menu' && w.__tlInsertedLater === undefined && w.__tlParse) w.__tlInsertedLater = !!w.__tlParse.later;
      return attach.call(this, init);
    };
  });
  await page.goto(`${PAGES}/`, { waitUntil: 'domcontentloaded' });
  await expect(menu(page).locator('[data-tl-prerender]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __tlInsertedLater?: boolean }).__tlInsertedLater)).toBe(true);
  release();
  await expect(menu(page).locator('[data-tl-prerender]')).toHaveCount(0);
});

/** What Chrome looks a font up by: `{weight} {size}px {style}` (e.g. `700 16px normal`). */
type Strike = string;

for (const width of [412, 1280]) {
  test(`the stub uses every font size and weight of the first view once before it goes in, one per task (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await patchBootstrap(page, OPEN);
    const release = await holdRuntime(page);
    // Every text measured on a canvas (the stub's warm-up), whether a microtask ran since the one before (a
    // new task), and whether the menu's shadow root (the first view's insertion) was there yet. Each
    // measurement is made slow (40 ms), so the first view's answer comes while the warm-up still runs:
    // its insertion must wait for the end.
    await page.addInitScript(() => {
      const w = window as unknown as { __tlWarm: { font: string; sameTask: boolean; inserted: boolean }[] };
      const warm: typeof w.__tlWarm = (w.__tlWarm = []);
      let sameTask = false;
      let inserted = false;
      const measure = CanvasRenderingContext2D.prototype.measureText;
      CanvasRenderingContext2D.prototype.measureText = function (text: string) {
        warm.push({ font: this.font, sameTask, inserted });
        sameTask = true;
        queueMicrotask(() => (sameTask = false));
        for (const end = performance.now() + 40; performance.now() < end; );
        return measure.call(this, text);
      };
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (init: ShadowRootInit) {
        if (this.localName === 'tischlein-menu') inserted = true;
        return attach.call(this, init);
      };
    });
    await page.goto(`${PAGES}/`, { waitUntil: 'domcontentloaded' });
    await expect(menu(page).locator('[data-tl-prerender]')).toBeVisible();
    // the first view's strikes: every rendered text's (and the search field's) weight, size and style, and its first font family
    const used = await menu(page).evaluate((el) => {
      const strikes = new Set<string>();
      const families = new Set<string>();
      const note = (e: Element) => {
        const cs = getComputedStyle(e);
        if (e.getClientRects().length === 0) return; // not rendered
        strikes.add(`${cs.fontWeight} ${cs.fontSize} ${cs.fontStyle}`);
        families.add(cs.fontFamily.split(',')[0].trim());
      };
      const walk = document.createTreeWalker(el.shadowRoot!, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) if (n.textContent!.trim() && n.parentElement) note(n.parentElement);
      el.shadowRoot!.querySelectorAll('input').forEach(note);
      return { strikes: [...strikes].sort(), families: [...families] };
    });
    const warm = await page.evaluate(() => (window as unknown as { __tlWarm: { font: string; sameTask: boolean; inserted: boolean }[] }).__tlWarm);
    // the canvas's font as Chrome writes it back: `bold 16px system-ui` / `16px system-ui`
    const warmed = new Set<Strike>(
      warm.map(({ font }) => {
        const m = /^(bold )?(\d+(?:\.\d+)?px) system-ui$/.exec(font);
        expect(m, font).not.toBeNull();
        return `${m![1] ? 700 : 400} ${m![2]} normal`;
      }),
    );
    expect(used.families).toEqual(['system-ui']);
    expect(used.strikes.filter((s) => !warmed.has(s)), `warmed: ${[...warmed].join(', ')}`).toEqual([]);
    // six of them (the type scale of remotes/menu/styles.ts), each in a task of its own, all before the insertion
    expect(warm.length).toBe(6);
    expect(warm.filter((w) => w.sameTask || w.inserted)).toEqual([]);
    release();
    await expect(menu(page).locator('[data-tl-prerender]')).toHaveCount(0);
  });
}

test('the live menu hydrates the first view: its elements stay the live ones, never a second tree beside them, and the stub stops noting taps', async ({ page }) => {
  const errors = collectErrors(page);
  const console: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') console.push(m.text());
  });
  await patchBootstrap(page, OPEN);
  const release = await holdRuntime(page);
  const menuMounted = await recordMounts(page);
  const states = await recordMenuStates(page);
  await page.goto(`${PAGES}/`, { waitUntil: 'domcontentloaded' });
  await expect(menu(page).locator('[data-tl-prerender]')).toBeVisible();
  // the first view's own button, marked as an object (a new element would not carry the mark)
  const add = dishCard(page, 'Pizza Margherita').getByRole('button', { name: 'Pizza Margherita auswählen' });
  await add.evaluate((b) => ((b as unknown as { tlMark: number }).tlMark = 1));
  release();
  await menuMounted();
  await expect(menu(page).locator('[data-tl-prerender]')).toHaveCount(0);
  await expect(menu(page).locator('.menu-dish')).toHaveCount(33);
  expect(await add.evaluate((b) => (b as unknown as { tlMark?: number }).tlMark)).toBe(1);
  // the most menu trees the menu's shadow root ever held at once (a take-over mounts a second one beside the first view)
  expect(Math.max(...(await states()).map((m) => m.trees))).toBe(1);
  expect(await menu(page).evaluate((el) => 'tlTaps' in el.shadowRoot! && (el.shadowRoot as unknown as { tlTaps?: unknown }).tlTaps !== undefined)).toBe(false);
  // the live button opens the dish at once (the stub does not hold the tap back any more)
  await add.click();
  await expect(dialog(page).locator('.tl-dialog__title')).toContainText('Pizza Margherita');
  expect(console.filter((t) => /tischlein/.test(t))).toEqual([]);
  expect(errors).toEqual([]);
});

test('at the hydration the first view\'s sheet leaves as the widget\'s joins: never both between two tasks (the shadow tree\'s styles computed anew once)', async ({ page }) => {
  const errors = collectErrors(page);
  await patchBootstrap(page, OPEN);
  const release = await holdRuntime(page);
  const menuMounted = await recordMounts(page);
  // how many of the menu's adopted sheets style its dishes, and which: when the menu says it is mounted (the end of the
  // task that starts the hydration; the hydration itself runs in later tasks, between which the page computes
  // styles) and after every following task until the live menu shows all its dishes
  await page.addInitScript(() => {
    const w = window as unknown as { __tlSheets: { most: number; first?: CSSStyleSheet; last: CSSStyleSheet[]; done: boolean } };
    w.__tlSheets = { most: 0, last: [], done: false };
    const channel = new MessageChannel();
    const look = () => {
      const root = document.querySelector('tischlein-menu')?.shadowRoot;
      if (!root) return;
      const styling = root.adoptedStyleSheets.filter((s) => Array.from(s.cssRules).some((r) => r instanceof CSSStyleRule && r.selectorText.includes('.menu-dish')));
      w.__tlSheets.first ??= styling[0];
      w.__tlSheets.most = Math.max(w.__tlSheets.most, styling.length);
      w.__tlSheets.last = styling;
      if (!root.querySelector('[data-tl-prerender]') && root.querySelectorAll('.menu-dish').length >= 33) w.__tlSheets.done = true;
    };
    channel.port1.onmessage = () => {
      look();
      if (!w.__tlSheets.done) channel.port2.postMessage(0);
    };
    (w as unknown as { __tlLook: () => void }).__tlLook = look;
    document.addEventListener('tischlein:mounted', (e) => {
      if ((e.target as Element).localName !== 'tischlein-menu') return;
      look();
      channel.port2.postMessage(0);
    });
  });
  await page.goto(`${PAGES}/`, { waitUntil: 'domcontentloaded' });
  await expect(menu(page).locator('[data-tl-prerender]')).toBeVisible();
  await page.evaluate(() => (window as unknown as { __tlLook: () => void }).__tlLook());
  release();
  await menuMounted();
  await page.waitForFunction(() => (window as unknown as { __tlSheets: { done: boolean } }).__tlSheets.done);
  const sheets = await page.evaluate(() => {
    const s = (window as unknown as { __tlSheets: { most: number; first?: CSSStyleSheet; last: CSSStyleSheet[] } }).__tlSheets;
    return { most: s.most, firstSeen: !!s.first, last: s.last.length, lastIsFirstView: s.last[0] === s.first };
  });
  // the first view's sheet was there, then the widget's alone
  expect(sheets).toEqual({ most: 1, firstSeen: true, last: 1, lastIsFirstView: false });
  expect(errors).toEqual([]);
});

/**
 * Opens `url` at `width` px with the runtime and the pictures held, measures the first view's dishes, lets both go and
 * checks that nothing moved when the live menu took the first view over (the dishes' tops and the browser's own layout
 * shifts), with the pictures there after live. Screenshots of both views go to the test's output folder.
 */
async function expectNoMoveAtTakeOver(page: Page, url: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await patchBootstrap(page, OPEN);
  const release = await holdRuntime(page);
  // the pictures held too: the first view is measured before any of its pictures is there, as on a slow line
  let showPictures!: () => void;
  const pictures = new Promise<void>((r) => (showPictures = r));
  await page.route(/\/media\//, async (route) => {
    await pictures;
    await route.continue().catch(() => {});
  });
  const menuMounted = await recordMounts(page);
  // every layout shift inside the page, from the start (the first view's own insertion included)
  await page.addInitScript(() => {
    const w = window as unknown as { __tlShifts: number[] };
    w.__tlShifts = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__tlShifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // the dishes' tops in the page (the first view's six, by their place in the document)
  const tops = () =>
    menu(page).evaluate((el) =>
      [...el.shadowRoot!.querySelectorAll('.menu-dish')].slice(0, 6).map((d) => Math.round(d.getBoundingClientRect().top + window.scrollY)),
    );
  const name = new URL(url).pathname.replace(/^\/$/, 'index').replace(/\W+/g, '');
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await expect(menu(page).locator('[data-tl-prerender]')).toBeVisible();
  await expect(menu(page).locator('.menu-dish')).toHaveCount(6);
  // (a screenshot of the whole element lays the page out anew: before the shifts are counted)
  await menu(page).screenshot({ path: test.info().outputPath(`first-view-${name}-${width}.png`) });
  // two frames: the layout after the screenshot is painted and its shifts are reported before the tops are read
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const before = await tops();
  const shiftsBefore = await page.evaluate(() => (window as unknown as { __tlShifts: number[] }).__tlShifts.length);
  release();
  showPictures();
  await menuMounted();
  await expect(menu(page).locator('[data-tl-prerender]')).toHaveCount(0);
  await expect(menu(page).locator('.menu-dish')).toHaveCount(33);
  // the menus' pictures are there now (they lie in the first screens)
  await expect.poll(() => menu(page).evaluate((el) => [...el.shadowRoot!.querySelectorAll<HTMLImageElement>('.menu-tile__pic img')].every((i) => i.complete && i.naturalWidth > 0))).toBe(true);
  const after = await tops();
  for (let i = 0; i < before.length; i++) expect(Math.abs(after[i] - before[i]), `dish ${i + 1}: ${before[i]} → ${after[i]} px`).toBeLessThanOrEqual(1);
  // and no layout shift since the first view was there (the browser's own measure of what the guest sees move)
  expect(await page.evaluate((n) => (window as unknown as { __tlShifts: number[] }).__tlShifts.slice(n), shiftsBefore)).toEqual([]);
  await menu(page).screenshot({ path: test.info().outputPath(`live-${name}-${width}.png`) });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const width of [412, 1280]) {
  test(`nothing above the dishes moves when the live menu takes the first view over (${width} px)`, async ({ page }) => {
    await expectNoMoveAtTakeOver(page, `${PAGES}/`, width);
  });
}

test.describe("a page whose CSP allows no data: pictures (tests/hosts/pages/strict-csp.html)", () => {
  let hostPages: PageServer | null = null;
  test.beforeAll(async () => {
    hostPages = await startPageServer(SHOP);
  });
  test.afterAll(async () => {
    await hostPages?.close();
    hostPages = null;
  });

  for (const width of [412, 1280]) {
    test(`the held pictures keep their boxes there too: nothing moves at the take-over, no picture is refused (${width} px)`, async ({ page }) => {
      const errors = collectErrors(page);
      // every violation the page reports, from the document's start (the shadow roots' images report to it)
      await page.addInitScript(() => {
        const w = window as unknown as { __csp: string[] };
        w.__csp = [];
        document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`), true);
      });
      const refused: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      await expectNoMoveAtTakeOver(page, `${hostPages!.host}/strict-csp.html`, width);
      // the pictures came from the shop (img-src allows its origin)
      expect(await menu(page).evaluate((el) => [...el.shadowRoot!.querySelectorAll<HTMLImageElement>('.menu-tile__pic img')].map((i) => new URL(i.currentSrc).origin))).toContain(SHOP);
      // (a violation is reported in a task queued when it happens: two frames and a task later all are in)
      await browserSettled(page);
      expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
