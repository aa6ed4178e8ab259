// The menu editor's 'Vorschau' on PGlite: the shell page with the DRAFT as its shop data, for the
// shop's owner only; never stored, framed by this origin only; no public route gives the draft away.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bootstrap, Catalog } from '@shared/domain';
import { createStaffTestServer, DEMO_OWNER, type StaffRequest, type StaffTestServer } from '../testingStaff';
// the shell page as the build writes it (shell/index.html with its scripts)
const SHELL = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <title>Tischlein</title>
    <!--META-->
    <link rel="stylesheet" href="/shell/shell.css" />
    <script defer src="/shell/main.0123456789.js"></script>
  </head>
  <body>
    <div id="splash" class="splash" role="status" aria-live="polite">
      <p><span id="splash-name">Dein Restaurant</span> ist gleich da...</p>
    </div>
    <div id="app"></div>
  </body>
</html>`;

type DraftAnswer = { revision: number; catalog: Catalog };

/** The shop data the page carries (the JSON of <script id="tl-preview-state">). */
function stateOf(html: string): Bootstrap & { catalogVersion?: string } {
  const m = /<script type="application\/json" id="tl-preview-state">([^]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no preview state in the page');
  return JSON.parse(m[1]) as Bootstrap;
}

describe("menu editor 'Vorschau'", () => {
  let s: StaffTestServer;
  let bare: StaffTestServer;
  const dist = mkdtempSync(join(tmpdir(), 'tl-preview-'));

  const req = (who: string | null, path: string, init: StaffRequest = {}, server = () => s) => server().req(path, { ...init, as: who ?? undefined });
  const saveDraft = async (edit: (c: Catalog) => void) => {
    const d = (await (await req('owner', '/api/staff/demo/menu/draft')).json()) as DraftAnswer;
    edit(d.catalog);
    const res = await req('owner', '/api/staff/demo/menu/draft', { method: 'PUT', json: { revision: d.revision, catalog: d.catalog } });
    expect(res.status).toBe(200);
  };
  const pannaCotta = (c: Catalog) => c.dishes.find((d) => d.id === 'panna-cotta')!;

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), SHELL);
    s = await createStaffTestServer({
      distDir: dist,
      users: {
        owner: DEMO_OWNER,
        staff: { shopId: 'demo', email: 'koch@demo.example', name: 'Koch', role: 'staff', password: 'koch-passwort-123' },
        otherOwner: { shopId: 'schanzenkueche', email: 'chefin@schanze.example', name: 'Chefin', role: 'owner', password: 'schanze-passwort-123' },
      },
    });
    // a server without a build
    bare = await createStaffTestServer({ distDir: null, users: { bareOwner: DEMO_OWNER } });
  }, 120_000);
  afterAll(async () => {
    await s.close();
    await bare.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('only the shop\'s owner gets it: no login 401, a staff member, a POS key, another shop\'s owner 403; an unknown shop 404', async () => {
    const key = await req('owner', '/api/staff/demo/api-keys', { method: 'POST', json: { label: 'Kasse' } });
    const { key: posKey } = (await key.json()) as { key: string };
    const path = '/api/staff/demo/menu/preview';
    const guest = await req(null, path);
    expect(guest.status).toBe(401);
    expect(await guest.text()).not.toContain('tl-preview-state');
    expect((await req('staff', path)).status).toBe(403);
    expect(await (await req('staff', path)).json()).toEqual({ error: 'owner_only', message: 'Das darf nur der Inhaber (mit Anmeldung).' });
    expect((await req('otherOwner', path)).status).toBe(403);
    expect((await req(null, path, { headers: { Authorization: `Bearer ${posKey}` } })).status).toBe(403);
    // the demo owner's cookie names another shop, or one that does not exist
    expect((await req('owner', '/api/staff/schanzenkueche/menu/preview')).status).toBe(403);
    const unknown = await req('owner', '/api/staff/gibt-es-nicht/menu/preview');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'unknown_shop', message: "Shop 'gibt-es-nicht' gibt es nicht." });
  });

  it('carries the draft (a changed price, a new dish name) as the shop data of the real widgets; the public routes keep the published menu', async () => {
    await saveDraft((c) => {
      pannaCotta(c).prices[0].price = 570;
      pannaCotta(c).name = 'Panna cotta Vorschau';
    });
    const res = await req('owner', '/api/staff/demo/menu/preview');
    expect(res.status).toBe(200);
    const html = await res.text();
    // the shell page with the shop filled in and the draft as its data
    expect(html).toContain('<meta name="tischlein:shop" content="demo" />');
    expect(html).toContain('<script defer src="/shell/main.0123456789.js"></script>');
    const state = stateOf(html);
    expect(state.config.id).toBe('demo');
    const dish = pannaCotta(state.catalog);
    expect(dish.name).toBe('Panna cotta Vorschau');
    expect(dish.prices[0].price).toBe(570);
    // no catalog version: the page never swaps the published menu in, and no order can name one
    expect(state.catalogVersion).toBeUndefined();
    expect(state.deliveryPeriod).toBeTruthy();

    // guests: the published price and name on every public route
    const boot = (await (await s.app.request('/api/shop/demo/bootstrap')).json()) as Bootstrap & { catalogVersion: string };
    expect(pannaCotta(boot.catalog).prices[0].price).toBe(450);
    const publicState = await (await s.app.request('/api/shop/demo/state')).text();
    expect(publicState).not.toContain('Panna cotta Vorschau');
    const catalog = await (await s.app.request(`/api/shop/demo/catalog/${boot.catalogVersion}`)).text();
    expect(catalog).not.toContain('Panna cotta Vorschau');
    expect(catalog).toContain('"Panna cotta"');
    expect(await (await s.app.request('/api/shop/demo/menu-view')).text()).not.toContain('Panna cotta Vorschau');
    expect((await s.app.request('/api/shop/demo/catalog/vorschau')).status).toBe(404);
    expect((await s.app.request('/api/shop/demo/catalog/draft')).status).toBe(404);
  });

  it('is never stored, framed by this origin only, runs only this origin\'s scripts', async () => {
    const res = await req('owner', '/api/staff/demo/menu/preview');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('a dish name cannot end the data\'s <script> element (no markup of the draft runs)', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    await saveDraft((c) => {
      pannaCotta(c).name = evil;
      c.categories[0].name = '<img src=x onerror=alert(1)>';
    });
    const html = await (await req('owner', '/api/staff/demo/menu/preview')).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    // exactly the shell's own script and the data element
    expect(html.match(/<script\b/g)).toHaveLength(2);
    const state = stateOf(html);
    expect(pannaCotta(state.catalog).name).toBe(evil);
    expect(state.catalog.categories[0].name).toBe('<img src=x onerror=alert(1)>');
  });

  it('the draft is read by the owner\'s routes only: no guest or order code touches menu_drafts', () => {
    const root = join(__dirname, '..');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f));
    const uses = (needle: RegExp) => files.filter((f) => needle.test(readFileSync(join(root, f), 'utf8'))).map((f) => relative(root, join(root, f)).replace(/\\/g, '/')).sort();
    expect(uses(/menu_drafts/)).toEqual(['staff/menu.ts']);
    expect(uses(/\breadDraft\b/)).toEqual(['routes/menuEditor.ts', 'routes/menuPreview.ts', 'staff/menu.ts']);
  });

  it('without a build: 503 with a German message, no draft', async () => {
    const res = await req('bareOwner', '/api/staff/demo/menu/preview', {}, () => bare);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: 'preview_unavailable',
      message: 'Die Vorschau ist gerade nicht verfügbar: Die Oberfläche des Shops ist auf diesem Server nicht gebaut.',
    });
  });
});
