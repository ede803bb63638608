// Every text of the hosted pages in the five locales of decision 0018.

import type { FieldProblem } from '../payments/payment-forms.ts';
import type { Locale, RefusalReason } from '../protocol/schemas.ts';

export type Messages = {
  dir: 'ltr' | 'rtl';
  pageTitle: string;
  sandboxNotice: string;
  amountLabel: string;
  cardHeading: string;
  /** A zero-amount checkout's heading, button and hint: it saves the card and charges nothing. */
  saveCardHeading: string;
  saveCard: string;
  saveCardHint: string;
  mandateHeading: string;
  cardHolder: string;
  accountHolder: string;
  cardNumber: string;
  expiry: string;
  expiryHint: string;
  cvc: string;
  cvcHint: string;
  iban: string;
  ibanHint: (example: string) => string;
  mandateText: (merchant: string) => string;
  mandateReference: (reference: string) => string;
  consent: string;
  pay: (amount: string) => string;
  cancel: string;
  errorSummary: string;
  problems: Record<FieldProblem, string>;
  challengeHeading: string;
  challengeText: (last4: string) => string;
  challengeCode: string;
  challengeHint: string;
  confirm: string;
  outcomes: {
    succeeded: string;
    refused: string;
    cancelled: string;
    pending: string;
    expired: string;
  };
  /** The same outcomes of a checkout that saves a card without charging it. */
  setupOutcomes: {
    succeeded: string;
    refused: string;
    cancelled: string;
    expired: string;
  };
  pendingText: string;
  expiredText: string;
  reasons: Record<RefusalReason, string>;
  backToShop: string;
  testData: string;
  testOutcomes: {
    succeeds: string;
    declined: string;
    challenge: string;
    declinesLaterCharges: string;
    laterChargesInsufficientFunds: string;
    settles: string;
    insufficientFunds: string;
    laterDebitsMandateRevoked: string;
  };
  staleForm: string;
  notFound: string;
};

const en: Messages = {
  dir: 'ltr',
  pageTitle: 'Secure payment',
  sandboxNotice: 'Test environment: no real payment is made.',
  amountLabel: 'Amount',
  cardHeading: 'Pay by card',
  saveCardHeading: 'Save the card',
  saveCard: 'Save the card',
  saveCardHint: 'Nothing is charged now. The card will be used for later payments you have agreed to.',
  mandateHeading: 'Pay by SEPA direct debit',
  cardHolder: 'Name on the card',
  accountHolder: 'Account holder',
  cardNumber: 'Card number',
  expiry: 'Expiry date',
  expiryHint: 'MM/YY, for example 04/29',
  cvc: 'Security code (CVC)',
  cvcHint: '3 or 4 digits, on the back of the card',
  iban: 'IBAN',
  ibanHint: (example) => `For example ${example}`,
  mandateText: (merchant) =>
    `By accepting this mandate, you authorise ${merchant} to send instructions to your bank to debit your account, and your bank to debit your account in accordance with those instructions. You are entitled to a refund from your bank under the terms of your agreement with it; a refund must be claimed within 8 weeks of the date your account was debited.`,
  mandateReference: (reference) => `Mandate reference: ${reference}`,
  consent: 'I accept this mandate and authorise the debit of my account',
  pay: (amount) => `Pay ${amount}`,
  cancel: 'Cancel',
  errorSummary: 'Please correct the following:',
  problems: {
    holder_required: "Enter the holder's name.",
    number_required: 'Enter the card number.',
    number_invalid: 'This card number is not valid.',
    expiry_required: 'Enter the expiry date.',
    expiry_invalid: 'Enter the expiry date as MM/YY.',
    expiry_past: 'This card has expired.',
    cvc_invalid: 'Enter the 3 or 4 digit security code.',
    iban_required: 'Enter the IBAN.',
    iban_invalid: 'This IBAN is not valid.',
    consent_required: 'Accept the mandate to pay by direct debit.',
  },
  challengeHeading: 'Confirm the payment with your bank',
  challengeText: (last4) =>
    `Your bank asks you to confirm this payment with the card ending in ${last4}. Enter the code you received.`,
  challengeCode: 'Confirmation code',
  challengeHint: 'In this test environment, 123456 confirms.',
  confirm: 'Confirm',
  outcomes: {
    succeeded: 'Payment accepted',
    refused: 'Payment refused',
    cancelled: 'Payment cancelled',
    pending: 'Direct debit submitted',
    expired: 'This payment page has expired',
  },
  setupOutcomes: {
    succeeded: 'Card saved',
    refused: 'Card refused',
    cancelled: 'Card not saved',
    expired: 'This card page has expired',
  },
  pendingText: 'Your bank will debit your account. The merchant confirms the payment once it is done.',
  expiredText: 'Nothing was charged. Go back to the shop to start again.',
  reasons: {
    card_declined: 'Your bank declined the card.',
    card_not_supported: 'This card is not accepted.',
    card_expired: 'The card has expired.',
    authentication_failed: 'The payment could not be confirmed with your bank.',
    insufficient_funds: 'The account does not have enough funds.',
    iban_not_supported: 'This account cannot be debited.',
    mandate_revoked: 'The direct debit mandate has been revoked.',
  },
  backToShop: 'Return to the shop',
  testData: 'Test data',
  testOutcomes: {
    succeeds: 'accepted',
    declined: 'declined',
    challenge: 'confirmation with the bank',
    declinesLaterCharges: 'accepted, later charges declined',
    laterChargesInsufficientFunds: 'accepted, later charges refused (insufficient funds)',
    settles: 'debited',
    insufficientFunds: 'insufficient funds',
    laterDebitsMandateRevoked: 'debited, later debits refused (mandate revoked)',
  },
  staleForm: 'This form is out of date. Reload the payment page and try again.',
  notFound: 'This payment page does not exist. Check the link or go back to the shop.',
};

const fr: Messages = {
  dir: 'ltr',
  pageTitle: 'Paiement sécurisé',
  sandboxNotice: 'Environnement de test : aucun paiement réel n’est effectué.',
  amountLabel: 'Montant',
  cardHeading: 'Payer par carte',
  saveCardHeading: 'Enregistrer la carte',
  saveCard: 'Enregistrer la carte',
  saveCardHint:
    'Rien n’est débité maintenant. La carte servira aux paiements ultérieurs que vous avez acceptés.',
  mandateHeading: 'Payer par prélèvement SEPA',
  cardHolder: 'Nom sur la carte',
  accountHolder: 'Titulaire du compte',
  cardNumber: 'Numéro de carte',
  expiry: 'Date d’expiration',
  expiryHint: 'MM/AA, par exemple 04/29',
  cvc: 'Cryptogramme (CVC)',
  cvcHint: '3 ou 4 chiffres, au dos de la carte',
  iban: 'IBAN',
  ibanHint: (example) => `Par exemple ${example}`,
  mandateText: (merchant) =>
    `En acceptant ce mandat, vous autorisez ${merchant} à envoyer des instructions à votre banque pour débiter votre compte, et votre banque à débiter votre compte conformément à ces instructions. Vous bénéficiez d’un droit à remboursement par votre banque selon les conditions de la convention que vous avez passée avec elle ; toute demande de remboursement doit être présentée dans les 8 semaines suivant la date de débit de votre compte.`,
  mandateReference: (reference) => `Référence unique du mandat : ${reference}`,
  consent: 'J’accepte ce mandat et j’autorise le prélèvement sur mon compte',
  pay: (amount) => `Payer ${amount}`,
  cancel: 'Annuler',
  errorSummary: 'Veuillez corriger les points suivants :',
  problems: {
    holder_required: 'Saisissez le nom du titulaire.',
    number_required: 'Saisissez le numéro de carte.',
    number_invalid: 'Ce numéro de carte n’est pas valide.',
    expiry_required: 'Saisissez la date d’expiration.',
    expiry_invalid: 'Saisissez la date d’expiration au format MM/AA.',
    expiry_past: 'Cette carte a expiré.',
    cvc_invalid: 'Saisissez le cryptogramme à 3 ou 4 chiffres.',
    iban_required: 'Saisissez l’IBAN.',
    iban_invalid: 'Cet IBAN n’est pas valide.',
    consent_required: 'Acceptez le mandat pour payer par prélèvement.',
  },
  challengeHeading: 'Confirmez le paiement auprès de votre banque',
  challengeText: (last4) =>
    `Votre banque vous demande de confirmer ce paiement avec la carte se terminant par ${last4}. Saisissez le code reçu.`,
  challengeCode: 'Code de confirmation',
  challengeHint: 'Dans cet environnement de test, 123456 confirme.',
  confirm: 'Confirmer',
  outcomes: {
    succeeded: 'Paiement accepté',
    refused: 'Paiement refusé',
    cancelled: 'Paiement annulé',
    pending: 'Prélèvement transmis',
    expired: 'Cette page de paiement a expiré',
  },
  setupOutcomes: {
    succeeded: 'Carte enregistrée',
    refused: 'Carte refusée',
    cancelled: 'Carte non enregistrée',
    expired: 'Cette page de carte a expiré',
  },
  pendingText:
    'Votre banque va débiter votre compte. Le commerçant confirme le paiement dès qu’il est effectué.',
  expiredText: 'Aucun montant n’a été débité. Revenez à la boutique pour recommencer.',
  reasons: {
    card_declined: 'Votre banque a refusé la carte.',
    card_not_supported: 'Cette carte n’est pas acceptée.',
    card_expired: 'La carte a expiré.',
    authentication_failed: 'Le paiement n’a pas pu être confirmé auprès de votre banque.',
    insufficient_funds: 'Le compte n’est pas suffisamment approvisionné.',
    iban_not_supported: 'Ce compte ne peut pas être prélevé.',
    mandate_revoked: 'Le mandat de prélèvement a été révoqué.',
  },
  backToShop: 'Revenir à la boutique',
  testData: 'Données de test',
  testOutcomes: {
    succeeds: 'accepté',
    declined: 'refusé',
    challenge: 'confirmation auprès de la banque',
    declinesLaterCharges: 'accepté, débits suivants refusés',
    laterChargesInsufficientFunds: 'accepté, débits suivants refusés (provision insuffisante)',
    settles: 'prélevé',
    insufficientFunds: 'provision insuffisante',
    laterDebitsMandateRevoked: 'prélevé, prélèvements suivants refusés (mandat révoqué)',
  },
  staleForm: 'Ce formulaire n’est plus valable. Rechargez la page de paiement et réessayez.',
  notFound: 'Cette page de paiement n’existe pas. Vérifiez le lien ou revenez à la boutique.',
};

const ar: Messages = {
  dir: 'rtl',
  pageTitle: 'دفع آمن',
  sandboxNotice: 'بيئة اختبار: لا تتم أي عملية دفع حقيقية.',
  amountLabel: 'المبلغ',
  cardHeading: 'الدفع بالبطاقة',
  saveCardHeading: 'حفظ البطاقة',
  saveCard: 'احفظ البطاقة',
  saveCardHint: 'لن يُخصم أي مبلغ الآن. ستُستخدم البطاقة في الدفعات اللاحقة التي وافقت عليها.',
  mandateHeading: 'الدفع بالخصم المباشر SEPA',
  cardHolder: 'الاسم على البطاقة',
  accountHolder: 'صاحب الحساب',
  cardNumber: 'رقم البطاقة',
  expiry: 'تاريخ الانتهاء',
  expiryHint: 'الشهر/السنة MM/YY، مثلًا 04/29',
  cvc: 'رمز الأمان (CVC)',
  cvcHint: '3 أو 4 أرقام على ظهر البطاقة',
  iban: 'رقم الحساب المصرفي الدولي (IBAN)',
  ibanHint: (example) => `مثلًا ${example}`,
  mandateText: (merchant) =>
    `بقبولك هذا التفويض، فإنك تأذن لـ ${merchant} بإرسال تعليمات إلى مصرفك للخصم من حسابك، وتأذن لمصرفك بالخصم من حسابك وفقًا لتلك التعليمات. يحق لك استرداد المبلغ من مصرفك وفقًا لشروط اتفاقك معه، على أن تطلب الاسترداد خلال 8 أسابيع من تاريخ الخصم من حسابك.`,
  mandateReference: (reference) => `مرجع التفويض: ${reference}`,
  consent: 'أقبل هذا التفويض وأأذن بالخصم من حسابي',
  pay: (amount) => `ادفع ${amount}`,
  cancel: 'إلغاء',
  errorSummary: 'يرجى تصحيح ما يلي:',
  problems: {
    holder_required: 'أدخل اسم صاحب البطاقة أو الحساب.',
    number_required: 'أدخل رقم البطاقة.',
    number_invalid: 'رقم البطاقة هذا غير صالح.',
    expiry_required: 'أدخل تاريخ الانتهاء.',
    expiry_invalid: 'أدخل تاريخ الانتهاء بالصيغة MM/YY.',
    expiry_past: 'انتهت صلاحية هذه البطاقة.',
    cvc_invalid: 'أدخل رمز الأمان المكوّن من 3 أو 4 أرقام.',
    iban_required: 'أدخل رقم IBAN.',
    iban_invalid: 'رقم IBAN هذا غير صالح.',
    consent_required: 'اقبل التفويض للدفع بالخصم المباشر.',
  },
  challengeHeading: 'أكّد الدفع لدى مصرفك',
  challengeText: (last4) =>
    `يطلب منك مصرفك تأكيد هذا الدفع بالبطاقة المنتهية بـ ${last4}. أدخل الرمز الذي وصلك.`,
  challengeCode: 'رمز التأكيد',
  challengeHint: 'في بيئة الاختبار هذه، الرمز 123456 يؤكد الدفع.',
  confirm: 'تأكيد',
  outcomes: {
    succeeded: 'تم قبول الدفع',
    refused: 'تم رفض الدفع',
    cancelled: 'تم إلغاء الدفع',
    pending: 'تم إرسال أمر الخصم المباشر',
    expired: 'انتهت صلاحية صفحة الدفع هذه',
  },
  setupOutcomes: {
    succeeded: 'تم حفظ البطاقة',
    refused: 'تم رفض البطاقة',
    cancelled: 'لم يتم حفظ البطاقة',
    expired: 'انتهت صلاحية صفحة البطاقة هذه',
  },
  pendingText: 'سيخصم مصرفك المبلغ من حسابك. يؤكد التاجر الدفع فور إتمامه.',
  expiredText: 'لم يُخصم أي مبلغ. عد إلى المتجر للبدء من جديد.',
  reasons: {
    card_declined: 'رفض مصرفك البطاقة.',
    card_not_supported: 'هذه البطاقة غير مقبولة.',
    card_expired: 'انتهت صلاحية البطاقة.',
    authentication_failed: 'تعذّر تأكيد الدفع لدى مصرفك.',
    insufficient_funds: 'رصيد الحساب غير كافٍ.',
    iban_not_supported: 'لا يمكن الخصم من هذا الحساب.',
    mandate_revoked: 'أُلغي تفويض الخصم المباشر.',
  },
  backToShop: 'العودة إلى المتجر',
  testData: 'بيانات الاختبار',
  testOutcomes: {
    succeeds: 'مقبولة',
    declined: 'مرفوضة',
    challenge: 'تأكيد لدى المصرف',
    declinesLaterCharges: 'مقبولة، والخصومات اللاحقة مرفوضة',
    laterChargesInsufficientFunds: 'مقبولة، والخصومات اللاحقة مرفوضة (رصيد غير كافٍ)',
    settles: 'يتم الخصم',
    insufficientFunds: 'رصيد غير كافٍ',
    laterDebitsMandateRevoked: 'يتم الخصم، والخصومات اللاحقة مرفوضة (التفويض ملغى)',
  },
  staleForm: 'هذا النموذج لم يعد صالحًا. أعد تحميل صفحة الدفع وحاول مرة أخرى.',
  notFound: 'صفحة الدفع هذه غير موجودة. تحقق من الرابط أو عد إلى المتجر.',
};

const it: Messages = {
  dir: 'ltr',
  pageTitle: 'Pagamento sicuro',
  sandboxNotice: 'Ambiente di prova: non viene effettuato alcun pagamento reale.',
  amountLabel: 'Importo',
  cardHeading: 'Paga con carta',
  saveCardHeading: 'Salva la carta',
  saveCard: 'Salva la carta',
  saveCardHint:
    'Ora non viene addebitato nulla. La carta sarà usata per i pagamenti successivi che hai accettato.',
  mandateHeading: 'Paga con addebito diretto SEPA',
  cardHolder: 'Nome sulla carta',
  accountHolder: 'Intestatario del conto',
  cardNumber: 'Numero della carta',
  expiry: 'Data di scadenza',
  expiryHint: 'MM/AA, ad esempio 04/29',
  cvc: 'Codice di sicurezza (CVC)',
  cvcHint: '3 o 4 cifre, sul retro della carta',
  iban: 'IBAN',
  ibanHint: (example) => `Ad esempio ${example}`,
  mandateText: (merchant) =>
    `Accettando questo mandato, autorizzi ${merchant} a inviare istruzioni alla tua banca per addebitare il tuo conto, e la tua banca ad addebitare il tuo conto secondo tali istruzioni. Hai diritto al rimborso da parte della tua banca alle condizioni previste dal contratto stipulato con essa; il rimborso deve essere richiesto entro 8 settimane dalla data di addebito sul conto.`,
  mandateReference: (reference) => `Riferimento del mandato: ${reference}`,
  consent: 'Accetto questo mandato e autorizzo l’addebito sul mio conto',
  pay: (amount) => `Paga ${amount}`,
  cancel: 'Annulla',
  errorSummary: 'Correggi quanto segue:',
  problems: {
    holder_required: 'Inserisci il nome dell’intestatario.',
    number_required: 'Inserisci il numero della carta.',
    number_invalid: 'Questo numero di carta non è valido.',
    expiry_required: 'Inserisci la data di scadenza.',
    expiry_invalid: 'Inserisci la data di scadenza nel formato MM/AA.',
    expiry_past: 'Questa carta è scaduta.',
    cvc_invalid: 'Inserisci il codice di sicurezza di 3 o 4 cifre.',
    iban_required: 'Inserisci l’IBAN.',
    iban_invalid: 'Questo IBAN non è valido.',
    consent_required: 'Accetta il mandato per pagare con addebito diretto.',
  },
  challengeHeading: 'Conferma il pagamento con la tua banca',
  challengeText: (last4) =>
    `La tua banca ti chiede di confermare questo pagamento con la carta che termina con ${last4}. Inserisci il codice ricevuto.`,
  challengeCode: 'Codice di conferma',
  challengeHint: 'In questo ambiente di prova, 123456 conferma.',
  confirm: 'Conferma',
  outcomes: {
    succeeded: 'Pagamento accettato',
    refused: 'Pagamento rifiutato',
    cancelled: 'Pagamento annullato',
    pending: 'Addebito diretto inviato',
    expired: 'Questa pagina di pagamento è scaduta',
  },
  setupOutcomes: {
    succeeded: 'Carta salvata',
    refused: 'Carta rifiutata',
    cancelled: 'Carta non salvata',
    expired: 'Questa pagina della carta è scaduta',
  },
  pendingText:
    'La tua banca addebiterà il tuo conto. L’esercente conferma il pagamento non appena è completato.',
  expiredText: 'Non è stato addebitato nulla. Torna al negozio per ricominciare.',
  reasons: {
    card_declined: 'La tua banca ha rifiutato la carta.',
    card_not_supported: 'Questa carta non è accettata.',
    card_expired: 'La carta è scaduta.',
    authentication_failed: 'Non è stato possibile confermare il pagamento con la tua banca.',
    insufficient_funds: 'Il conto non ha fondi sufficienti.',
    iban_not_supported: 'Questo conto non può essere addebitato.',
    mandate_revoked: 'Il mandato di addebito diretto è stato revocato.',
  },
  backToShop: 'Torna al negozio',
  testData: 'Dati di prova',
  testOutcomes: {
    succeeds: 'accettata',
    declined: 'rifiutata',
    challenge: 'conferma con la banca',
    declinesLaterCharges: 'accettata, addebiti successivi rifiutati',
    laterChargesInsufficientFunds: 'accettata, addebiti successivi rifiutati (fondi insufficienti)',
    settles: 'addebitato',
    insufficientFunds: 'fondi insufficienti',
    laterDebitsMandateRevoked: 'addebitato, addebiti successivi rifiutati (mandato revocato)',
  },
  staleForm: 'Questo modulo non è più valido. Ricarica la pagina di pagamento e riprova.',
  notFound: 'Questa pagina di pagamento non esiste. Controlla il link o torna al negozio.',
};

const es: Messages = {
  dir: 'ltr',
  pageTitle: 'Pago seguro',
  sandboxNotice: 'Entorno de pruebas: no se realiza ningún pago real.',
  amountLabel: 'Importe',
  cardHeading: 'Pagar con tarjeta',
  saveCardHeading: 'Guardar la tarjeta',
  saveCard: 'Guardar la tarjeta',
  saveCardHint: 'Ahora no se cobra nada. La tarjeta se usará para los pagos posteriores que ha aceptado.',
  mandateHeading: 'Pagar con adeudo directo SEPA',
  cardHolder: 'Nombre en la tarjeta',
  accountHolder: 'Titular de la cuenta',
  cardNumber: 'Número de tarjeta',
  expiry: 'Fecha de caducidad',
  expiryHint: 'MM/AA, por ejemplo 04/29',
  cvc: 'Código de seguridad (CVC)',
  cvcHint: '3 o 4 dígitos, en el reverso de la tarjeta',
  iban: 'IBAN',
  ibanHint: (example) => `Por ejemplo ${example}`,
  mandateText: (merchant) =>
    `Al aceptar esta orden de domiciliación, autoriza a ${merchant} a enviar instrucciones a su banco para adeudar su cuenta, y a su banco a adeudar su cuenta conforme a dichas instrucciones. Tiene derecho a un reembolso de su banco en los términos del contrato suscrito con él; el reembolso debe solicitarse en las 8 semanas siguientes a la fecha del adeudo en su cuenta.`,
  mandateReference: (reference) => `Referencia de la orden: ${reference}`,
  consent: 'Acepto esta orden de domiciliación y autorizo el adeudo en mi cuenta',
  pay: (amount) => `Pagar ${amount}`,
  cancel: 'Cancelar',
  errorSummary: 'Corrija lo siguiente:',
  problems: {
    holder_required: 'Introduzca el nombre del titular.',
    number_required: 'Introduzca el número de tarjeta.',
    number_invalid: 'Este número de tarjeta no es válido.',
    expiry_required: 'Introduzca la fecha de caducidad.',
    expiry_invalid: 'Introduzca la fecha de caducidad con el formato MM/AA.',
    expiry_past: 'Esta tarjeta ha caducado.',
    cvc_invalid: 'Introduzca el código de seguridad de 3 o 4 dígitos.',
    iban_required: 'Introduzca el IBAN.',
    iban_invalid: 'Este IBAN no es válido.',
    consent_required: 'Acepte la orden para pagar con adeudo directo.',
  },
  challengeHeading: 'Confirme el pago con su banco',
  challengeText: (last4) =>
    `Su banco le pide que confirme este pago con la tarjeta terminada en ${last4}. Introduzca el código recibido.`,
  challengeCode: 'Código de confirmación',
  challengeHint: 'En este entorno de pruebas, 123456 confirma.',
  confirm: 'Confirmar',
  outcomes: {
    succeeded: 'Pago aceptado',
    refused: 'Pago rechazado',
    cancelled: 'Pago cancelado',
    pending: 'Adeudo directo enviado',
    expired: 'Esta página de pago ha caducado',
  },
  setupOutcomes: {
    succeeded: 'Tarjeta guardada',
    refused: 'Tarjeta rechazada',
    cancelled: 'Tarjeta no guardada',
    expired: 'Esta página de tarjeta ha caducado',
  },
  pendingText: 'Su banco adeudará su cuenta. El comercio confirma el pago en cuanto se realiza.',
  expiredText: 'No se ha cobrado nada. Vuelva a la tienda para empezar de nuevo.',
  reasons: {
    card_declined: 'Su banco ha rechazado la tarjeta.',
    card_not_supported: 'Esta tarjeta no se acepta.',
    card_expired: 'La tarjeta ha caducado.',
    authentication_failed: 'No se ha podido confirmar el pago con su banco.',
    insufficient_funds: 'La cuenta no tiene fondos suficientes.',
    iban_not_supported: 'No se puede adeudar esta cuenta.',
    mandate_revoked: 'La orden de domiciliación ha sido revocada.',
  },
  backToShop: 'Volver a la tienda',
  testData: 'Datos de prueba',
  testOutcomes: {
    succeeds: 'aceptada',
    declined: 'rechazada',
    challenge: 'confirmación con el banco',
    declinesLaterCharges: 'aceptada, cargos posteriores rechazados',
    laterChargesInsufficientFunds: 'aceptada, cargos posteriores rechazados (fondos insuficientes)',
    settles: 'adeudado',
    insufficientFunds: 'fondos insuficientes',
    laterDebitsMandateRevoked: 'adeudado, adeudos posteriores rechazados (orden revocada)',
  },
  staleForm: 'Este formulario ya no es válido. Vuelva a cargar la página de pago e inténtelo de nuevo.',
  notFound: 'Esta página de pago no existe. Compruebe el enlace o vuelva a la tienda.',
};

export const MESSAGES: Readonly<Record<Locale, Messages>> = { fr, en, ar, it, es };

export const messagesFor = (locale: Locale): Messages => MESSAGES[locale];
