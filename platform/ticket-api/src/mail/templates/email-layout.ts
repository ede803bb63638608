// What every email of the shop shares: links to the network's shop, and one layout in plain text
// and simple HTML branded with the network's name and primary colour, right to left in Arabic. The
// language an email is written in is tenants/network-locale.ts's.
import { localizedPath } from '@transit-shop/sdk/locale-paths';
import { directionOf, type Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { MailMessage } from '../mail-message.ts';

/**
 * A page of the network's shop on its first domain: http for *.localhost (development), https
 * otherwise; in the language's address on that network (decision 0023: French without a prefix
 * where it is the default language, every other language under its own).
 */
export function shopLink(
  network: LoadedNetwork,
  locale: Locale,
  path: string,
  options: { query?: Record<string, string>; port?: number } = {},
): string {
  const domain = network.network.config.domains[0] ?? 'localhost';
  const scheme = domain === 'localhost' || domain.endsWith('.localhost') ? 'http' : 'https';
  const url = new URL(`${scheme}://${domain}${localizedPath(locale, path, network.network.config)}`);
  if (options.port !== undefined) url.port = String(options.port);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** A date as the traveller reads it, in the network's time zone. */
export function formatEmailDate(date: Date, locale: Locale, network: LoadedNetwork): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeZone: network.network.config.timeZone,
  }).format(date);
}

/** An instant as the traveller reads it, date and time, in the network's time zone. */
export function formatEmailDateTime(date: Date, locale: Locale, network: LoadedNetwork): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: network.network.config.timeZone,
  }).format(date);
}

/** Replaces each `{name}` of a text by its value. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export const EMAIL_LAYOUT_TEXTS: Record<Locale, { linkFallback: string; sentBy: string }> = {
  fr: {
    linkFallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u202f:',
    sentBy: 'Cet e-mail vous a été envoyé par {network}.',
  },
  en: {
    linkFallback: 'If the button does not work, copy this link into your browser:',
    sentBy: 'This email was sent to you by {network}.',
  },
  ar: {
    linkFallback: 'إذا لم يعمل الزر، انسخ هذا الرابط في متصفحك:',
    sentBy: 'أُرسلت إليك هذه الرسالة من {network}.',
  },
  it: {
    linkFallback: 'Se il pulsante non funziona, copia questo link nel browser:',
    sentBy: 'Questa email ti è stata inviata da {network}.',
  },
  es: {
    linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    sentBy: 'Este correo te lo ha enviado {network}.',
  },
};

export type EmailContent = {
  network: LoadedNetwork;
  locale: Locale;
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  closing?: string[];
  /**
   * Label and value rows after the paragraphs (an order's lines and total), each table with its
   * title; a row's details go under its label (a line's period and traveller).
   */
  tables?: {
    title: string;
    rows: { label: string; value: string; strong?: boolean; details?: string[] }[];
  }[];
  attachments?: MailMessage['attachments'];
};

const FALLBACK_PRIMARY = { main: '#1f4e79', contrastText: '#ffffff' };

export function renderEmail(content: EmailContent): MailMessage {
  const { network, locale, action } = content;
  const name = network.network.config.name;
  const shared = EMAIL_LAYOUT_TEXTS[locale];
  const sentBy = fill(shared.sentBy, { network: name });
  const closing = content.closing ?? [];
  const tables = content.tables ?? [];

  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...tables.flatMap((table) => [
      table.title,
      ...table.rows.flatMap((row) => [
        `- ${row.label ? `${row.label}: ` : ''}${row.value}`,
        ...(row.details ?? []).map((detail) => `  ${detail}`),
      ]),
      '',
    ]),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    ...closing.flatMap((paragraph) => [paragraph, '']),
    '--',
    sentBy,
    '',
  ].join('\n');

  const dir = directionOf(locale);
  const align = dir === 'rtl' ? 'right' : 'left';
  const primary = network.theme.colorSchemes.light.primary ?? FALLBACK_PRIMARY;
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${primary.main};color:${primary.contrastText};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>`
    : '';
  const cell = (value: string, strong: boolean | undefined, end: boolean, details: string[] = []) =>
    `<td style="padding:6px 0;border-bottom:1px solid #e4e4e7;text-align:${end ? (dir === 'rtl' ? 'left' : 'right') : align};${strong ? 'font-weight:bold;' : ''}${end ? 'white-space:nowrap;' : ''}">${escapeHtml(value)}${details.map((detail) => `<br><span style="font-size:13px;color:#555555">${escapeHtml(detail)}</span>`).join('')}</td>`;
  const tableHtml = tables
    .map(
      (table) =>
        `<p style="margin:8px 0 4px;font-weight:bold">${escapeHtml(table.title)}</p>\n<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px">${table.rows
          .map(
            (row) =>
              `<tr>${cell(row.label, row.strong, false, row.details)}${cell(row.value, row.strong, true)}</tr>`,
          )
          .join('')}</table>`,
    )
    .join('\n');
  const fallbackLink = action
    ? `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(shared.linkFallback)}<br><a href="${escapeHtml(action.url)}" style="color:${primary.main};word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" dir="${dir}" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;text-align:${align}">
<tr><td style="background:${primary.main};color:${primary.contrastText};padding:16px 24px;font-size:18px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${tableHtml}
${button}
${closing.map(paragraph).join('\n')}
${fallbackLink}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#555555;border-top:1px solid #e4e4e7">${escapeHtml(sentBy)}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return {
    to: content.to,
    // Sent on the network's behalf: its name is the sender's (MAIL_FROM's address stays).
    senderName: name,
    subject: content.subject,
    text,
    html,
    headers: { 'Content-Language': locale, 'X-Network': network.network.slug },
    ...(content.attachments && { attachments: content.attachments }),
  };
}
