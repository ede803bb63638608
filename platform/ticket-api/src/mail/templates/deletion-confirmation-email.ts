// Confirms a deletion request (ACC-06): the account is closed, erased on a given day unless the
// traveller signs in and reactivates it before (ACC-07).
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { MailMessage } from '../mail-message.ts';
import { fill, formatEmailDate, renderEmail, shopLink } from './email-layout.ts';
import { greeting } from './greeting.ts';

export const DELETION_EMAIL_TEXTS: Record<
  Locale,
  { subject: string; body: string; changeMind: string; action: string; closing: string }
> = {
  fr: {
    subject: '{network}\u202f: votre compte sera supprimé le {date}',
    body: 'Nous avons bien reçu votre demande de suppression de compte. Votre compte est fermé et sera définitivement supprimé le {date}.',
    changeMind:
      'D’ici là, vous pouvez changer d’avis\u202f: connectez-vous et choisissez de réactiver votre compte.',
    action: 'Me connecter pour réactiver mon compte',
    closing:
      'Passé cette date, vos données personnelles seront effacées et le compte ne pourra plus être récupéré.',
  },
  en: {
    subject: '{network}: your account will be deleted on {date}',
    body: 'We have received your request to delete your account. It is now closed and will be deleted for good on {date}.',
    changeMind: 'Until then you can change your mind: sign in and choose to reactivate your account.',
    action: 'Sign in to reactivate my account',
    closing: 'After that date your personal data will be erased and the account cannot be recovered.',
  },
  ar: {
    subject: '{network}: سيُحذف حسابك في {date}',
    body: 'لقد تلقينا طلب حذف حسابك. حسابك مغلق الآن وسيُحذف نهائيًا في {date}.',
    changeMind: 'حتى ذلك الحين يمكنك التراجع: سجّل الدخول واختر إعادة تفعيل حسابك.',
    action: 'تسجيل الدخول لإعادة تفعيل حسابي',
    closing: 'بعد هذا التاريخ ستُمحى بياناتك الشخصية ولن يكون من الممكن استعادة الحساب.',
  },
  it: {
    subject: '{network}: il tuo account sarà eliminato il {date}',
    body: 'Abbiamo ricevuto la tua richiesta di eliminazione dell’account. L’account è chiuso e sarà eliminato definitivamente il {date}.',
    changeMind: 'Fino ad allora puoi cambiare idea: accedi e scegli di riattivare il tuo account.',
    action: 'Accedi per riattivare il mio account',
    closing:
      'Dopo questa data i tuoi dati personali saranno cancellati e l’account non potrà più essere recuperato.',
  },
  es: {
    subject: '{network}: tu cuenta se eliminará el {date}',
    body: 'Hemos recibido tu solicitud de eliminación de la cuenta. Tu cuenta está cerrada y se eliminará definitivamente el {date}.',
    changeMind: 'Hasta entonces puedes cambiar de opinión: inicia sesión y elige reactivar tu cuenta.',
    action: 'Iniciar sesión para reactivar mi cuenta',
    closing: 'Después de esa fecha, tus datos personales se borrarán y la cuenta no podrá recuperarse.',
  },
};

export function deletionConfirmationEmail(options: {
  network: LoadedNetwork;
  locale: Locale;
  /** The port the shop's domains answer on, when not the scheme's default. */
  shopPort?: number;
  to: string;
  firstName: string | null;
  deletionEffectiveAt: Date;
}): MailMessage {
  const { network, locale } = options;
  const texts = DELETION_EMAIL_TEXTS[locale];
  const values = {
    network: network.network.config.name,
    date: formatEmailDate(options.deletionEffectiveAt, locale, network),
  };
  return renderEmail({
    network,
    locale,
    to: options.to,
    subject: fill(texts.subject, values),
    greeting: greeting(locale, options.firstName),
    paragraphs: [fill(texts.body, values), texts.changeMind],
    action: {
      label: texts.action,
      url: shopLink(network, locale, '/auth/login', { port: options.shopPort }),
    },
    closing: [texts.closing],
  });
}
