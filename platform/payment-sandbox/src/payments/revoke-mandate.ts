// Revokes a saved SEPA mandate as the customer's bank would: later debits on it are refused.
import type { SandboxDeps } from './sandbox-deps.ts';

export type MandateRevocation =
  | { kind: 'revoked'; token: string; revokedAt: Date }
  | { kind: 'not_found' }
  | { kind: 'not_a_mandate' };

/** Idempotent: a mandate revoked earlier keeps the time of its first revocation. */
export function revokeMandate(deps: SandboxDeps, token: string): MandateRevocation {
  const stored = deps.store.savedMethods.get(token);
  if (!stored) return { kind: 'not_found' };
  if (stored.method.kind !== 'TRANSFER') return { kind: 'not_a_mandate' };
  stored.revokedAt ??= deps.clock.now();
  return { kind: 'revoked', token, revokedAt: stored.revokedAt };
}
