import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import addressparser from 'nodemailer/lib/addressparser';
import { describe, expect, it } from 'vitest';
import {
  decodeHeader,
  nextMail,
  okOf,
  registerAndLogin,
  useSmtpCapture,
} from '../test-support/account-test-kit.ts';
import { useTestApp } from '../test-support/test-app.ts';

const testApp = useTestApp();
// The test app's MAIL_FROM is `Shop <shop@example.org>`.
const smtp = useSmtpCapture(testApp);

describe('the sender of a network’s emails', () => {
  it('is the network’s name at MAIL_FROM’s address, for each demo network', async () => {
    const networks = testApp.current.deps.networks.all();
    expect(networks.map((network) => network.network.config.name)).toEqual(
      expect.arrayContaining(['Lumière Mobilités', 'Wahat Metro', 'Lakeside Transit']),
    );
    for (const network of networks) {
      const networkId = network.network.config.id;
      const { email } = await registerAndLogin(testApp.current, { networkId, firstName: 'Ada' });
      const seen = smtp.current.messages.length;
      await okOf(await testApp.current.call(ACCOUNT_CALLS.resetPassword, { email, networkId }));
      const mail = await nextMail(smtp.current, seen);
      expect(mail.envelope).toEqual({ from: 'shop@example.org', to: [email] });
      const [from, ...others] = addressparser(decodeHeader(mail.headers.from), { flatten: true });
      expect(others).toEqual([]);
      expect(from).toEqual({ name: network.network.config.name, address: 'shop@example.org' });
    }
  });
});
