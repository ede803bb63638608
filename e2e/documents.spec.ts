// Eligibility documents in a real browser against the real platform (decision 0033): on Lakeside,
// which sells a reduced fare only once its documents are accepted, a customer uploads a student
// card on the youth pass's page (watching its progress on a slow line), sends it for checking, the
// network's staff accept it with `npm run documents:review`, the email says so, and the pass is
// bought. On Lumière, on a phone and in dark, a student card given with its student number is
// accepted at once by the network's register and the pass goes to the cart; in Arabic and dark, a
// refused document shows its reason on the requests page; the documents pages and the step pass
// axe in English and Arabic, light and dark.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { type Account, field, newAccount, register, shopUrl } from './support/accounts.ts';
import { expectNoSeriousViolations, expectNoSeriousViolationsInBothSchemes } from './support/axe.ts';
import { addToCart, expectCardFormAtProvider, resultDialog } from './support/checkout.ts';
import { waitForMailWithSubject } from './support/mailbox.ts';
import { payByCard, TEST_CARDS } from './support/payment-page.ts';
import { E2E_PORT, SMTP_SINK_PORT } from './support/platform.ts';
import { runDatabaseUrl } from './support/run-database.ts';
import { runTenantsDir } from './support/run-tenants.ts';
import { fill, type Locale, textsOf } from './support/texts.ts';

const root = join(import.meta.dirname, '..');
const LAKESIDE_YOUTH_PASS = 3301;
const LUMIERE_STUDENT_PASS = 3101;
/** Its name in Lumière's own language, as the staff's command lists it. */
const LUMIERE_STUDENT_PASS_NAME = 'Abonnement mensuel Étudiant';

/** Runs the staff's review command against the run's database; answers what it printed. */
async function review(args: string[]): Promise<string> {
  const server = process.env.DATABASE_URL as string;
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: the test runner's own variables (playwright.config.ts)
  const runDir = process.env.E2E_RUN_DIR as string;
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'documents:review', '--', ...args],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: runDatabaseUrl(server, runDir),
        TENANTS_DIR: runTenantsDir(runDir),
        SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
        SHOP_PORT: String(E2E_PORT),
      },
    },
  );
  return stdout;
}

/** The id of the one request waiting for this item on the network. */
async function requestFor(slug: string, itemName: string): Promise<string> {
  const listed = await review(['--network', slug, '--list']);
  const line = listed.split('\n').find((candidate) => candidate.includes(`· ${itemName} ·`));
  const id = line?.match(/^request (\d+) ·/)?.[1];
  if (!id) throw new Error(`no request for ${itemName} in:\n${listed}`);
  return id;
}

async function registerOn(page: Page, slug: string, locale: Locale, label: string): Promise<Account> {
  const account = newAccount(label);
  await register(page, slug, locale, account, 'verified');
  return account;
}

/** A small PNG drawn by the browser. */
async function drawnPng(page: Page, width = 120, height = 80): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('no png');
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    },
    [width, height] as const,
  );
  return Buffer.from(bytes);
}

/** Uploads a file through the documents step's button for a document type. */
async function uploadFor(
  page: Page,
  locale: Locale,
  typeName: string,
  file: { name: string; buffer: Buffer },
) {
  const t = textsOf(locale).products.documents;
  const step = page.getByRole('region', { name: t.legend });
  const row = step.getByRole('listitem', { name: typeName });
  const chooser = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: t.upload }).click();
  await (await chooser).setFiles({ name: file.name, mimeType: 'image/png', buffer: file.buffer });
  return { step, row };
}

test('DOC-01 DOC-04 CHK-08 a student card uploaded with its progress, accepted by staff, then the youth pass is bought', async ({
  page,
}) => {
  test.skip(!process.env.DATABASE_URL, 'the staff command shares the platform’s database only on PostgreSQL');
  test.slow();
  const t = textsOf('en');
  const d = t.products.documents;
  const account = await registerOn(page, 'lakeside', 'en', 'youth-pass-buyer');
  await page.goto(shopUrl('lakeside', 'en', `/products/${LAKESIDE_YOUTH_PASS}`));
  const itemName = await page.getByRole('heading', { level: 1 }).innerText();
  await field(page, 'School or training company').fill('Lakeside Polytechnic');
  // On the phone: Lakeside sends no new card by post, and this traveller has no card to load.
  await page
    .getByRole('radiogroup', { name: t.products.support.legend })
    .getByRole('radio', { name: new RegExp(t.products.support.DEMATERIALIZED) })
    .check();

  // A slow line, so the upload's progress shows as it goes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  const photo = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 600;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    const pixels = context.createImageData(900, 600);
    for (let index = 0; index < pixels.data.length; index += 1) pixels.data[index] = (index * 7919) % 251;
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('no png');
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  const { step, row } = await uploadFor(page, 'en', 'Student or apprentice ID', {
    name: 'student-card.png',
    buffer: Buffer.from(photo),
  });
  const progress = row.getByRole('progressbar', {
    name: fill(d.uploading, { type: 'Student or apprentice ID' }),
  });
  await expect(progress).toBeVisible();
  await expect(row.getByText(fill(d.uploaded.PENDING, { name: 'student-card.png' }))).toBeVisible({
    timeout: 60_000,
  });
  await expect(progress).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // Sent for checking: the answer date is said before paying, and the add waits (Lakeside does not
  // sell while documents are checked).
  await step.getByRole('button', { name: d.send }).click();
  await expect(step.getByText(/Sent for checking: an answer is expected by /)).toBeVisible();
  await expect(step.getByText(d.blockedUntilValid)).toBeVisible();
  await page.getByRole('button', { name: t.products.addToCart }).click();
  await expect(page.getByText(d.missing)).toBeVisible();

  // The network's staff accept it; the traveller is told.
  const id = await requestFor('lakeside', itemName);
  expect(await review(['--network', 'lakeside', '--accept', id, '--expires', '2027-08-31'])).toContain(
    `request ${id} is ACCEPTED`,
  );
  const mail = await waitForMailWithSubject(account.email, /your documents are accepted/);
  expect(mail.text).toContain(itemName);

  // Valid now: the pass goes in the cart with its document, and is paid.
  await page.reload();
  await expect(
    page.getByRole('region', { name: d.legend }).getByText(d.state.VALID, { exact: true }),
  ).toBeVisible();
  await field(page, 'School or training company').fill('Lakeside Polytechnic');
  await page
    .getByRole('radiogroup', { name: t.products.support.legend })
    .getByRole('radio', { name: new RegExp(t.products.support.DEMATERIALIZED) })
    .check();
  await addToCart(page, 'en');
  await page.getByRole('dialog', { name: t.cart.title }).getByRole('link', { name: t.cart.viewCart }).click();
  await page.getByRole('checkbox', { name: t.cart.confirmations.terms }).check();
  await page.getByRole('checkbox', { name: t.cart.confirmations.privacy }).check();
  const over18 = page.getByRole('checkbox', { name: t.cart.confirmations.over18 });
  if (await over18.isVisible()) await over18.check();
  await page.getByRole('link', { name: t.cart.checkout.action }).click();
  const p = t.checkout.payment;
  const installments = page.getByRole('radiogroup', { name: p.installments });
  if (await installments.isVisible())
    await installments.getByRole('radio', { name: p.installmentOne }).check();
  await page.getByRole('radiogroup', { name: p.method }).getByRole('radio', { name: p.methods.CARD }).check();
  await page.getByRole('button', { name: p.pay, exact: true }).click();
  await expectCardFormAtProvider(page, 'en');
  await payByCard(page, 'en', TEST_CARDS.succeeds);
  await expect(resultDialog(page, 'en', 'confirmed')).toBeVisible();
});

test('DOC-02 on a phone, in dark, a student card given with its student number is accepted at once by Lumière’s register, and the pass goes to the cart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await registerOn(page, 'lumiere', 'fr', 'student-register');
  const t = textsOf('fr');
  const d = t.products.documents;
  await page.goto(shopUrl('lumiere', 'fr', `/products/${LUMIERE_STUDENT_PASS}`));
  const step = page.getByRole('region', { name: d.legend });
  const row = step.getByRole('listitem', { name: 'Carte étudiante ou certificat de scolarité' });
  await row
    .getByRole('textbox', { name: 'Numéro d’étudiant inscrit sur la carte', exact: true })
    .fill('LUM-ETU-2026-0001');
  await row.screenshot({ path: test.info().outputPath('student-number-field.png') });
  await uploadFor(page, 'fr', 'Carte étudiante ou certificat de scolarité', {
    name: 'carte-etudiante.png',
    buffer: await drawnPng(page),
  });
  await expect(row.getByText(fill(d.uploaded.VALID, { name: 'carte-etudiante.png' }))).toBeVisible();
  await expect(row.getByText(d.state.VALID, { exact: true })).toBeVisible();
  // Accepted: nothing is left to send, and the upload is no longer offered.
  await expect(step.getByRole('button', { name: d.send })).toHaveCount(0);
  await expect(row.getByRole('button', { name: d.uploadAnother })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: test.info().outputPath('student-register-phone-dark.png'), fullPage: true });

  await field(page, 'Numéro d’étudiant').fill('LUM-ETU-2026-0001');
  await page
    .getByRole('combobox', { name: /Établissement/ })
    .selectOption({ label: 'Université de Clairval' });
  const support = page.getByRole('radiogroup', { name: t.products.support.legend });
  if (await support.isVisible())
    await support.getByRole('radio', { name: new RegExp(t.products.support.DEMATERIALIZED) }).check();
  await addToCart(page, 'fr');
});

test('DOC-03 a refused document shows its reason on the requests page; the documents pages pass axe in English and Arabic, light and dark', async ({
  page,
}) => {
  test.skip(!process.env.DATABASE_URL, 'the staff command shares the platform’s database only on PostgreSQL');
  test.slow();
  await registerOn(page, 'lumiere', 'ar', 'refused-document');
  const t = textsOf('ar');
  await page.goto(shopUrl('lumiere', 'ar', `/products/${LUMIERE_STUDENT_PASS}`));
  const typeName = 'بطاقة الطالب أو شهادة التمدرس';
  const { step, row } = await uploadFor(page, 'ar', typeName, {
    name: 'carte.png',
    buffer: await drawnPng(page),
  });
  await expect(
    row.getByText(fill(t.products.documents.uploaded.PENDING, { name: 'carte.png' })),
  ).toBeVisible();
  await step.getByRole('button', { name: t.products.documents.send }).click();
  await expect(step.getByText(/أُرسلت للتحقق/)).toBeVisible();
  await expectNoSeriousViolationsInBothSchemes(page);

  const id = await requestFor('lumiere', LUMIERE_STUDENT_PASS_NAME);
  await review(['--network', 'lumiere', '--refuse', id, '--reason', 'La photo est floue']);

  for (const locale of ['ar', 'en'] as const) {
    const texts = textsOf(locale).documentsPage;
    await page.goto(shopUrl('lumiere', locale, '/documents/submissions'));
    const past = page.getByRole('region', { name: texts.requests.past });
    await expect(
      past.getByText(fill(texts.requests.refusedBecause, { message: 'La photo est floue' })),
    ).toBeVisible();
    await expectNoSeriousViolationsInBothSchemes(page);
    await page.goto(shopUrl('lumiere', locale, '/documents'));
    await expect(page.getByText(fill(texts.reason, { reason: 'La photo est floue' }))).toBeVisible();
    await expectNoSeriousViolationsInBothSchemes(page);
  }
  await page.screenshot({ path: test.info().outputPath('documents-en-light.png'), fullPage: true });
});
