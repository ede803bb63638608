// The forgotten-password link (AUTH-06): opens the shop's new-password page with a one-time code.
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { MailMessage } from '../mail-message.ts';
import { fill, renderEmail, shopLink } from './email-layout.ts';
import { greeting } from './greeting.ts';

export const PASSWORD_RESET_EMAIL_TEXTS: Record<
  Locale,
  { subject: string; body: string; action: string; closing: string }
> = {
  fr: {
    subject: '{network}\u202f: réinitialisez votre mot de passe',
    body: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {network}.',
    action: 'Choisir un nouveau mot de passe',
    closing:
      'Ce lien est valable {minutes} minutes et ne sert qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u202f: votre mot de passe reste inchangé.',
  },
  en: {
    subject: '{network}: reset your password',
    body: 'We received a request to reset the password of your {network} account.',
    action: 'Choose a new password',
    closing:
      'This link is valid for {minutes} minutes and works once. If you did not ask for it, ignore this email: your password stays as it is.',
  },
  ar: {
    subject: '{network}: إعادة تعيين كلمة المرور',
    body: 'تلقينا طلبًا لإعادة تعيين كلمة مرور حسابك في {network}.',
    action: 'اختيار كلمة مرور جديدة',
    closing:
      'هذا الرابط صالح لمدة {minutes} دقيقة ويُستخدم مرة واحدة فقط. إذا لم تطلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.',
  },
  it: {
    subject: '{network}: reimposta la password',
    body: 'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account {network}.',
    action: 'Scegli una nuova password',
    closing:
      'Il link è valido per {minutes} minuti e si può usare una sola volta. Se non l’hai richiesto tu, ignora questa email: la tua password resta invariata.',
  },
  es: {
    subject: '{network}: restablece tu contraseña',
    body: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de {network}.',
    action: 'Elegir una nueva contraseña',
    closing:
      'Este enlace es válido durante {minutes} minutos y solo se puede usar una vez. Si no lo has solicitado, ignora este correo: tu contraseña no cambiará.',
  },
};

export function passwordResetEmail(options: {
  network: LoadedNetwork;
  locale: Locale;
  /** The port the shop's domains answer on, when not the scheme's default. */
  shopPort?: number;
  to: string;
  firstName: string | null;
  code: string;
  validMinutes: number;
}): MailMessage {
  const { network, locale } = options;
  const texts = PASSWORD_RESET_EMAIL_TEXTS[locale];
  const values = { network: network.network.config.name, minutes: options.validMinutes };
  return renderEmail({
    network,
    locale,
    to: options.to,
    subject: fill(texts.subject, values),
    greeting: greeting(locale, options.firstName),
    paragraphs: [fill(texts.body, values)],
    action: {
      label: texts.action,
      url: shopLink(network, locale, '/auth/reset', {
        query: { code: options.code },
        port: options.shopPort,
      }),
    },
    closing: [fill(texts.closing, values)],
  });
}
