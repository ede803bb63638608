// Tells a card's holder that wrong birth dates or codes used up the card's tries (decision 0036):
// linking the card and signing in with it are paused until a given time, and what to do.
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { MailMessage } from '../mail-message.ts';
import { fill, formatEmailDateTime, renderEmail, shopLink } from './email-layout.ts';
import { greeting } from './greeting.ts';

export const CARD_TRIES_EMAIL_TEXTS: Record<
  Locale,
  { subject: string; body: string; advice: string; action: string }
> = {
  fr: {
    subject: '{network} : des tentatives sur votre carte de transport ont été bloquées',
    body: 'Des informations erronées ont été saisies {tries} fois pour lier votre carte de transport se terminant par {last} à un compte ou pour se connecter avec elle. Pour vous protéger, la carte ne peut plus être liée ni servir à se connecter jusqu’au {until}.',
    advice:
      'Si c’était vous, réessayez après cette heure. Sinon, vous n’avez rien à faire : votre compte et votre carte sont protégés. Si votre carte est perdue ou volée, déclarez-le depuis votre compte.',
    action: 'Mes cartes de transport',
  },
  en: {
    subject: '{network}: attempts on your transport card were blocked',
    body: 'Wrong details were entered {tries} times to link your transport card ending in {last} to an account or to sign in with it. To protect you, the card cannot be linked or used to sign in until {until}.',
    advice:
      'If it was you, try again after that time. If it was not, you have nothing to do: your account and your card are protected. If your card is lost or stolen, report it from your account.',
    action: 'My transport cards',
  },
  ar: {
    subject: '{network}: تم حظر محاولات على بطاقة النقل الخاصة بك',
    body: 'أُدخلت بيانات خاطئة {tries} مرات لربط بطاقة النقل الخاصة بك المنتهية بـ {last} بحساب أو لتسجيل الدخول بها. لحمايتك، لا يمكن ربط البطاقة ولا استخدامها لتسجيل الدخول حتى {until}.',
    advice:
      'إذا كنت أنت، فأعد المحاولة بعد هذا الموعد. وإلا فلا شيء عليك فعله: حسابك وبطاقتك محميّان. إذا فُقدت بطاقتك أو سُرقت، فأبلغ عن ذلك من حسابك.',
    action: 'بطاقات النقل الخاصة بي',
  },
  it: {
    subject: '{network}: alcuni tentativi sulla tua tessera di trasporto sono stati bloccati',
    body: 'Sono stati inseriti dati errati {tries} volte per collegare a un account la tua tessera di trasporto che termina con {last} o per accedere con essa. Per proteggerti, la tessera non può essere collegata né usata per accedere fino al {until}.',
    advice:
      'Se eri tu, riprova dopo quell’ora. Altrimenti non devi fare nulla: il tuo account e la tua tessera sono protetti. Se la tessera è stata persa o rubata, segnalalo dal tuo account.',
    action: 'Le mie tessere di trasporto',
  },
  es: {
    subject: '{network}: se han bloqueado intentos con tu tarjeta de transporte',
    body: 'Se han introducido datos erróneos {tries} veces para vincular a una cuenta tu tarjeta de transporte terminada en {last} o para iniciar sesión con ella. Para protegerte, la tarjeta no puede vincularse ni usarse para iniciar sesión hasta el {until}.',
    advice:
      'Si fuiste tú, vuelve a intentarlo después de esa hora. Si no, no tienes que hacer nada: tu cuenta y tu tarjeta están protegidas. Si has perdido tu tarjeta o te la han robado, decláralo desde tu cuenta.',
    action: 'Mis tarjetas de transporte',
  },
};

export function cardTriesEmail(options: {
  network: LoadedNetwork;
  locale: Locale;
  /** The port the shop's domains answer on, when not the scheme's default. */
  shopPort?: number | undefined;
  to: string;
  firstName: string | null;
  /** The card's number: the email names its last four digits only. */
  number: string;
  tries: number;
  until: Date;
}): MailMessage {
  const { network, locale } = options;
  const texts = CARD_TRIES_EMAIL_TEXTS[locale];
  const values = {
    network: network.network.config.name,
    tries: options.tries,
    last: options.number.slice(-4),
    until: formatEmailDateTime(options.until, locale, network),
  };
  return renderEmail({
    network,
    locale,
    to: options.to,
    subject: fill(texts.subject, values),
    greeting: greeting(locale, options.firstName),
    paragraphs: [fill(texts.body, values)],
    action: {
      label: texts.action,
      url: shopLink(network, locale, '/account/transport-cards', { port: options.shopPort }),
    },
    closing: [texts.advice],
  });
}
