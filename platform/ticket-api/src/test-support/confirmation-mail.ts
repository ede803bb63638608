// The order confirmation a test reads as the buyer would: sent through a mailer to an SMTP server
// inside the test process, then parsed by mailparser, its text with narrow and no-break spaces as
// plain spaces. The mailer and the server start once per test file.
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll } from 'vitest';
import { createLogger } from '../logger.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { deliverOrderConfirmation } from '../services/orders/confirmation/send-order-confirmation.ts';
import type { TicketSigner } from '../services/tickets/ticket-signer.ts';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture.ts';
import type { TestApp } from './test-app.ts';

export function useConfirmationMail(testApp: { readonly current: TestApp }) {
  let capture: SmtpCapture;
  let mailer: Mailer;
  beforeAll(async () => {
    capture = await startSmtpCapture();
    mailer = createMailer({
      smtpUrl: capture.url,
      outboxDir: '/nowhere',
      from: 'Transit shop <no-reply@shop.example>',
      logger: createLogger({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    mailer.close();
    await capture.close();
  });

  /** The confirmation of an order sent again, read back; `sign` in place of the network's signer's. */
  return async function confirmationOf(orderId: number, sign?: TicketSigner['sign']) {
    const before = capture.messages.length;
    const { deps } = testApp.current;
    const ticketSigner = sign ? { ...deps.ticketSigner, sign } : deps.ticketSigner;
    await deliverOrderConfirmation({ ...deps, mailer, ticketSigner }, orderId);
    const messages = await capture.waitForMessages(before + 1);
    const parsed = await simpleParser(messages[before]?.raw ?? '');
    return { ...parsed, text: (parsed.text ?? '').replace(/[\u00A0\u202F\u2009]/g, ' ') };
  };
}
