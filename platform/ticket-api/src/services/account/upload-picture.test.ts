import { PICTURE_MAX_BYTES } from '@transit-shop/sdk/constants';
import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { VALIDATION_MESSAGES, VALIDATION_SPEC_TEXTS } from '@transit-shop/sdk/validation/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema/stored-files.ts';
import { users } from '../../db/schema/users.ts';
import { guestLogin, koOf, okOf, registerAndLogin } from '../../test-support/account-test-kit.ts';
import { contains, join, photo, ZIP } from '../../test-support/images.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { accountStorageOf } from './account-storage.ts';
import { uploadPicture } from './upload-picture.ts';

const testApp = useTestApp();

let PNG: Uint8Array;
let JPEG: Uint8Array;
let WEBP: Uint8Array;
beforeAll(async () => {
  [PNG, JPEG, WEBP] = await Promise.all([photo('png'), photo('jpeg'), photo('webp')]);
});

const upload = (user: { userToken: string; userId: number }, media: unknown) =>
  testApp.current.call(ACCOUNT_CALLS.uploadPicture, {
    userToken: user.userToken,
    user_id: user.userId,
    media,
  });

/** The picture route as the browser reaches it through the tenant service (which drops /api). */
const fetchPicture = (url: string) => testApp.current.app.request(url.replace(/^\/api/, ''));

describe('Media/uploadMedia.json', () => {
  it('ACC-04 stores a PNG, JPEG or WebP under a name of ours and answers the user with its picture URL', async () => {
    const { user } = await registerAndLogin(testApp.current);
    for (const [bytes, type, extension] of [
      [PNG, 'image/png', 'png'],
      [JPEG, 'image/jpeg', 'jpg'],
      [WEBP, 'image/webp', 'webp'],
    ] as const) {
      // The declared type and name are ignored: the content decides.
      const file = new File([bytes], '../../etc/passwd.exe', { type: 'text/html' });
      const { user: updated } = await okOf<{ user: AuthUser }>(await upload(user, file));
      expect(updated.userPictureUrl).toMatch(new RegExp(`^/api/Media/picture/[0-9a-f]{32}\\.${extension}$`));

      const served = await fetchPicture(updated.userPictureUrl ?? '');
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('content-disposition')).toBe(`attachment; filename="picture.${extension}"`);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const { format, width, height } = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
      expect([format, width, height]).toEqual([extension === 'jpg' ? 'jpeg' : extension, 40, 30]);
    }
  });

  it('stores the picture re-encoded: no EXIF (device, place), nothing appended, a JPEG and ZIP or HTML polyglot served as a plain image', async () => {
    const { user } = await registerAndLogin(testApp.current);
    const withExif = await photo('jpeg', true);
    expect(contains(withExif, 'SecretPhone')).toBe(true);
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    for (const sent of [
      join(withExif, ZIP),
      join(withExif, Buffer.from('<html><script>alert(document.cookie)</script></html>')),
      join(await photo('png'), Buffer.from('<script>alert(1)</script>')),
    ]) {
      const { user: updated } = await okOf<{ user: AuthUser }>(await upload(user, new Blob([sent])));
      const stored = new Uint8Array(await (await fetchPicture(updated.userPictureUrl ?? '')).arrayBuffer());
      for (const hidden of ['SecretPhone', 'payload.js', '<script>', 'PK\u0003\u0004'])
        expect(contains(stored, hidden), hidden).toBe(false);
      const { width, height, exif } = await sharp(stored).metadata();
      expect([width, height, exif]).toEqual([40, 30, undefined]);
      expect(stored.byteLength).toBeLessThan(sent.byteLength);
    }
  });

  it('refuses a picture that cannot be decoded whole, or a decompression bomb, with PICTURE_UNREADABLE', async () => {
    const { user } = await registerAndLogin(testApp.current);
    const bomb = new Uint8Array(
      await sharp({ create: { width: 9000, height: 5000, channels: 3, background: '#fff' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
    expect(bomb.byteLength).toBeLessThan(PICTURE_MAX_BYTES);
    for (const bytes of [JPEG.slice(0, 200), PNG.slice(0, 60), bomb]) {
      expect(await koOf(await upload(user, new Blob([bytes])))).toEqual({
        status: 422,
        code: 'PICTURE_UNREADABLE',
        message: 'The picture could not be read: it may be damaged',
      });
    }
  });

  it('ACC-04 replaces the previous picture, whose address then serves nothing', async () => {
    const { user } = await registerAndLogin(testApp.current);
    const { user: first } = await okOf<{ user: AuthUser }>(await upload(user, new Blob([PNG])));
    const { user: second } = await okOf<{ user: AuthUser }>(await upload(user, new Blob([JPEG])));
    expect(second.userPictureUrl).not.toBe(first.userPictureUrl);
    expect((await fetchPicture(first.userPictureUrl ?? '')).status).toBe(404);
    expect((await fetchPicture(second.userPictureUrl ?? '')).status).toBe(200);
    const { user: read } = await okOf<{ user: AuthUser }>(
      await testApp.current.call(ACCOUNT_CALLS.getUser, {
        userToken: user.userToken,
        userId: user.userId,
        networkId: LUMIERE_ID,
      }),
    );
    expect(read.userPictureUrl).toBe(second.userPictureUrl);
  });

  it("ACC-04 API-08 refuses a picture that is not a file: 'Picture needs to be of type File'", async () => {
    const { user } = await registerAndLogin(testApp.current);
    const error = await koOf(await upload(user, 'iVBORw0KGgo='));
    expect(error).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'media', message: VALIDATION_MESSAGES.pictureFile }] },
    });
    expect(VALIDATION_SPEC_TEXTS[VALIDATION_MESSAGES.pictureFile]).toBe('Picture needs to be of type File');

    // The service says it in the spec's words to a caller inside the platform.
    const { deps, clock } = testApp.current;
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.userId));
    if (!row) throw new Error('missing user');
    await expect(
      uploadPicture({
        db: deps.db,
        clock,
        storage: accountStorageOf(deps),
        logger: deps.logger,
        user: row,
        file: 'x',
      }),
    ).rejects.toMatchObject({ code: 'PICTURE_NOT_FILE', message: 'Picture needs to be of type File' });
  });

  it('refuses content that is not a PNG, JPEG or WebP image with PICTURE_TYPE, whatever it claims', async () => {
    const { user } = await registerAndLogin(testApp.current);
    const stored = async () =>
      (await testApp.current.deps.db.select({ key: storedFiles.key }).from(storedFiles)).length;
    const before = await stored();
    for (const content of [
      '<html><script>alert(1)</script></html>',
      'GIF89a\u0001\u0000',
      '',
      'RIFF\u0000\u0000\u0000\u0000WAVEfmt ',
    ]) {
      const file = new File([content], 'me.png', { type: 'image/png' });
      expect(await koOf(await upload(user, file))).toEqual({
        status: 415,
        code: 'PICTURE_TYPE',
        message: 'The picture must be a JPEG, PNG or WebP image',
      });
    }
    expect(await stored()).toBe(before);
  });

  it('refuses a picture over the size limit', async () => {
    const { user } = await registerAndLogin(testApp.current);
    const tooLarge = new Uint8Array(PICTURE_MAX_BYTES + 1);
    tooLarge.set(PNG);
    expect(await koOf(await upload(user, new Blob([tooLarge])))).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'media', message: VALIDATION_MESSAGES.pictureTooLarge }] },
    });
    const { deps, clock } = testApp.current;
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.userId));
    if (!row) throw new Error('missing user');
    await expect(
      uploadPicture({
        db: deps.db,
        clock,
        storage: accountStorageOf(deps),
        logger: deps.logger,
        user: row,
        file: new Blob([tooLarge]),
      }),
    ).rejects.toMatchObject({ code: 'PICTURE_TOO_LARGE' });
  });

  it('refuses a guest with GUEST_NOT_ALLOWED and another user id with FORBIDDEN', async () => {
    const { user: guest } = await okOf<{ user: AuthUser }>(await guestLogin(testApp.current));
    expect((await koOf(await upload(guest, new Blob([PNG])))).code).toBe('GUEST_NOT_ALLOWED');
    const { user } = await registerAndLogin(testApp.current);
    const { user: other } = await registerAndLogin(testApp.current);
    const wrongUser = await testApp.current.call(ACCOUNT_CALLS.uploadPicture, {
      userToken: user.userToken,
      user_id: other.userId,
      media: new Blob([PNG]),
    });
    expect((await koOf(wrongUser)).code).toBe('FORBIDDEN');
  });

  it('serves nothing for a name it never made', async () => {
    for (const name of [
      'nothing.png',
      '..%2F..%2Fetc%2Fpasswd',
      `${'a'.repeat(32)}.png`,
      `${'b'.repeat(32)}.svg`,
    ]) {
      const response = await testApp.current.app.request(`/Media/picture/${name}`);
      expect(response.status).toBe(404);
      expect((await koOf(response)).code).toBe('NOT_FOUND');
    }
  });
});
