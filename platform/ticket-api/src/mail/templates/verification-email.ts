// The email-verification link (AUTH-11): sent after registration, on request, and to a new address.
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { MailMessage } from '../mail-message.ts';
import { fill, renderEmail, shopLink } from './email-layout.ts';
import { greeting } from './greeting.ts';

export const VERIFICATION_EMAIL_TEXTS: Record<
  Locale,
  { subject: string; body: string; action: string; closing: string }
> = {
  fr: {
    subject: '{network}\u202f: confirmez votre adresse e-mail',
    body: 'Confirmez que {email} est bien votre adresse e-mail pour pouvoir acheter vos titres et abonnements sur la boutique {network}.',
    action: 'Confirmer mon adresse e-mail',
    closing: 'Ce lien est valable {hours} heures. Si vous n’avez pas créé de compte, ignorez cet e-mail.',
  },
  en: {
    subject: '{network}: confirm your email address',
    body: 'Please confirm that {email} is your email address, so that you can buy tickets and passes in the {network} shop.',
    action: 'Confirm my email address',
    closing:
      'This link is valid for {hours} hours. If you did not create an account, you can ignore this email.',
  },
  ar: {
    subject: '{network}: تأكيد عنوان بريدك الإلكتروني',
    body: 'يرجى تأكيد أن {email} هو عنوان بريدك الإلكتروني، حتى تتمكن من شراء التذاكر والاشتراكات من متجر {network}.',
    action: 'تأكيد عنوان بريدي الإلكتروني',
    closing: 'هذا الرابط صالح لمدة {hours} ساعة. إذا لم تقم بإنشاء حساب، يمكنك تجاهل هذه الرسالة.',
  },
  it: {
    subject: '{network}: conferma il tuo indirizzo email',
    body: 'Conferma che {email} è il tuo indirizzo email per poter acquistare biglietti e abbonamenti nel negozio {network}.',
    action: 'Conferma il mio indirizzo email',
    closing: 'Il link è valido per {hours} ore. Se non hai creato un account, puoi ignorare questa email.',
  },
  es: {
    subject: '{network}: confirma tu dirección de correo electrónico',
    body: 'Confirma que {email} es tu dirección de correo electrónico para poder comprar billetes y abonos en la tienda de {network}.',
    action: 'Confirmar mi dirección de correo',
    closing:
      'Este enlace es válido durante {hours} horas. Si no has creado ninguna cuenta, puedes ignorar este correo.',
  },
};

export function verificationEmail(options: {
  network: LoadedNetwork;
  locale: Locale;
  /** The port the shop's domains answer on, when not the scheme's default. */
  shopPort?: number;
  to: string;
  firstName: string | null;
  code: string;
  validHours: number;
}): MailMessage {
  const { network, locale } = options;
  const texts = VERIFICATION_EMAIL_TEXTS[locale];
  const values = { network: network.network.config.name, email: options.to, hours: options.validHours };
  return renderEmail({
    network,
    locale,
    to: options.to,
    subject: fill(texts.subject, values),
    greeting: greeting(locale, options.firstName),
    paragraphs: [fill(texts.body, values)],
    action: {
      label: texts.action,
      url: shopLink(network, locale, '/verify-account', {
        query: { code: options.code },
        port: options.shopPort,
      }),
    },
    closing: [fill(texts.closing, values)],
  });
}
