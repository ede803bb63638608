// The translation keys, typed from the English messages (the app's own file and each feature's,
// merged into one namespace as lib/i18n.ts loads them): a missing or misspelt key fails tsc.
import 'i18next';
import type account from './features/account/locales/en.json';
import type auth from './features/auth/locales/en.json';
import type cart from './features/cart/locales/en.json';
import type checkout from './features/checkout/locales/en.json';
import type documents from './features/documents/locales/en.json';
import type products from './features/products/locales/en.json';
import type shop from './features/shop/locales/en.json';
import type tunnel from './features/tunnel/locales/en.json';
import type wallet from './features/wallet/locales/en.json';
import type shell from './locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof shell &
        typeof account &
        typeof auth &
        typeof cart &
        typeof checkout &
        typeof documents &
        typeof products &
        typeof shop &
        typeof tunnel &
        typeof wallet;
    };
  }
}
