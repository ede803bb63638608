// The admin API that tests elsewhere make their users with, and its typed client.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandboxUser, SandboxAdminError } from './admin-client.ts';
import {
  createBrowser,
  relyingParty,
  signIn,
  startTestSandbox,
  TEST_ADMIN_KEY,
  type TestSandbox,
} from './test-support/sandbox.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});

const LUMIERE = '/realms/lumiere';
const FRANCECONNECT = '/franceconnect';

const realmUser = (username: string) => ({
  username,
  password: 'a-test-password',
  claims: { given_name: 'Noa', family_name: 'Lefèvre', email: `${username}@tests.example` },
});

const pivotUser = (username: string) => ({
  username,
  password: 'a-test-password',
  claims: {
    given_name: 'Louise Anne',
    family_name: 'Girard',
    birthdate: '2001-07-30',
    gender: 'female',
    birthplace: '69123',
    birthcountry: '99100',
    email: `${username}@tests.example`,
  },
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${sandbox.issuerUrl(path)}/admin/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST <issuer>/admin/users', () => {
  it('refuses a request without the admin key (401)', async () => {
    for (const authorization of ['', 'Bearer not-the-key', `Basic ${TEST_ADMIN_KEY}`]) {
      const answer = await post(LUMIERE, realmUser('no-key'), { authorization });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await answer.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('refuses a body that is not a user of the issuer (400), naming each problem', async () => {
    const cases: [string, unknown, string[]][] = [
      [LUMIERE, { username: 'x' }, ['password', 'claims']],
      [LUMIERE, { ...realmUser('extra'), role: 'admin' }, ['']],
      [
        LUMIERE,
        { ...realmUser('bad email'), claims: { ...realmUser('x').claims, email: 'nope' } },
        ['username', 'claims.email'],
      ],
      [
        FRANCECONNECT,
        realmUser('realm-claims'),
        ['claims.birthdate', 'claims.gender', 'claims.birthplace', 'claims.birthcountry'],
      ],
      [
        FRANCECONNECT,
        { ...pivotUser('feb30'), claims: { ...pivotUser('x').claims, birthdate: '1990-02-30' } },
        ['claims.birthdate'],
      ],
      [
        FRANCECONNECT,
        { ...pivotUser('cog'), claims: { ...pivotUser('x').claims, birthcountry: 'FR' } },
        ['claims.birthcountry'],
      ],
    ];
    for (const [path, body, fields] of cases) {
      const answer = await post(path, body);
      expect(answer.status).toBe(400);
      const { error, issues } = (await answer.json()) as { error: string; issues: { path: string }[] };
      expect(error).toBe('invalid_request');
      expect(issues.map((issue) => issue.path).sort()).toEqual([...fields].sort());
    }
    const notJson = await post(LUMIERE, '{"username":');
    expect(notJson.status).toBe(400);
    const form = await post(LUMIERE, 'username=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(400);
  });

  it('makes a user who signs in at once, with the claims given (201 { sub })', async () => {
    const created = await post(LUMIERE, realmUser('noa.lefevre'));
    expect(created.status).toBe(201);
    const { sub } = (await created.json()) as { sub: string };

    const rp = await relyingParty({
      issuerUrl: sandbox.issuerUrl(LUMIERE),
      client: sandbox.clientOf(LUMIERE, 'lumiere'),
    });
    const tokens = await rp.exchange(
      await signIn(
        createBrowser(),
        rp,
        { username: 'noa.lefevre@tests.example', password: 'a-test-password' },
        { scope: 'openid profile email' },
      ),
    );
    expect(tokens.claims()).toMatchObject({
      sub,
      given_name: 'Noa',
      family_name: 'Lefèvre',
      email: 'noa.lefevre@tests.example',
    });
  });

  it('refuses a username or an email already taken at that issuer (409), in any case', async () => {
    expect((await post(LUMIERE, realmUser('taken'))).status).toBe(201);
    const again = await post(LUMIERE, realmUser('TAKEN'));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'username_taken' });
    const sameEmail = await post(LUMIERE, { ...realmUser('other'), claims: realmUser('taken').claims });
    expect(sameEmail.status).toBe(409);
    // Another issuer has users of its own.
    expect((await post('/realms/lakeside', realmUser('taken'))).status).toBe(201);
  });
});

describe('createSandboxUser', () => {
  it('answers the subject of a FranceConnect user, as its ID tokens carry it', async () => {
    const { sub } = await createSandboxUser(
      sandbox.issuerUrl(FRANCECONNECT),
      TEST_ADMIN_KEY,
      pivotUser('louise.girard'),
    );
    const rp = await relyingParty({
      issuerUrl: sandbox.issuerUrl(FRANCECONNECT),
      client: sandbox.clientOf(FRANCECONNECT, 'lumiere'),
    });
    const tokens = await rp.exchange(
      await signIn(
        createBrowser(),
        rp,
        { username: 'louise.girard', password: 'a-test-password' },
        { scope: 'openid birthplace gender' },
      ),
    );
    expect(tokens.claims()).toMatchObject({ sub, birthplace: '69123', gender: 'female' });
  });

  it('throws what the sandbox answered when it refuses', async () => {
    await createSandboxUser(sandbox.issuerUrl(FRANCECONNECT), TEST_ADMIN_KEY, pivotUser('twice'));
    const refusal = await createSandboxUser(
      sandbox.issuerUrl(FRANCECONNECT),
      TEST_ADMIN_KEY,
      pivotUser('twice'),
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SandboxAdminError);
    expect(refusal).toMatchObject({ status: 409, body: { error: 'username_taken' } });
    await expect(
      createSandboxUser(sandbox.issuerUrl(FRANCECONNECT), 'a-wrong-key-0123456789', pivotUser('k')),
    ).rejects.toMatchObject({ status: 401 });
  });
});
