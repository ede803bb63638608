// Confirms a reactivation (ACC-07): the pending deletion is cancelled.
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { MailMessage } from '../mail-message.ts';
import { fill, renderEmail, shopLink } from './email-layout.ts';
import { greeting } from './greeting.ts';

export const REACTIVATION_EMAIL_TEXTS: Record<
  Locale,
  { subject: string; body: string; action: string; closing: string }
> = {
  fr: {
    subject: '{network}\u202f: votre compte est de nouveau actif',
    body: 'Votre compte a été réactivé\u202f: sa suppression est annulée et vous pouvez l’utiliser comme avant.',
    action: 'Accéder à mon compte',
    closing: 'Si vous n’êtes pas à l’origine de cette réactivation, changez votre mot de passe.',
  },
  en: {
    subject: '{network}: your account is active again',
    body: 'Your account has been reactivated: its deletion is cancelled and you can use it as before.',
    action: 'Go to my account',
    closing: 'If you did not reactivate it yourself, change your password.',
  },
  ar: {
    subject: '{network}: أصبح حسابك نشطًا من جديد',
    body: 'تمت إعادة تفعيل حسابك: أُلغي حذفه ويمكنك استخدامه كما في السابق.',
    action: 'الانتقال إلى حسابي',
    closing: 'إذا لم تُعِد تفعيل الحساب بنفسك، فغيّر كلمة المرور.',
  },
  it: {
    subject: '{network}: il tuo account è di nuovo attivo',
    body: 'Il tuo account è stato riattivato: l’eliminazione è annullata e puoi usarlo come prima.',
    action: 'Vai al mio account',
    closing: 'Se non l’hai riattivato tu, cambia la password.',
  },
  es: {
    subject: '{network}: tu cuenta vuelve a estar activa',
    body: 'Tu cuenta se ha reactivado: su eliminación se ha cancelado y puedes usarla como antes.',
    action: 'Ir a mi cuenta',
    closing: 'Si no la has reactivado tú, cambia tu contraseña.',
  },
};

export function reactivationEmail(options: {
  network: LoadedNetwork;
  locale: Locale;
  /** The port the shop's domains answer on, when not the scheme's default. */
  shopPort?: number;
  to: string;
  firstName: string | null;
}): MailMessage {
  const { network, locale } = options;
  const texts = REACTIVATION_EMAIL_TEXTS[locale];
  const values = { network: network.network.config.name };
  return renderEmail({
    network,
    locale,
    to: options.to,
    subject: fill(texts.subject, values),
    greeting: greeting(locale, options.firstName),
    paragraphs: [texts.body],
    action: { label: texts.action, url: shopLink(network, locale, '/account', { port: options.shopPort }) },
    closing: [texts.closing],
  });
}
