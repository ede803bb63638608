import { describe, expect, it } from 'vitest';
import { accountClaims } from './user-claims.ts';
import { createUserDirectory, subjectOf } from './user-directory.ts';

const camille = {
  username: 'camille.martin',
  password: 'lumiere-demo',
  claims: accountClaims('realm', 'camille.martin', {
    given_name: 'Camille',
    family_name: 'Martin',
    email: 'camille.martin@lumiere.example',
  }),
};

describe('a user directory', () => {
  it('signs a user in by username or email, in any case, with the right password only', async () => {
    const directory = createUserDirectory('/realms/lumiere');
    const added = await directory.add(camille);
    expect(added).toMatchObject({
      username: 'camille.martin',
      sub: subjectOf('/realms/lumiere', 'camille.martin'),
    });
    for (const login of ['camille.martin', 'Camille.Martin', ' camille.martin@LUMIERE.example '])
      expect(await directory.authenticate(login, 'lumiere-demo')).toEqual(added);
    expect(await directory.authenticate('camille.martin', 'Lumiere-demo')).toBeUndefined();
    expect(await directory.authenticate('nobody', 'lumiere-demo')).toBeUndefined();
    expect(directory.find((added as { sub: string }).sub)?.claims).toMatchObject({
      name: 'Camille Martin',
      preferred_username: 'camille.martin',
      email_verified: true,
    });
  });

  it('refuses a username or an email already taken', async () => {
    const directory = createUserDirectory('/realms/lumiere');
    await directory.add(camille);
    expect(await directory.add({ ...camille, username: 'CAMILLE.MARTIN' })).toBe('taken');
    expect(await directory.add({ ...camille, username: 'another' })).toBe('taken');
  });

  it('gives stable subjects: the same issuer and username, the same UUID', () => {
    expect(subjectOf('/realms/lumiere', 'camille.martin')).toBe(
      subjectOf('/realms/lumiere', 'Camille.Martin'),
    );
    expect(subjectOf('/realms/lumiere', 'camille.martin')).not.toBe(
      subjectOf('/realms/lakeside', 'camille.martin'),
    );
    expect(subjectOf('/franceconnect', 'jeanne.dupont')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
