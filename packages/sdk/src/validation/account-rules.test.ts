import { describe, expect, it } from 'vitest';
import { ageOn, isAccountComplete, isAccountVerified, isAddressComplete, isOver18 } from './account-rules.ts';

const address = {
  addressRoute: '1 rue de la Gare',
  addressPostalCode: '69001',
  addressCity: 'Lyon',
  addressState: 'France',
};

describe('account rules', () => {
  it('ACC-01 an account is complete only with first name, last name and email', () => {
    expect(
      isAccountComplete({ userName: 'Anne', userLastname: 'Martin', userMail: 'anne@example.com' }),
    ).toBe(true);
    expect(isAccountComplete({ userName: 'Anne', userLastname: 'Martin', userMail: null })).toBe(false);
    expect(isAccountComplete({ userName: ' ', userLastname: 'Martin', userMail: 'anne@example.com' })).toBe(
      false,
    );
    expect(isAccountComplete({ userName: 'Anne', userMail: 'anne@example.com' })).toBe(false);
  });

  it('ACC-02 an address is complete only with route, postal code, city and state', () => {
    expect(isAddressComplete(address)).toBe(true);
    for (const field of Object.keys(address)) {
      expect(isAddressComplete({ ...address, [field]: '' }), field).toBe(false);
    }
    expect(isAddressComplete(null)).toBe(false);
    expect(isAddressComplete(undefined)).toBe(false);
  });

  it('ACC-09 is over 18 from the 18th birthday on, not the day before', () => {
    expect(isOver18('2008-03-10', '2026-03-09')).toBe(false);
    expect(isOver18('2008-03-10', '2026-03-10')).toBe(true);
    expect(isOver18('2008-03-10', new Date(2026, 2, 10, 23, 59))).toBe(true);
    expect(isOver18('1970-01-01', '2026-01-01')).toBe(true);
  });

  it('ACC-09 no birthday, or an unreadable one, counts as under 18', () => {
    expect(isOver18(null, '2026-03-10')).toBe(false);
    expect(isOver18(undefined, '2026-03-10')).toBe(false);
    expect(isOver18('', '2026-03-10')).toBe(false);
    expect(isOver18('2008-02-30', '2030-01-01')).toBe(false);
    expect(isOver18('10/03/2008', '2030-01-01')).toBe(false);
  });

  it('ACC-09 born on 29 February, one comes of age on 1 March in a common year', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('AUTH-12 verified when the network has a default provider, otherwise when verifiedAt exists', () => {
    const unverified = { verifiedAt: null };
    const verified = { verifiedAt: '2026-01-02T10:00:00.000Z' };
    const keycloak = [{ isDefault: true }, { isDefault: false }];
    const none = [{ isDefault: false }];
    expect(isAccountVerified(unverified, keycloak)).toBe(true);
    expect(isAccountVerified(unverified, none)).toBe(false);
    expect(isAccountVerified(unverified, [])).toBe(false);
    expect(isAccountVerified(verified, [])).toBe(true);
  });
});
