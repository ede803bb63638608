// What a subscriber is told (decision 0043): the notice before each renewal (its amount, the day it
// is charged, a price change, a card expiring before then, and a link that terminates it without
// signing in), a refused charge and when it is tried again, a subscription blocked until its method
// is replaced, its termination, and the end of one the network no longer sells.
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { MailMessage } from '../mail-message.ts';
import { fill, renderEmail } from './email-layout.ts';
import { greeting } from './greeting.ts';

export type SubscriptionNoticeKind =
  | 'NOTICE'
  | 'CHARGE_REFUSED'
  | 'BLOCKED'
  | 'TERMINATED'
  | 'NO_LONGER_SOLD';
type BlockedReasonText = 'PAYMENT_REFUSED' | 'METHOD_EXPIRED' | 'METHOD_REVOKED' | 'METHOD_MISSING';

type Texts = {
  subject: Record<SubscriptionNoticeKind, string>;
  body: Record<SubscriptionNoticeKind, string>;
  priceChange: string;
  methodExpires: string;
  terminateBefore: string;
  blockedBecause: Record<BlockedReasonText, string>;
  rows: {
    item: string;
    traveller: string;
    period: string;
    amount: string;
    chargedOn: string;
    method: string;
  };
  action: { terminate: string; manage: string; changeCard: string };
};

export const SUBSCRIPTION_EMAIL_TEXTS: Record<Locale, Texts> = {
  en: {
    subject: {
      NOTICE: '{network}: your subscription renews on {date}',
      CHARGE_REFUSED: '{network}: we could not charge your subscription',
      BLOCKED: '{network}: your subscription is paused',
      TERMINATED: '{network}: your subscription is terminated',
      NO_LONGER_SOLD: '{network}: your subscription ends',
    },
    body: {
      NOTICE: 'Your subscription “{item}” renews automatically on {date} for another period.',
      CHARGE_REFUSED:
        'We could not charge {amount} to {method} for the renewal of “{item}”. We will try again on {retry}. To avoid an interruption, choose another card in your account.',
      BLOCKED:
        'Your subscription “{item}” is paused: {reason}. No pass is issued for the period from {date} until you choose a card that can be charged; what is due is then charged at once.',
      TERMINATED:
        'Your subscription “{item}” is terminated. Nothing more will be charged. The period paid stays valid until {endsOn}.',
      NO_LONGER_SOLD:
        '{network} no longer sells “{item}” as a subscription, so it ends with the period paid, valid until {endsOn}. Nothing more will be charged.',
    },
    priceChange: 'Its price changes from {previous} to {amount} from this renewal.',
    methodExpires: 'Your card expires before then: choose another one in your account to keep your pass.',
    terminateBefore: 'To stop it, terminate it before {date}: one click on the button below, then confirm.',
    blockedBecause: {
      PAYMENT_REFUSED: 'its last charges were refused',
      METHOD_EXPIRED: 'its card has expired',
      METHOD_REVOKED: 'its direct debit mandate was revoked',
      METHOD_MISSING: 'its payment method was removed',
    },
    rows: {
      item: 'Product',
      traveller: 'Traveller',
      period: 'Next period',
      amount: 'Amount',
      chargedOn: 'Charged on',
      method: 'Payment method',
    },
    action: {
      terminate: 'Terminate my subscription',
      manage: 'See my subscription',
      changeCard: 'Change the card',
    },
  },
  fr: {
    subject: {
      NOTICE: '{network}\u202f: votre abonnement est renouvelé le {date}',
      CHARGE_REFUSED: '{network}\u202f: le prélèvement de votre abonnement a échoué',
      BLOCKED: '{network}\u202f: votre abonnement est suspendu',
      TERMINATED: '{network}\u202f: votre abonnement est résilié',
      NO_LONGER_SOLD: '{network}\u202f: votre abonnement prend fin',
    },
    body: {
      NOTICE:
        'Votre abonnement « {item} » est renouvelé automatiquement le {date} pour une nouvelle période.',
      CHARGE_REFUSED:
        'Nous n’avons pas pu prélever {amount} sur {method} pour le renouvellement de « {item} ». Nous réessaierons le {retry}. Pour éviter une interruption, choisissez une autre carte dans votre compte.',
      BLOCKED:
        'Votre abonnement « {item} » est suspendu\u202f: {reason}. Aucun titre n’est émis pour la période du {date} tant que vous n’avez pas choisi une carte qui peut être débitée\u202f; ce qui est dû est alors prélevé aussitôt.',
      TERMINATED:
        'Votre abonnement « {item} » est résilié. Plus rien ne sera prélevé. La période payée reste valable jusqu’au {endsOn}.',
      NO_LONGER_SOLD:
        '{network} ne vend plus « {item} » en abonnement\u202f: il prend fin avec la période payée, valable jusqu’au {endsOn}. Plus rien ne sera prélevé.',
    },
    priceChange: 'Son prix passe de {previous} à {amount} à partir de ce renouvellement.',
    methodExpires:
      'Votre carte expire d’ici là\u202f: choisissez-en une autre dans votre compte pour garder votre titre.',
    terminateBefore:
      'Pour l’arrêter, résiliez-le avant le {date}\u202f: un clic sur le bouton ci-dessous, puis confirmez.',
    blockedBecause: {
      PAYMENT_REFUSED: 'ses derniers prélèvements ont été refusés',
      METHOD_EXPIRED: 'sa carte a expiré',
      METHOD_REVOKED: 'son mandat de prélèvement a été révoqué',
      METHOD_MISSING: 'son moyen de paiement a été supprimé',
    },
    rows: {
      item: 'Produit',
      traveller: 'Voyageur',
      period: 'Prochaine période',
      amount: 'Montant',
      chargedOn: 'Prélevé le',
      method: 'Moyen de paiement',
    },
    action: {
      terminate: 'Résilier mon abonnement',
      manage: 'Voir mon abonnement',
      changeCard: 'Changer de carte',
    },
  },
  it: {
    subject: {
      NOTICE: '{network}: il tuo abbonamento si rinnova il {date}',
      CHARGE_REFUSED: '{network}: non siamo riusciti ad addebitare il tuo abbonamento',
      BLOCKED: '{network}: il tuo abbonamento è sospeso',
      TERMINATED: '{network}: il tuo abbonamento è disdetto',
      NO_LONGER_SOLD: '{network}: il tuo abbonamento termina',
    },
    body: {
      NOTICE: 'Il tuo abbonamento «{item}» si rinnova automaticamente il {date} per un altro periodo.',
      CHARGE_REFUSED:
        'Non siamo riusciti ad addebitare {amount} su {method} per il rinnovo di «{item}». Riproveremo il {retry}. Per evitare un’interruzione, scegli un’altra carta nel tuo account.',
      BLOCKED:
        'Il tuo abbonamento «{item}» è sospeso: {reason}. Nessun titolo viene emesso per il periodo dal {date} finché non scegli una carta addebitabile; quanto dovuto viene allora addebitato subito.',
      TERMINATED:
        'Il tuo abbonamento «{item}» è disdetto. Non verrà addebitato più nulla. Il periodo pagato resta valido fino al {endsOn}.',
      NO_LONGER_SOLD:
        '{network} non vende più «{item}» in abbonamento: termina con il periodo pagato, valido fino al {endsOn}. Non verrà addebitato più nulla.',
    },
    priceChange: 'Il prezzo passa da {previous} a {amount} a partire da questo rinnovo.',
    methodExpires:
      'La tua carta scade prima di allora: scegline un’altra nel tuo account per mantenere il titolo.',
    terminateBefore:
      'Per interromperlo, disdicilo prima del {date}: un clic sul pulsante qui sotto, poi conferma.',
    blockedBecause: {
      PAYMENT_REFUSED: 'gli ultimi addebiti sono stati rifiutati',
      METHOD_EXPIRED: 'la sua carta è scaduta',
      METHOD_REVOKED: 'il suo mandato di addebito diretto è stato revocato',
      METHOD_MISSING: 'il suo metodo di pagamento è stato rimosso',
    },
    rows: {
      item: 'Prodotto',
      traveller: 'Viaggiatore',
      period: 'Prossimo periodo',
      amount: 'Importo',
      chargedOn: 'Addebitato il',
      method: 'Metodo di pagamento',
    },
    action: {
      terminate: 'Disdici il mio abbonamento',
      manage: 'Vedi il mio abbonamento',
      changeCard: 'Cambia carta',
    },
  },
  es: {
    subject: {
      NOTICE: '{network}: tu suscripción se renueva el {date}',
      CHARGE_REFUSED: '{network}: no hemos podido cobrar tu suscripción',
      BLOCKED: '{network}: tu suscripción está en pausa',
      TERMINATED: '{network}: tu suscripción está cancelada',
      NO_LONGER_SOLD: '{network}: tu suscripción termina',
    },
    body: {
      NOTICE: 'Tu suscripción «{item}» se renueva automáticamente el {date} por otro periodo.',
      CHARGE_REFUSED:
        'No hemos podido cobrar {amount} en {method} por la renovación de «{item}». Lo intentaremos de nuevo el {retry}. Para evitar una interrupción, elige otra tarjeta en tu cuenta.',
      BLOCKED:
        'Tu suscripción «{item}» está en pausa: {reason}. No se emite ningún título para el periodo del {date} hasta que elijas una tarjeta que se pueda cobrar; lo debido se cobra entonces al momento.',
      TERMINATED:
        'Tu suscripción «{item}» está cancelada. No se cobrará nada más. El periodo pagado sigue siendo válido hasta el {endsOn}.',
      NO_LONGER_SOLD:
        '{network} ya no vende «{item}» como suscripción: termina con el periodo pagado, válido hasta el {endsOn}. No se cobrará nada más.',
    },
    priceChange: 'Su precio pasa de {previous} a {amount} a partir de esta renovación.',
    methodExpires: 'Tu tarjeta caduca antes de esa fecha: elige otra en tu cuenta para conservar tu título.',
    terminateBefore: 'Para detenerla, cancélala antes del {date}: un clic en el botón de abajo y confirma.',
    blockedBecause: {
      PAYMENT_REFUSED: 'sus últimos cobros fueron rechazados',
      METHOD_EXPIRED: 'su tarjeta ha caducado',
      METHOD_REVOKED: 'su mandato de domiciliación fue revocado',
      METHOD_MISSING: 'su medio de pago fue eliminado',
    },
    rows: {
      item: 'Producto',
      traveller: 'Viajero',
      period: 'Próximo periodo',
      amount: 'Importe',
      chargedOn: 'Cobrado el',
      method: 'Medio de pago',
    },
    action: {
      terminate: 'Cancelar mi suscripción',
      manage: 'Ver mi suscripción',
      changeCard: 'Cambiar de tarjeta',
    },
  },
  ar: {
    subject: {
      NOTICE: '{network}: يتجدد اشتراكك في {date}',
      CHARGE_REFUSED: '{network}: تعذّر تحصيل مبلغ اشتراكك',
      BLOCKED: '{network}: اشتراكك معلّق',
      TERMINATED: '{network}: أُلغي اشتراكك',
      NO_LONGER_SOLD: '{network}: ينتهي اشتراكك',
    },
    body: {
      NOTICE: 'يتجدد اشتراكك «{item}» تلقائيًا في {date} لفترة أخرى.',
      CHARGE_REFUSED:
        'تعذّر علينا اقتطاع {amount} من {method} لتجديد «{item}». سنحاول مرة أخرى في {retry}. لتجنّب الانقطاع، اختر بطاقة أخرى في حسابك.',
      BLOCKED:
        'اشتراكك «{item}» معلّق: {reason}. لا تُصدر أي تذكرة للفترة التي تبدأ في {date} حتى تختار بطاقة يمكن الاقتطاع منها، وعندها يُقتطع المستحق فورًا.',
      TERMINATED:
        'أُلغي اشتراكك «{item}». لن يُقتطع أي مبلغ بعد الآن. تبقى الفترة المدفوعة صالحة حتى {endsOn}.',
      NO_LONGER_SOLD:
        'لم تعد {network} تبيع «{item}» كاشتراك، لذا ينتهي بانتهاء الفترة المدفوعة الصالحة حتى {endsOn}. لن يُقتطع أي مبلغ بعد الآن.',
    },
    priceChange: 'يتغير سعره من {previous} إلى {amount} ابتداءً من هذا التجديد.',
    methodExpires: 'تنتهي صلاحية بطاقتك قبل ذلك: اختر بطاقة أخرى في حسابك للاحتفاظ بتذكرتك.',
    terminateBefore: 'لإيقافه، ألغِه قبل {date}: نقرة على الزر أدناه ثم أكّد.',
    blockedBecause: {
      PAYMENT_REFUSED: 'رُفضت عمليات الاقتطاع الأخيرة',
      METHOD_EXPIRED: 'انتهت صلاحية بطاقته',
      METHOD_REVOKED: 'أُلغي تفويض الاقتطاع المباشر الخاص به',
      METHOD_MISSING: 'حُذفت وسيلة الدفع الخاصة به',
    },
    rows: {
      item: 'المنتج',
      traveller: 'المسافر',
      period: 'الفترة القادمة',
      amount: 'المبلغ',
      chargedOn: 'يُقتطع في',
      method: 'وسيلة الدفع',
    },
    action: { terminate: 'إلغاء اشتراكي', manage: 'عرض اشتراكي', changeCard: 'تغيير البطاقة' },
  },
};

export type SubscriptionEmailFacts = {
  item: string;
  traveller: string;
  /** Dates and amounts already written for the reader. */
  date: string;
  period: string;
  amount: string;
  previousAmount: string | null;
  chargedOn: string;
  method: string;
  methodExpiresFirst: boolean;
  retry: string;
  endsOn: string;
  blockedReason: BlockedReasonText | null;
};

export function subscriptionEmail(options: {
  network: LoadedNetwork;
  locale: Locale;
  to: string;
  firstName: string | null;
  kind: SubscriptionNoticeKind;
  facts: SubscriptionEmailFacts;
  /** The subscription's page in the account. */
  accountUrl: string;
  /** The notice's termination link. */
  terminationUrl: string | null;
}): MailMessage {
  const { network, locale, kind, facts } = options;
  const texts = SUBSCRIPTION_EMAIL_TEXTS[locale];
  const values: Record<string, string> = {
    network: network.network.config.name,
    item: facts.item,
    date: facts.date,
    amount: facts.amount,
    previous: facts.previousAmount ?? '',
    method: facts.method,
    retry: facts.retry,
    endsOn: facts.endsOn,
    reason: facts.blockedReason ? texts.blockedBecause[facts.blockedReason] : '',
  };
  const paragraphs = [fill(texts.body[kind], values)];
  if (kind === 'NOTICE') {
    if (facts.previousAmount !== null) paragraphs.push(fill(texts.priceChange, values));
    if (facts.methodExpiresFirst) paragraphs.push(fill(texts.methodExpires, values));
    if (options.terminationUrl) paragraphs.push(fill(texts.terminateBefore, values));
  }
  const action =
    kind === 'NOTICE' && options.terminationUrl
      ? { label: texts.action.terminate, url: options.terminationUrl }
      : kind === 'CHARGE_REFUSED' || kind === 'BLOCKED'
        ? { label: texts.action.changeCard, url: options.accountUrl }
        : { label: texts.action.manage, url: options.accountUrl };
  const rows =
    kind === 'NOTICE'
      ? [
          { label: texts.rows.item, value: facts.item },
          { label: texts.rows.traveller, value: facts.traveller },
          { label: texts.rows.period, value: facts.period },
          { label: texts.rows.amount, value: facts.amount, strong: true },
          { label: texts.rows.chargedOn, value: facts.chargedOn },
          { label: texts.rows.method, value: facts.method },
        ]
      : [];
  return renderEmail({
    network,
    locale,
    to: options.to,
    subject: fill(texts.subject[kind], values),
    greeting: greeting(locale, options.firstName),
    paragraphs,
    action,
    ...(rows.length > 0 ? { tables: [{ title: facts.item, rows }] } : {}),
    ...(kind === 'NOTICE' ? { closing: [options.accountUrl] } : {}),
  });
}
