// Maintenance alerts as the beacon serves them (spec 02 §3 and §7).
import { z } from 'zod';
import { localizedTextSchema } from '../locale.schema.ts';

/** Level names with their rank: a higher rank sorts first. */
export const ALERT_LEVELS = { CRITICAL: 5, DANGER: 4, WARNING: 3, NOTICE: 2, INFO: 1 } as const;
export const alertLevelSchema = z.enum(['CRITICAL', 'DANGER', 'WARNING', 'NOTICE', 'INFO']);
export type AlertLevel = z.infer<typeof alertLevelSchema>;

/** Flags a page can ask for; any other string is allowed too. */
export const KNOWN_ALERT_FLAGS = ['ORDER', 'VALIDATION', 'MAINTENANCE'] as const;

const isoInstant = z.iso.datetime({ offset: true });

/** An alert as an operator writes it in a tenant file (channel derived from the network and flags). */
export const alertDefinitionSchema = z
  .object({
    id: z.string().min(1),
    level: alertLevelSchema,
    flags: z.array(z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'flags are UPPER_SNAKE words')).default([]),
    displayAfter: isoInstant.nullable().default(null),
    displayBefore: isoInstant.nullable().default(null),
    displayed: z.boolean().default(true),
    title: localizedTextSchema.optional(),
    message: localizedTextSchema,
  })
  .strict();
export type AlertDefinition = z.infer<typeof alertDefinitionSchema>;

/** An alert as the beacon answers it: the definition plus the channel it was published on. */
export const maintenanceAlertSchema = alertDefinitionSchema.extend({ channel: z.string().min(1) });
export type MaintenanceAlert = z.infer<typeof maintenanceAlertSchema>;

export const beaconResponseSchema = z.object({ payload: z.array(maintenanceAlertSchema) });
export type BeaconResponse = z.infer<typeof beaconResponseSchema>;

/** The channels of spec 02 §7. */
export const alertChannels = {
  global: () => 'global',
  globalFlag: (flag: string) => `global/${flag}`,
  network: (networkId: number) => `network/${networkId}`,
  networkFlag: (networkId: number, flag: string) => `network/${networkId}/${flag}`,
};

/**
 * The channels an alert is published on: an alert without flags on the plain channel
 * (global or network/{id}); an alert with flags on one channel per flag.
 */
export function channelsOf(alert: Pick<AlertDefinition, 'flags'>, networkId: number | null): string[] {
  if (networkId === null) {
    return alert.flags.length === 0 ? [alertChannels.global()] : alert.flags.map(alertChannels.globalFlag);
  }
  return alert.flags.length === 0
    ? [alertChannels.network(networkId)]
    : alert.flags.map((flag) => alertChannels.networkFlag(networkId, flag));
}
