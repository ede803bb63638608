import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PICTURE_MAX_BYTES } from '@transit-shop/sdk/constants';
import { describe, expect, it } from 'vitest';
import { descriptionOf, openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import { fixtureUser } from '../../../test/session.ts';

const png = (bytes = 64) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

async function openPictureSection(handlers = {}) {
  const page = await openAccountPage('/en/account', {
    signedInAs: fixtureUser(),
    heading: 'My account',
    handlers,
  });
  const section = screen.getByRole('region', { name: 'Profile picture' });
  const input = within(section).getByLabelText('Choose a picture') as HTMLInputElement;
  const send = within(section).getByRole('button', { name: 'Upload the picture' });
  return { ...page, section, input, send };
}

describe('the profile picture', () => {
  it('ACC-04 a picture must be a file: sending without one says so, in the spec words, and sends nothing', async () => {
    const user = userEvent.setup();
    const { input, send, calls, files } = await openPictureSection();
    await user.click(send);
    expect(descriptionOf(input)).toMatch(/^Picture needs to be of type File/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(payloadsAt(calls, 'Media/uploadMedia.json')).toEqual([]);
    expect(files).toEqual([]);
  });

  it('ACC-04 a file of another type or too large is refused before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input, send, calls } = await openPictureSection();
    await user.upload(input, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    await user.click(send);
    expect(descriptionOf(input)).toMatch(/^The picture must be a JPEG, PNG or WebP image\./);

    await user.upload(input, png(PICTURE_MAX_BYTES + 1));
    await user.click(send);
    expect(descriptionOf(input)).toMatch(/^The picture is too large\./);
    expect(payloadsAt(calls, 'Media/uploadMedia.json')).toEqual([]);
  });

  it('ACC-04 a picture is sent as a file with the session, and the new picture shows', async () => {
    const user = userEvent.setup();
    const { input, send, section, calls, files } = await openPictureSection({
      'Media/uploadMedia.json': () => ({
        ok: { user: fixtureUser({ userPictureUrl: 'https://cdn.example.org/pictures/7.png' }) },
      }),
    });
    await user.upload(input, png(2048));
    await user.click(send);
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe('Your picture has been saved.'),
    );
    expect(
      within(section).getByRole('img', { name: 'Profile picture of Léa Martin' }).getAttribute('src'),
    ).toBe('https://cdn.example.org/pictures/7.png');
    expect(payloadsAt(calls, 'Media/uploadMedia.json')).toEqual([{ user_id: '7' }]);
    expect(calls.find((call) => call.path === 'Media/uploadMedia.json')?.signed).toBe(true);
    expect(files).toEqual([{ path: 'Media/uploadMedia.json', field: 'media', size: 2048 }]);
  });

  it('a picture the server refuses says why, translated', async () => {
    const user = userEvent.setup();
    const { input, send, section } = await openPictureSection({
      'Media/uploadMedia.json': () => ({ ko: { code: 'PICTURE_TYPE' }, status: 415 }),
    });
    await user.upload(input, png());
    await user.click(send);
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The picture must be a JPEG, PNG or WebP image.',
    );
  });

  it('a failure without a reason says the picture could not be saved', async () => {
    const user = userEvent.setup();
    const { input, send, section } = await openPictureSection({
      'Media/uploadMedia.json': () => ({ ko: { code: 'ERR_RESPONSE_ERROR' }, status: 500 }),
    });
    await user.upload(input, png());
    await user.click(send);
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The picture could not be saved. Please try again, or contact customer service if the problem persists.',
    );
  });
});
