// Every text of the sandbox's pages in its five languages.
import type { Locale } from './locale.ts';

export type Messages = {
  dir: 'ltr' | 'rtl';
  pageTitle: string;
  sandboxNotice: string;
  signInHeading: (provider: string) => string;
  signInIntro: string;
  username: string;
  password: string;
  signIn: string;
  cancel: string;
  wrongCredentials: string;
  signOutHeading: (provider: string) => string;
  signOutText: string;
  signOut: string;
  staySignedIn: string;
  signedOutHeading: string;
  signedOutText: (provider: string) => string;
  errorHeading: string;
  errorText: string;
  expiredText: string;
  errorCode: string;
};

const en: Messages = {
  dir: 'ltr',
  pageTitle: 'Test identity provider',
  sandboxNotice: 'Test environment: fictitious accounts only, no real identity is used.',
  signInHeading: (provider) => `Sign in with ${provider}`,
  signInIntro: 'Enter the username or email address and the password of your account.',
  username: 'Username or email',
  password: 'Password',
  signIn: 'Sign in',
  cancel: 'Cancel',
  wrongCredentials: 'The username or the password is wrong. Check them and try again.',
  signOutHeading: (provider) => `Sign out of ${provider}?`,
  signOutText: 'You will need your password to sign in again.',
  signOut: 'Sign out',
  staySignedIn: 'Stay signed in',
  signedOutHeading: 'You are signed out',
  signedOutText: (provider) => `You have signed out of ${provider}. You can close this page.`,
  errorHeading: 'Sign-in cannot continue',
  errorText: 'Go back to the shop and start again.',
  expiredText: 'This sign-in page has expired or was already used.',
  errorCode: 'Error code:',
};

const fr: Messages = {
  dir: 'ltr',
  pageTitle: "Fournisseur d'identité de test",
  sandboxNotice: "Environnement de test : comptes fictifs uniquement, aucune identité réelle n'est utilisée.",
  signInHeading: (provider) => `Se connecter avec ${provider}`,
  signInIntro: "Saisissez l'identifiant ou l'adresse e-mail et le mot de passe de votre compte.",
  username: 'Identifiant ou adresse e-mail',
  password: 'Mot de passe',
  signIn: 'Se connecter',
  cancel: 'Annuler',
  wrongCredentials: "L'identifiant ou le mot de passe est incorrect. Vérifiez-les et réessayez.",
  signOutHeading: (provider) => `Se déconnecter de ${provider} ?`,
  signOutText: 'Vous devrez saisir votre mot de passe pour vous reconnecter.',
  signOut: 'Se déconnecter',
  staySignedIn: 'Rester connecté',
  signedOutHeading: 'Vous êtes déconnecté',
  signedOutText: (provider) => `Vous vous êtes déconnecté de ${provider}. Vous pouvez fermer cette page.`,
  errorHeading: 'La connexion ne peut pas continuer',
  errorText: 'Revenez à la boutique et recommencez.',
  expiredText: 'Cette page de connexion a expiré ou a déjà été utilisée.',
  errorCode: "Code d'erreur :",
};

const ar: Messages = {
  dir: 'rtl',
  pageTitle: 'مزوّد هوية تجريبي',
  sandboxNotice: 'بيئة اختبار: حسابات وهمية فقط، ولا تُستخدم أي هوية حقيقية.',
  signInHeading: (provider) => `تسجيل الدخول عبر ${provider}`,
  signInIntro: 'أدخل اسم المستخدم أو البريد الإلكتروني وكلمة المرور لحسابك.',
  username: 'اسم المستخدم أو البريد الإلكتروني',
  password: 'كلمة المرور',
  signIn: 'تسجيل الدخول',
  cancel: 'إلغاء',
  wrongCredentials: 'اسم المستخدم أو كلمة المرور غير صحيحة. تحقّق منهما وأعد المحاولة.',
  signOutHeading: (provider) => `تسجيل الخروج من ${provider}؟`,
  signOutText: 'ستحتاج إلى كلمة المرور لتسجيل الدخول مجددًا.',
  signOut: 'تسجيل الخروج',
  staySignedIn: 'البقاء متصلًا',
  signedOutHeading: 'تم تسجيل خروجك',
  signedOutText: (provider) => `لقد سجّلت الخروج من ${provider}. يمكنك إغلاق هذه الصفحة.`,
  errorHeading: 'لا يمكن متابعة تسجيل الدخول',
  errorText: 'عد إلى المتجر وابدأ من جديد.',
  expiredText: 'انتهت صلاحية صفحة تسجيل الدخول هذه أو سبق استخدامها.',
  errorCode: 'رمز الخطأ:',
};

const it: Messages = {
  dir: 'ltr',
  pageTitle: 'Provider di identità di prova',
  sandboxNotice: 'Ambiente di prova: solo account fittizi, nessuna identità reale viene usata.',
  signInHeading: (provider) => `Accedi con ${provider}`,
  signInIntro: "Inserisci il nome utente o l'indirizzo email e la password del tuo account.",
  username: 'Nome utente o email',
  password: 'Password',
  signIn: 'Accedi',
  cancel: 'Annulla',
  wrongCredentials: 'Il nome utente o la password non sono corretti. Controllali e riprova.',
  signOutHeading: (provider) => `Uscire da ${provider}?`,
  signOutText: 'Per accedere di nuovo servirà la password.',
  signOut: 'Esci',
  staySignedIn: 'Resta connesso',
  signedOutHeading: 'Sei uscito',
  signedOutText: (provider) => `Sei uscito da ${provider}. Puoi chiudere questa pagina.`,
  errorHeading: "L'accesso non può continuare",
  errorText: 'Torna al negozio e ricomincia.',
  expiredText: 'Questa pagina di accesso è scaduta o è già stata usata.',
  errorCode: 'Codice di errore:',
};

const es: Messages = {
  dir: 'ltr',
  pageTitle: 'Proveedor de identidad de prueba',
  sandboxNotice: 'Entorno de prueba: solo cuentas ficticias, no se usa ninguna identidad real.',
  signInHeading: (provider) => `Iniciar sesión con ${provider}`,
  signInIntro: 'Introduce el nombre de usuario o la dirección de correo y la contraseña de tu cuenta.',
  username: 'Usuario o correo electrónico',
  password: 'Contraseña',
  signIn: 'Iniciar sesión',
  cancel: 'Cancelar',
  wrongCredentials: 'El usuario o la contraseña no son correctos. Compruébalos y vuelve a intentarlo.',
  signOutHeading: (provider) => `¿Cerrar sesión en ${provider}?`,
  signOutText: 'Necesitarás tu contraseña para volver a iniciar sesión.',
  signOut: 'Cerrar sesión',
  staySignedIn: 'Mantener la sesión',
  signedOutHeading: 'Has cerrado la sesión',
  signedOutText: (provider) => `Has cerrado la sesión en ${provider}. Puedes cerrar esta página.`,
  errorHeading: 'No se puede continuar con el inicio de sesión',
  errorText: 'Vuelve a la tienda y empieza de nuevo.',
  expiredText: 'Esta página de inicio de sesión ha caducado o ya se ha utilizado.',
  errorCode: 'Código de error:',
};

export const MESSAGES: Readonly<Record<Locale, Messages>> = { fr, en, ar, it, es };
