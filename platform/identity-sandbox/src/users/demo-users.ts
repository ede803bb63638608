// The fictional demo users each issuer starts with, by issuer path (the README lists them). Tests
// make their own through the admin API rather than share these.
import type { CreateUserRequest } from './user-claims.ts';

export const DEMO_USERS: Readonly<Record<string, readonly CreateUserRequest[]>> = {
  '/realms/lumiere': [
    {
      username: 'camille.martin',
      password: 'lumiere-demo',
      claims: { given_name: 'Camille', family_name: 'Martin', email: 'camille.martin@lumiere.example' },
    },
    {
      username: 'lea.moreau',
      password: 'lumiere-demo',
      claims: { given_name: 'Léa', family_name: 'Moreau', email: 'lea.moreau@lumiere.example' },
    },
  ],
  '/realms/lakeside': [
    {
      username: 'alex.keller',
      password: 'lakeside-demo',
      claims: { given_name: 'Alex', family_name: 'Keller', email: 'alex.keller@lakeside.example' },
    },
  ],
  '/franceconnect': [
    {
      username: 'jeanne.dupont',
      password: 'franceconnect-demo',
      claims: {
        given_name: 'Jeanne Marie',
        family_name: 'Dupont',
        birthdate: '1990-03-14',
        gender: 'female',
        birthplace: '75107',
        birthcountry: '99100',
        email: 'jeanne.dupont@franceconnect.example',
      },
    },
    {
      username: 'karim.haddad',
      password: 'franceconnect-demo',
      claims: {
        given_name: 'Karim',
        family_name: 'Haddad',
        birthdate: '1985-11-02',
        gender: 'male',
        // Born abroad (Morocco): FranceConnect gives no commune.
        birthplace: '',
        birthcountry: '99350',
        email: 'karim.haddad@franceconnect.example',
      },
    },
  ],
};
