// The transport card pages as the card tests drive them (decision 0032): the demo cards of a
// network's registry (tenants/<slug>/cards.json), card numbers as the pages write them, the cards
// page, and an incident reported on a card.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { shopUrl } from './accounts.ts';
import { fill, type Locale, textsOf } from './texts.ts';

export type DemoCard = { number: string; holderBirthDate: string; status: string };

/** An active demo card of the network's registry. */
export function demoCard(slug: string, number: string): DemoCard {
  const registry = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'tenants', slug, 'cards.json'), 'utf8'),
  ) as { cards: DemoCard[] };
  const card = registry.cards.find((candidate) => candidate.number === number);
  if (card?.status !== 'ACTIVE') throw new Error(`no active demo card ${number} on ${slug}`);
  return card;
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
