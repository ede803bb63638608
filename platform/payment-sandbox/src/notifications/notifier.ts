// Delivers signed notifications to a notifyUrl, retrying with doubling delays until a 2xx answer.
import type { Clock } from '../clock.ts';
import { unixSeconds } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { type Notification, SIGNATURE_HEADER } from '../protocol/schemas.ts';
import { signatureHeader } from '../protocol/signature.ts';
import { type PostNotification, postNotification } from './post-notification.ts';

/** Decision 0018: 1 s, 2 s, 4 s … between attempts, 8 attempts in all. */
export const DELIVERY_POLICY = { maxAttempts: 8, firstRetryDelayMs: 1000, attemptTimeoutMs: 3000 } as const;

export type AttemptResult = { attempt: number; delivered: boolean; status: number | null };

export type Notifier = {
  /** Sends `event` to `url`; answers once the first attempt ended (later attempts run on their own). */
  notify(url: string, event: Notification): Promise<AttemptResult>;
  /** Cancels every retry still waiting (the sandbox is stopping). */
  close(): void;
};

export type NotifierOptions = {
  secret: string;
  clock: Clock;
  logger: Logger;
  /** How each attempt is sent (tests answer it themselves). */
  send?: PostNotification;
  maxAttempts?: number;
  firstRetryDelayMs?: number;
  attemptTimeoutMs?: number;
};

export const retryDelayMs = (firstRetryDelayMs: number, failedAttempt: number) =>
  firstRetryDelayMs * 2 ** (failedAttempt - 1);

export function createNotifier(options: NotifierOptions): Notifier {
  const { secret, clock, logger } = options;
  const send = options.send ?? postNotification;
  const maxAttempts = options.maxAttempts ?? DELIVERY_POLICY.maxAttempts;
  const firstRetryDelayMs = options.firstRetryDelayMs ?? DELIVERY_POLICY.firstRetryDelayMs;
  const attemptTimeoutMs = options.attemptTimeoutMs ?? DELIVERY_POLICY.attemptTimeoutMs;
  const waitingRetries = new Set<() => void>();

  async function attemptOnce(url: string, rawBody: string): Promise<number | null> {
    const abort = new AbortController();
    const cancelTimeout = clock.setTimeout(() => abort.abort(), attemptTimeoutMs);
    try {
      const response = await send(url, {
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signatureHeader(secret, unixSeconds(clock.now()), rawBody),
        },
        body: rawBody,
        signal: abort.signal,
      });
      return response.status;
    } catch {
      return null;
    } finally {
      cancelTimeout();
    }
  }

  async function deliver(url: string, event: Notification, rawBody: string, attempt: number) {
    const status = await attemptOnce(url, rawBody);
    const delivered = status !== null && status >= 200 && status < 300;
    const fields = { eventId: event.id, type: event.type, attempt, status };
    if (delivered) {
      logger.info(fields, 'notification delivered');
    } else if (attempt >= maxAttempts) {
      logger.warn(fields, 'notification given up');
    } else {
      const delayMs = retryDelayMs(firstRetryDelayMs, attempt);
      logger.info({ ...fields, retryInMs: delayMs }, 'notification not delivered, will retry');
      const cancel = clock.setTimeout(() => {
        waitingRetries.delete(cancel);
        void deliver(url, event, rawBody, attempt + 1);
      }, delayMs);
      waitingRetries.add(cancel);
    }
    return { attempt, delivered, status };
  }

  return {
    notify(url, event) {
      // One body for every attempt; each attempt is signed at its own time.
      return deliver(url, event, JSON.stringify(event), 1);
    },
    close() {
      for (const cancel of waitingRetries) cancel();
      waitingRetries.clear();
    },
  };
}
