// Click and collect on lumiere: a paper carnet sold for pick-up at an agency, bought by a guest. The
// collect step says when the tickets are ready (48 to 72 hours after the order), offers the
// network's agencies and, once one is chosen, its pick-up slots with the places left; the order is
// paid by card and completes, and its confirmation names the agency, the slot and the delay.
import { expect, test } from '@playwright/test';
import { newAccount } from './support/accounts.ts';
import {
  addProduct,
  choosePayment,
  continueAsGuest,
  expectCardFormAtProvider,
  expectStep,
  orderNumberIn,
  pay,
  resultDialog,
  startCheckout,
} from './support/checkout.ts';
import { waitForMailWithSubject } from './support/mailbox.ts';
import { payByCard, TEST_CARDS } from './support/payment-page.ts';
import { fill, type Locale, pattern, textsOf } from './support/texts.ts';

const locale: Locale = 'en';
const t = textsOf(locale);

// A failure keeps its trace without the screencast, which costs these long journeys several
// seconds on a busy machine.
test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

/** The paper carnet (tagged eshop_collect) and the agency chosen (tenants/lumiere). */
const PAPER_CARNET = 1106;
const AGENCY = { name: 'Agence Gare Centrale', address: '1 place de la Gare' };

test('CHK-05 CHK-06 WAL-02 a guest collects a paper carnet at an agency in a chosen slot, and the order completes', async ({
  page,
}) => {
  const testStart = Date.now();
  const guest = newAccount('guest-collect');
  await addProduct(page, locale, PAPER_CARNET);
  await startCheckout(page, locale);
  await continueAsGuest(page, locale, guest.email);

  // CHK-06: the delay is said before anything is chosen.
  await expectStep(page, locale, 'collect');
  await expect(page.getByText(fill(t.checkout.collect.availability, { from: 48, to: 72 }))).toBeVisible();

  // CHK-05: no agency yet, no way on.
  await page.getByRole('button', { name: t.checkout.continue }).click();
  await expect(page.getByText(t.apiErrors.COLLECT_AGENCY_MISSING)).toBeVisible();
  await expectStep(page, locale, 'collect');

  const agencies = page.getByRole('radiogroup', { name: t.checkout.collect.agency });
  await agencies.getByRole('radio', { name: new RegExp(AGENCY.name) }).check();
  const slots = page.getByRole('radiogroup', { name: t.checkout.collect.slotLegend });
  // The first slot with places left: its label says how many.
  const choice = slots
    .locator('label')
    .filter({ has: page.getByRole('radio', { disabled: false }) })
    .first();
  await expect(choice).toContainText(pattern(t.checkout.collect.placesLeft));
  const slot = choice.getByRole('radio');
  const slotStart = new Date(await slot.inputValue());
  // CHK-06: no slot before the tickets can be ready, 72 hours after the order at the latest.
  expect(slotStart.getTime()).toBeGreaterThanOrEqual(testStart + 72 * 3600_000);
  await slot.check();
  await page.getByRole('button', { name: t.checkout.continue }).click();

  await choosePayment(page, locale, { method: 'CARD' });
  await pay(page, locale);
  await expectCardFormAtProvider(page, locale);
  await payByCard(page, locale, TEST_CARDS.succeeds);

  await expect(resultDialog(page, locale, 'confirmed')).toBeVisible();
  const orderNumber = await orderNumberIn(page, locale, 'confirmed');

  // The confirmation names the agency, its address, the slot and when the tickets are ready.
  const mail = await waitForMailWithSubject(
    guest.email,
    new RegExp(`your order ${orderNumber} is confirmed`),
  );
  expect(mail.text).toContain(AGENCY.name);
  expect(mail.text).toContain(AGENCY.address);
  expect(mail.text).toContain('Your tickets will be available at the agency 48 to 72 hours after the order.');
  const parts = new Intl.DateTimeFormat('en', {
    timeZone: 'Europe/Paris',
    hour: 'numeric',
    minute: '2-digit',
  }).formatToParts(slotStart);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  const day = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', dateStyle: 'full' }).format(
    slotStart,
  );
  const slotLine = mail.text.split('\n').find((line) => line.includes('Time slot:')) ?? '';
  expect(slotLine).toContain(`${day}, ${part('hour')}:${part('minute')}`);
});
