// What the sandbox app needs to know from its environment (env.ts builds it; tests write it out).

export type SandboxConfig = {
  /** The key ticket-api sends as `Authorization: Bearer`. */
  apiKey: string;
  /** The origin browsers reach the hosted pages at, without a trailing slash. */
  publicUrl: string;
  /** How long a submitted SEPA debit stays pending before it settles. */
  sepaSettleMs: number;
};

/** A checkout's page answers for 30 minutes (decision 0018). */
export const CHECKOUT_LIFETIME_MS = 30 * 60_000;
