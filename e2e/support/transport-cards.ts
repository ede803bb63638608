// The transport card pages as the card tests drive them (decisions 0032, 0036): the demo cards of a
// network's registry (tenants/<slug>/cards.json), card numbers as the pages write them, the
// card-link dialog filled with what the network asks, the cards page, and an incident reported on a
// card.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { field, shopUrl } from './accounts.ts';
import { fill, type Locale, textsOf } from './texts.ts';

/** What proves holding a card: its holder's birth date, or the code printed on it where the network hides the birth date. */
export type CardProof = { birthDate: string } | { printedCode: string };

export type DemoCard = {
  number: string;
  holderBirthDate: string;
  status: string;
  /** What the card's network asks to link it. */
  proof: CardProof;
};

const tenantFile = <T>(slug: string, file: string): T =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'tenants', slug, file), 'utf8')) as T;

/** An active demo card of the network's registry. */
export function demoCard(slug: string, number: string): DemoCard {
  const { cards } = tenantFile<{ cards: (Omit<DemoCard, 'proof'> & { printedCode?: string })[] }>(
    slug,
    'cards.json',
  );
  const card = cards.find((candidate) => candidate.number === number);
  if (card?.status !== 'ACTIVE') throw new Error(`no active demo card ${number} on ${slug}`);
  const { hideBirthDate } = tenantFile<{ hideBirthDate?: boolean }>(slug, 'network.json');
  if (hideBirthDate && !card.printedCode) throw new Error(`the demo card ${number} has no printed code`);
  return {
    ...card,
    proof: hideBirthDate ? { printedCode: card.printedCode ?? '' } : { birthDate: card.holderBirthDate },
  };
}

/**
 * Fills the card-link dialog open on the page with the number and the proof given (the other
 * proof's field must be absent: the network asks one), and sends it.
 */
export async function sendCardLink(
  page: Page,
  locale: Locale,
  number: string,
  proof: CardProof,
): Promise<Locator> {
  const t = textsOf(locale).account.transportCards.linkForm;
  const dialog = page.getByRole('dialog', { name: t.title });
  await field(dialog, t.number).fill(grouped(number));
  if ('birthDate' in proof) {
    await expect(dialog.getByLabel(t.printedCode)).toHaveCount(0);
    await field(dialog, t.birthDate).fill(proof.birthDate);
  } else {
    await expect(dialog.getByLabel(t.birthDate)).toHaveCount(0);
    await field(dialog, t.printedCode).fill(proof.printedCode);
  }
  await dialog.getByRole('button', { name: t.submit }).click();
  return dialog;
}

/** A card number grouped by four, as the pages show it. */
export const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A card number inside a sentence: grouped, and isolated left to right as the pages write it. */
export const inSentence = (number: string) => `\u2066${grouped(number)}\u2069`;

export async function openCards(page: Page, slug: string, locale: Locale): Promise<void> {
  const t = textsOf(locale).account.transportCards;
  await page.goto(shopUrl(slug, locale, '/account/transport-cards'));
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
}

/**
 * From the cards page, reports the card stolen and confirms; the cards page shows again.
 * `onReportPage` looks at the report page before it is filled in.
 */
export async function reportStolen(
  page: Page,
  locale: Locale,
  number: string,
  onReportPage: () => Promise<void> = async () => {},
): Promise<void> {
  const c = textsOf(locale).account.transportCards;
  await page.getByRole('link', { name: fill(c.reportIncidentLabel, { number: inSentence(number) }) }).click();
  await expect(page.getByRole('heading', { level: 1, name: c.incident.title })).toBeVisible();
  await onReportPage();
  await page
    .getByRole('radiogroup', { name: c.incident.kind })
    .getByRole('radio', { name: c.incident.kinds.STOLEN })
    .check();
  await page.getByRole('button', { name: c.incident.submit }).click();
  await page
    .getByRole('dialog', { name: c.incident.confirmTitle })
    .getByRole('button', { name: c.incident.confirm })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
}
