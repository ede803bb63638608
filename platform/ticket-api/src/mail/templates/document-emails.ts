// What a traveller is told about their documents (decision 0033): the network's decision on a
// validation request (accepted, refused with the reviewer's reason, or asking for more), a
// document that expires in 30 days, and one that has expired.
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { MailMessage } from '../mail-message.ts';
import { fill, formatEmailDate, renderEmail, shopLink } from './email-layout.ts';
import { greeting } from './greeting.ts';

export type DocumentNotice =
  | { kind: 'ACCEPTED'; itemId: number; itemName: string }
  | { kind: 'REFUSED'; itemId: number; itemName: string; reason: string }
  | { kind: 'TO_COMPLETE'; itemName: string; message: string }
  | { kind: 'EXPIRES_SOON'; documentName: string; expiresAt: Date }
  | { kind: 'EXPIRED'; documentName: string };

type Texts = {
  subject: Record<DocumentNotice['kind'], string>;
  body: Record<DocumentNotice['kind'], string>;
  reason: string;
  action: { buy: string; retry: string; requests: string; documents: string };
};

export const DOCUMENT_EMAIL_TEXTS: Record<Locale, Texts> = {
  en: {
    subject: {
      ACCEPTED: '{network}: your documents are accepted',
      REFUSED: '{network}: your documents were not accepted',
      TO_COMPLETE: '{network}: your request needs more documents',
      EXPIRES_SOON: '{network}: a document expires on {date}',
      EXPIRED: '{network}: a document has expired',
    },
    body: {
      ACCEPTED: 'Your documents for “{item}” have been checked and accepted. You can now buy it.',
      REFUSED:
        'Your documents for “{item}” could not be accepted. Upload a new document from the product page.',
      TO_COMPLETE: 'Your request for “{item}” needs more from you before it can be checked.',
      EXPIRES_SOON:
        'Your document “{document}” is valid until {date}. Upload a newer one before then to keep your reduced fare.',
      EXPIRED: 'Your document “{document}” has expired. Upload a newer one to buy reduced fares again.',
    },
    reason: 'In the reviewer’s words: {reason}',
    action: {
      buy: 'Buy it now',
      retry: 'Upload a new document',
      requests: 'See my request',
      documents: 'See my documents',
    },
  },
  fr: {
    subject: {
      ACCEPTED: '{network}\u202f: vos justificatifs sont acceptés',
      REFUSED: '{network}\u202f: vos justificatifs n’ont pas été acceptés',
      TO_COMPLETE: '{network}\u202f: votre demande est à compléter',
      EXPIRES_SOON: '{network}\u202f: un justificatif expire le {date}',
      EXPIRED: '{network}\u202f: un justificatif a expiré',
    },
    body: {
      ACCEPTED:
        'Vos justificatifs pour « {item} » ont été vérifiés et acceptés. Vous pouvez maintenant l’acheter.',
      REFUSED:
        'Vos justificatifs pour « {item} » n’ont pas pu être acceptés. Déposez un nouveau justificatif depuis la page du produit.',
      TO_COMPLETE: 'Votre demande pour « {item} » doit être complétée avant de pouvoir être vérifiée.',
      EXPIRES_SOON:
        'Votre justificatif « {document} » est valable jusqu’au {date}. Déposez-en un plus récent d’ici là pour garder votre tarif réduit.',
      EXPIRED:
        'Votre justificatif « {document} » a expiré. Déposez-en un plus récent pour acheter de nouveau des tarifs réduits.',
    },
    reason: 'Message du service\u202f: {reason}',
    action: {
      buy: 'L’acheter maintenant',
      retry: 'Déposer un nouveau justificatif',
      requests: 'Voir ma demande',
      documents: 'Voir mes justificatifs',
    },
  },
  it: {
    subject: {
      ACCEPTED: '{network}: i tuoi documenti sono stati accettati',
      REFUSED: '{network}: i tuoi documenti non sono stati accettati',
      TO_COMPLETE: '{network}: la tua richiesta va completata',
      EXPIRES_SOON: '{network}: un documento scade il {date}',
      EXPIRED: '{network}: un documento è scaduto',
    },
    body: {
      ACCEPTED: 'I tuoi documenti per «{item}» sono stati verificati e accettati. Ora puoi acquistarlo.',
      REFUSED:
        'I tuoi documenti per «{item}» non sono stati accettati. Carica un nuovo documento dalla pagina del prodotto.',
      TO_COMPLETE: 'La tua richiesta per «{item}» va completata prima di poter essere verificata.',
      EXPIRES_SOON:
        'Il tuo documento «{document}» è valido fino al {date}. Caricane uno più recente entro quella data per mantenere la tariffa ridotta.',
      EXPIRED:
        'Il tuo documento «{document}» è scaduto. Caricane uno più recente per acquistare di nuovo tariffe ridotte.',
    },
    reason: 'Messaggio del servizio: {reason}',
    action: {
      buy: 'Acquistalo ora',
      retry: 'Carica un nuovo documento',
      requests: 'Vedi la mia richiesta',
      documents: 'Vedi i miei documenti',
    },
  },
  es: {
    subject: {
      ACCEPTED: '{network}: tus documentos han sido aceptados',
      REFUSED: '{network}: tus documentos no han sido aceptados',
      TO_COMPLETE: '{network}: tu solicitud debe completarse',
      EXPIRES_SOON: '{network}: un documento caduca el {date}',
      EXPIRED: '{network}: un documento ha caducado',
    },
    body: {
      ACCEPTED: 'Tus documentos para «{item}» se han revisado y aceptado. Ya puedes comprarlo.',
      REFUSED:
        'Tus documentos para «{item}» no se han podido aceptar. Sube un documento nuevo desde la página del producto.',
      TO_COMPLETE: 'Tu solicitud para «{item}» debe completarse antes de poder revisarse.',
      EXPIRES_SOON:
        'Tu documento «{document}» es válido hasta el {date}. Sube uno más reciente antes de esa fecha para mantener tu tarifa reducida.',
      EXPIRED:
        'Tu documento «{document}» ha caducado. Sube uno más reciente para volver a comprar tarifas reducidas.',
    },
    reason: 'Mensaje del servicio: {reason}',
    action: {
      buy: 'Comprarlo ahora',
      retry: 'Subir un documento nuevo',
      requests: 'Ver mi solicitud',
      documents: 'Ver mis documentos',
    },
  },
  ar: {
    subject: {
      ACCEPTED: '{network}: قُبلت وثائقك',
      REFUSED: '{network}: لم تُقبل وثائقك',
      TO_COMPLETE: '{network}: يجب استكمال طلبك',
      EXPIRES_SOON: '{network}: تنتهي صلاحية وثيقة في {date}',
      EXPIRED: '{network}: انتهت صلاحية وثيقة',
    },
    body: {
      ACCEPTED: 'تم التحقق من وثائقك الخاصة بـ«{item}» وقبولها. يمكنك الآن شراؤه.',
      REFUSED: 'تعذر قبول وثائقك الخاصة بـ«{item}». ارفع وثيقة جديدة من صفحة المنتج.',
      TO_COMPLETE: 'يجب استكمال طلبك الخاص بـ«{item}» قبل التحقق منه.',
      EXPIRES_SOON:
        'وثيقتك «{document}» صالحة حتى {date}. ارفع وثيقة أحدث قبل ذلك للاحتفاظ بالتعريفة المخفضة.',
      EXPIRED: 'انتهت صلاحية وثيقتك «{document}». ارفع وثيقة أحدث لشراء التعريفات المخفضة من جديد.',
    },
    reason: 'رسالة المصلحة: {reason}',
    action: { buy: 'اشترِه الآن', retry: 'رفع وثيقة جديدة', requests: 'عرض طلبي', documents: 'عرض وثائقي' },
  },
};

export function documentNoticeEmail(options: {
  network: LoadedNetwork;
  locale: Locale;
  shopPort?: number | undefined;
  to: string;
  firstName: string | null;
  notice: DocumentNotice;
}): MailMessage {
  const { network, locale, notice } = options;
  const texts = DOCUMENT_EMAIL_TEXTS[locale];
  const port = { port: options.shopPort };
  const values: Record<string, string> = {
    network: network.network.config.name,
    item: 'itemName' in notice ? notice.itemName : '',
    document: 'documentName' in notice ? notice.documentName : '',
    date: notice.kind === 'EXPIRES_SOON' ? formatEmailDate(notice.expiresAt, locale, network) : '',
  };
  const paragraphs = [fill(texts.body[notice.kind], values)];
  if (notice.kind === 'REFUSED') paragraphs.push(fill(texts.reason, { reason: notice.reason }));
  if (notice.kind === 'TO_COMPLETE') paragraphs.push(fill(texts.reason, { reason: notice.message }));
  const action =
    notice.kind === 'ACCEPTED' || notice.kind === 'REFUSED'
      ? {
          label: notice.kind === 'ACCEPTED' ? texts.action.buy : texts.action.retry,
          url: shopLink(network, locale, `/products/${notice.itemId}`, port),
        }
      : notice.kind === 'TO_COMPLETE'
        ? { label: texts.action.requests, url: shopLink(network, locale, '/documents/submissions', port) }
        : { label: texts.action.documents, url: shopLink(network, locale, '/documents', port) };
  return renderEmail({
    network,
    locale,
    to: options.to,
    subject: fill(texts.subject[notice.kind], values),
    greeting: greeting(locale, options.firstName),
    paragraphs,
    action,
  });
}
