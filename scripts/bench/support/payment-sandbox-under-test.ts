// The payment sandbox under test (decision 0018): platform/payment-sandbox/src/main.ts started with
// tsx on its own loopback port with the given secrets, keep-alive calls to its hosted page, and the
// clean-up that stops it, on close and on SIGINT or SIGTERM.
import { join } from 'node:path';
import {
  type LoopbackClient,
  loopbackClient,
  startTsxService,
  stopProcess,
  untilHealthy,
} from './loopback.ts';

export type PaymentSandboxUnderTest = {
  /** Its origin, http://127.0.0.1:<port>: PAYMENT_SANDBOX_URL for the ticket API. */
  url: string;
  /** The sandbox's process, for its CPU time. */
  pid: number;
  /** Calls to the sandbox (the hosted page GET and POST /pay/:id). */
  client: LoopbackClient;
  /** Stops the sandbox; safe to call again. */
  close(): Promise<void>;
};

/** The two secrets the ticket API and the sandbox share (decision 0018). */
export type SandboxSecrets = { apiKey: string; webhookSecret: string };

/**
 * Starts the sandbox on port (127.0.0.1, LOG_LEVEL=warn unless `logLevel` says otherwise) and
 * answers once it answers GET /healthz.
 */
export async function startPaymentSandbox(options: {
  port: number;
  secrets: SandboxSecrets;
  logLevel?: 'warn' | 'error';
}): Promise<PaymentSandboxUnderTest> {
  const { port, secrets } = options;
  const url = `http://127.0.0.1:${port}`;
  const client = loopbackClient(port);
  const child = startTsxService(join('platform', 'payment-sandbox', 'src', 'main.ts'), {
    PORT: String(port),
    HOST: '127.0.0.1',
    PAYMENT_SANDBOX_PUBLIC_URL: url,
    PAYMENT_SANDBOX_API_KEY: secrets.apiKey,
    PAYMENT_SANDBOX_WEBHOOK_SECRET: secrets.webhookSecret,
    LOG_LEVEL: options.logLevel ?? 'warn',
  });
  let closing: Promise<void> | undefined;
  // The benchmark's own clean-up exits the process: the sandbox is told to stop at once.
  const onSignal = () => {
    child.kill('SIGTERM');
  };
  const close = () => {
    closing ??= (async () => {
      await stopProcess(child);
      client.destroy();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    })();
    return closing;
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await untilHealthy(child, client, 'the payment sandbox');
    return { url, pid: child.pid ?? 0, client, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
