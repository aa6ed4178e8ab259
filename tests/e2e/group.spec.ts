// Group ordering end to end: three guests in three browser contexts — the owner creates
// the group and shares the link, two friends join from their own "phones", everybody adds lines,
// the friends mark themselves ready, the owner sees it all, goes to the checkout (the friends wait
// on the holding page), pays with the simulated provider, and all three see the one order.
import { SHOP } from './helpers';
import { addFromMenu } from './cartHelpers';
import { acceptLegal, checkout, checkoutForm, choosePayment, fillForm, GUEST, orderInfo, shownOrderId, simPage } from './checkoutHelpers';
import { createGroupUi, group, groupDialog, guest, joinGroupUi, member } from './groupHelpers';
import { expect, test } from './fixtures';

test('three guests order together, the owner pays for all, everybody ends on the one order', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const olga = await guest(browser);
  const anna = await guest(browser);
  const ben = await guest(browser);

  // the owner creates the group and copies the invitation link ('copied' for 1 s)
  await olga.goto('/');
  const link = await createGroupUi(olga, 'Büro', 'Olga');
  await group(olga).getByRole('button', { name: 'Link kopieren' }).click();
  await expect(group(olga).getByRole('button', { name: 'copied' })).toBeVisible();
  expect(await olga.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(group(olga).getByRole('button', { name: 'Link kopieren' })).toBeVisible({ timeout: 3000 });

  // two friends join from the link; the join button waits for 3 characters
  await anna.goto(link);
  const join = groupDialog(anna, 'Gruppe beitreten');
  await expect(join).toContainText('Olga lädt dich in die Gruppe „Büro“ ein.');
  await join.getByLabel('Dein Name').fill('An');
  await expect(join.getByRole('button', { name: 'Beitreten' })).toBeDisabled();
  await join.getByLabel('Dein Name').fill('Anna');
  await join.getByRole('button', { name: 'Beitreten' }).click();
  await expect(group(anna).getByRole('heading', { name: 'Gruppenbestellung: Büro' })).toBeVisible();
  expect(new URL(anna.url()).search).toBe(''); // the code leaves the address bar
  await joinGroupUi(ben, link, 'Ben');

  // each adds lines on their own device: Olga 4× Pizzabrötchen (4,50 €), Anna 4× Panna cotta (4,50 €),
  // Ben 6× Pommes frites (3,50 €)
  for (let i = 0; i < 4; i++) await addFromMenu(olga, 'pizzabroetchen');
  for (let i = 0; i < 4; i++) await addFromMenu(anna, 'panna-cotta');
  for (let i = 0; i < 6; i++) await addFromMenu(ben, 'beilage-pommes');
  for (const p of [anna, ben]) {
    await group(p).getByRole('button', { name: 'Ich bin fertig' }).click();
    await expect(group(p).getByRole('button', { name: 'Doch noch etwas ändern' })).toBeVisible();
  }

  // the owner sees every member's lines, names, totals and who is ready (polled every 5 s)
  const lines = (p: typeof olga, name: string) => member(p, name).locator('.grp-lines li');
  await expect(lines(olga, 'Anna')).toHaveText(Array(4).fill('1× Panna cotta'), { timeout: 15_000 });
  await expect(member(olga, 'Anna')).toContainText('Fertig');
  await expect(member(olga, 'Anna')).toContainText('18,00 €');
  await expect(lines(olga, 'Ben')).toHaveText(Array(6).fill('1× Pommes frites'));
  await expect(member(olga, 'Ben')).toContainText('21,00 €');
  await expect(member(olga, 'Ben')).toContainText('Fertig');
  await expect(lines(olga, 'Olga')).toHaveText(Array(4).fill('1× Pizzabrötchen mit Aioli'));
  await expect(group(olga).getByTestId('group-total')).toHaveText('57,00 €');
  // members see who is in the group, not the others' lines
  await expect(member(anna, 'Ben')).toBeVisible();
  await expect(member(anna, 'Ben')).not.toContainText('Pommes');

  // to the checkout: the members go to the holding page
  await group(olga).getByRole('button', { name: 'Zur Kasse (für alle bezahlen)' }).click();
  await expect(olga).toHaveURL(`${SHOP}/checkout`);
  for (const p of [anna, ben]) await expect(p).toHaveURL(`${SHOP}/checkout/holding`, { timeout: 15_000 });
  await expect(anna.getByText('Der Gruppenleiter bezahlt gerade die Bestellung.').first()).toBeVisible();

  // the owner pays for all: 57,00 € − 15 % Gruppenrabatt (8,55 €) = 48,45 € (pickup, no fee)
  const form = checkoutForm(olga);
  await form.getByRole('radio', { name: 'Abholung' }).check();
  await fillForm(form, GUEST);
  await choosePayment(form, 'Kreditkarte');
  await acceptLegal(form);
  await form.getByRole('checkbox', { name: 'Ich hole meine Bestellung selbst ab.' }).check();
  await expect(form.getByTestId('checkout-total')).toHaveText('48,45 €');
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  await simPage(olga, 'Zahlung bestätigen');
  await expect(olga).toHaveURL(new RegExp(`${SHOP}/checkout/success/[A-Za-z0-9_-]+$`));
  const id = await shownOrderId(olga);
  await expect(checkout(olga).getByTestId('success-total')).toHaveText('48,45 €');

  // all three on the success page of the one order
  for (const p of [anna, ben]) {
    await expect(p).toHaveURL(`${SHOP}/checkout/success/${id}`, { timeout: 15_000 });
    await expect(checkout(p).getByTestId('success-total')).toHaveText('48,45 €');
  }
  const stored = await orderInfo(request, id);
  expect(stored).toMatchObject({ total: 48.45, paymentStatus: 'paid' });
  // every member's lines are in the one order
  const amounts: Record<string, number> = {};
  for (const i of stored.items) amounts[i.name] = (amounts[i.name] ?? 0) + i.amount;
  expect(amounts).toEqual({ 'Panna cotta': 4, 'Pizzabrötchen mit Aioli': 4, 'Pommes frites': 6 });
  for (const p of [olga, anna, ben]) await p.context().close();
});
