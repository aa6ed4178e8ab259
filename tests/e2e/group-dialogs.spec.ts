// The group dialogs: names under 3 characters, remove / leave / disband behind their
// confirmations, the removed member's 'Gruppenfunktion', leaving after more than 5 failed polls,
// the info bubble; screenshots at 360 and 1280 px with axe on every dialog.
import AxeBuilder from '@axe-core/playwright';
import { createGroupUi, group, groupDialog, guest, joinGroupUi, member } from './groupHelpers';
import { expect, test, type Page, type TestInfo } from './fixtures';
import { browserSettled } from './helpers';

async function axe(page: Page, inside = 'dialog[open]') {
  const result = await new AxeBuilder({ page }).include([['tischlein-group', inside]]).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** The home page's 'Gruppenbestellung' → 'Neue Gruppe erstellen': the create dialog. */
async function openCreate(page: Page) {
  await page.goto('/');
  await group(page).getByRole('button', { name: 'Gruppenbestellung' }).click();
  await groupDialog(page, 'Gruppenbestellung').getByRole('button', { name: 'Neue Gruppe erstellen' }).click();
  return groupDialog(page, 'Neue Gruppe erstellen');
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`) });
  await info.attach(name, { path: info.outputPath(`${name}.png`), contentType: 'image/png' });
}

test('create refuses names under 3 characters with the spec messages', async ({ page }) => {
  const create = await openCreate(page);
  await create.getByLabel('Name der Gruppe').fill('ab');
  await create.getByLabel('Dein Name').fill(' x ');
  await create.getByRole('button', { name: 'Gruppe erstellen' }).click();
  await expect(create.getByRole('alert').first()).toHaveText(/^Bitte wähle einen Namen \(mindestens 3 Zeichen\) für deine Gruppe\./);
  await expect(create.getByRole('alert').nth(1)).toHaveText(/^Bitte wähle einen Namen \(mindestens 3 Zeichen\) für dich\./);
  await expect(create).toBeVisible();
});

test('a failed create shows "Opps, dass hat leider nicht geklappt"', async ({ page }) => {
  await page.route('**/api/shop/demo/group-order?*', (r) => r.fulfill({ status: 500, body: '{}' }));
  await page.route('**/api/shop/demo/group-order', (r) => r.fulfill({ status: 500, body: '{}' }));
  const create = await openCreate(page);
  await create.getByLabel('Name der Gruppe').fill('Büro');
  await create.getByLabel('Dein Name').fill('Olga');
  await create.getByRole('button', { name: 'Gruppe erstellen' }).click();
  await expect(group(page).getByRole('dialog')).toContainText('Opps, dass hat leider nicht geklappt, bitte versuch es noch einmal.');
});

test('remove, leave and disband each ask first; the removed member reads "Gruppenfunktion"', async ({ browser }) => {
  test.setTimeout(120_000);
  const olga = await guest(browser);
  const anna = await guest(browser);
  await olga.goto('/');
  const link = await createGroupUi(olga);
  await joinGroupUi(anna, link, 'Anna');
  await expect(member(olga, 'Anna')).toBeVisible({ timeout: 15_000 });

  // the owner renames the group (3 characters at least)
  await group(olga).getByRole('button', { name: 'Gruppe anzeigen' }).click();
  await groupDialog(olga, 'Deine Gruppe').getByRole('button', { name: 'Gruppe umbenennen' }).click();
  const rename = groupDialog(olga, 'Gruppe umbenennen');
  await rename.getByLabel('Name der Gruppe').fill('ab');
  await rename.getByRole('button', { name: 'SPEICHERN' }).click();
  await expect(rename.getByRole('alert')).toHaveText(/^Bitte wähle einen Namen \(mindestens 3 Zeichen\) für deine Gruppe\./);
  await rename.getByLabel('Name der Gruppe').fill('Team');
  await rename.getByRole('button', { name: 'SPEICHERN' }).click();
  await expect(group(olga).getByRole('heading', { name: 'Gruppenbestellung: Team' })).toBeVisible();
  await expect(group(anna).getByRole('heading', { name: 'Gruppenbestellung: Team' })).toBeVisible({ timeout: 15_000 });

  // remove: 'Gruppenmitglied Entfernen'; cancel keeps her, confirm removes her
  await groupDialog(olga, 'Deine Gruppe').getByRole('button', { name: 'Anna entfernen' }).click();
  const confirmRemove = groupDialog(olga, 'Gruppenmitglied Entfernen');
  await expect(confirmRemove).toContainText('Möchtest du Anna wirklich aus der Gruppe entfernen?');
  await confirmRemove.getByRole('button', { name: 'ABBRECHEN' }).click();
  await expect(member(olga, 'Anna')).toBeVisible();
  await groupDialog(olga, 'Deine Gruppe').getByRole('button', { name: 'Anna entfernen' }).click();
  await groupDialog(olga, 'Gruppenmitglied Entfernen').getByRole('button', { name: 'Anna entfernen' }).click();
  await expect(groupDialog(olga, 'Deine Gruppe').getByText('Anna')).toHaveCount(0);
  const removed = groupDialog(anna, 'Gruppenfunktion');
  await expect(removed).toContainText('Du bist kein Mitglied der Gruppe mehr. Du kannst der Gruppe jedoch wieder beitreten wenn du möchtest.', { timeout: 15_000 });
  await removed.getByRole('button', { name: 'OK' }).click();
  await expect(group(anna).getByRole('button', { name: 'Gruppenbestellung' })).toBeVisible();

  // she may join again, and leave: 'Gruppe Verlassen'
  await joinGroupUi(anna, link, 'Anna');
  await group(anna).getByRole('button', { name: 'Gruppe anzeigen' }).click();
  await groupDialog(anna, 'Deine Gruppe').getByRole('button', { name: 'Gruppe verlassen' }).click();
  const confirmLeave = groupDialog(anna, 'Gruppe Verlassen');
  await expect(confirmLeave).toContainText('Du kannst der Gruppe später wieder beitreten.');
  await confirmLeave.getByRole('button', { name: 'Gruppe verlassen' }).click();
  await expect(group(anna).getByRole('button', { name: 'Gruppenbestellung' })).toBeVisible();

  // disband: 'Gruppe Auflösen' (cannot be undone)
  await groupDialog(olga, 'Deine Gruppe').getByRole('button', { name: 'Gruppe auflösen' }).click();
  const confirmDisband = groupDialog(olga, 'Gruppe Auflösen');
  await expect(confirmDisband).toContainText('kann nicht rückgängig gemacht werden');
  await confirmDisband.getByRole('button', { name: 'Gruppe auflösen' }).click();
  await expect(group(olga).getByRole('button', { name: 'Gruppenbestellung' })).toBeVisible();
  // the link leads nowhere now
  await anna.goto(link);
  await expect(group(anna).getByRole('dialog')).toContainText('Opps, dass hat leider nicht geklappt');
  for (const p of [olga, anna]) await p.context().close();
});

test('more than 5 failed polls in a row: the member is told and leaves the group', async ({ browser }) => {
  test.setTimeout(120_000);
  const olga = await guest(browser);
  const anna = await guest(browser);
  await olga.goto('/');
  const link = await createGroupUi(olga);
  await joinGroupUi(anna, link, 'Anna');
  let failed = 0;
  await anna.route(/\/api\/shop\/demo\/group-order\/[^/?]+(\?.*)?$/, async (r) => {
    if (r.request().method() !== 'GET') return r.fallback();
    failed += 1;
    await r.fulfill({ status: 503, body: '{}' });
  });
  // the page's clock stands still from here; the next poll is planned when the page has the answer
  // (after the request the test counts), so the clock goes on a second at a time until it comes
  await anna.clock.pauseAt((await anna.evaluate(() => Date.now())) + 1000);
  const nextPoll = async () => {
    const before = failed;
    await expect
      .poll(async () => {
        await anna.clock.runFor(1000);
        return failed;
      })
      .toBe(before + 1);
  };
  while (failed < 5) await nextPoll();
  await expect(group(anna).getByRole('heading', { name: 'Gruppenbestellung: Büro' })).toBeVisible(); // 5 failures: still in
  await expect(groupDialog(anna, 'Gruppenfunktion')).toHaveCount(0);
  await nextPoll();
  const notice = groupDialog(anna, 'Gruppenfunktion');
  await expect(notice).toContainText('Die Verbindung zur Gruppe ist abgebrochen.');
  expect(failed).toBe(6);
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(group(anna).getByRole('button', { name: 'Gruppenbestellung' })).toBeVisible();
  // the server let her go too
  await expect(member(olga, 'Anna')).toHaveCount(0, { timeout: 15_000 });
  for (const p of [olga, anna]) await p.context().close();
});

// The full cart above the group box loads its content in a chunk of its own: the box must not move when it comes
// (a tap pressed before and released after it landed beside the button, and the welcome dialog never opened).
test('a tap on "Gruppenbestellung" while the content of the cart arrives opens the welcome dialog', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/remotes\/cart\/cart-panel\.[^/]*\.js$/, async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/');
  const cart = page.locator('tischlein-cart');
  const opener = group(page).getByRole('button', { name: 'Gruppenbestellung' });
  await expect(opener).toBeVisible();
  await expect(cart.getByRole('status')).toHaveText('Warenkorb wird geladen …');
  const before = (await opener.boundingBox())!;
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  release();
  await expect(cart.getByText('Dein Warenkorb ist leer.')).toBeVisible();
  await browserSettled(page);
  expect(await opener.boundingBox()).toEqual(before);
  await page.mouse.up();
  await expect(groupDialog(page, 'Gruppenbestellung')).toBeVisible();
});

test('the group info bubble shows 2 s after landing on home and ends after 10 s', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-24T11:00:00Z') });
  await page.goto('/');
  await expect(group(page).getByRole('button', { name: 'Gruppenbestellung' })).toBeVisible();
  const bubble = group(page).getByTestId('group-bubble');
  await expect(bubble).toHaveCount(0);
  await page.clock.runFor(2100);
  await expect(bubble).toBeVisible();
  await page.clock.runFor(8000);
  await expect(bubble).toHaveCount(0);
});

for (const width of [360, 1280]) {
  test(`group dialogs at ${width} px: no sideways scroll, 44 px targets, axe clean`, async ({ browser }, info) => {
    test.setTimeout(120_000);
    const olga = await guest(browser);
    const anna = await guest(browser);
    for (const p of [olga, anna]) await p.setViewportSize({ width, height: 800 });
    await olga.goto('/');
    await group(olga).getByRole('button', { name: 'Gruppenbestellung' }).click();
    const check = async (p: Page, name: string) => {
      const dlg = group(p).locator('dialog[open]');
      await expect(dlg).toBeVisible();
      await noSidewaysScroll(p);
      for (const b of await dlg.getByRole('button').all()) {
        if (!(await b.isVisible())) continue;
        expect(Math.round((await b.boundingBox())!.height)).toBeGreaterThanOrEqual(44);
      }
      expect(await axe(p)).toEqual([]);
      await shot(p, info, `group-${name}-${width}`);
    };
    await check(olga, 'welcome');
    await groupDialog(olga, 'Gruppenbestellung').getByRole('button', { name: 'Neue Gruppe erstellen' }).click();
    await check(olga, 'create');
    await groupDialog(olga, 'Neue Gruppe erstellen').getByRole('button', { name: 'ABBRECHEN' }).click();
    const link = await createGroupUi(olga);
    await noSidewaysScroll(olga);
    expect(await axe(olga, 'section')).toEqual([]);
    await anna.goto(link);
    await check(anna, 'join');
    await groupDialog(anna, 'Gruppe beitreten').getByLabel('Dein Name').fill('Anna');
    await groupDialog(anna, 'Gruppe beitreten').getByRole('button', { name: 'Beitreten' }).click();
    await group(anna).getByRole('button', { name: 'Gruppe anzeigen' }).click();
    await check(anna, 'member-info');
    await expect(member(olga, 'Anna')).toBeVisible({ timeout: 15_000 });
    await group(olga).getByRole('button', { name: 'Gruppe anzeigen' }).click();
    await check(olga, 'owner-info');
    await groupDialog(olga, 'Deine Gruppe').getByRole('button', { name: 'Anna entfernen' }).click();
    await check(olga, 'remove');
    for (const p of [olga, anna]) await p.context().close();
  });
}
