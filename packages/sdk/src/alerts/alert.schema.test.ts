import { describe, expect, it } from 'vitest';
import { alertChannels, beaconResponseSchema, channelsOf } from './alert.schema.ts';
import { channelsForNetwork } from './alert-channels.ts';

describe('alert channels', () => {
  it('ALERT-07 names the four channels of the beacon', () => {
    expect(alertChannels.global()).toBe('global');
    expect(alertChannels.globalFlag('ORDER')).toBe('global/ORDER');
    expect(alertChannels.network(101)).toBe('network/101');
    expect(alertChannels.networkFlag(101, 'ORDER')).toBe('network/101/ORDER');
    expect(channelsForNetwork(101, ['ORDER'])).toEqual([
      'global',
      'network/101',
      'global/ORDER',
      'network/101/ORDER',
    ]);
  });

  it('publishes an alert on its plain channel, or on one channel per flag', () => {
    expect(channelsOf({ flags: [] }, null)).toEqual(['global']);
    expect(channelsOf({ flags: ['ORDER', 'VALIDATION'] }, 7)).toEqual([
      'network/7/ORDER',
      'network/7/VALIDATION',
    ]);
  });

  it('accepts a beacon answer and refuses a malformed one', () => {
    const alert = { id: 'x', level: 'INFO', message: { en: 'hi' }, channel: 'global' };
    expect(beaconResponseSchema.parse({ payload: [alert] }).payload[0]?.flags).toEqual([]);
    expect(beaconResponseSchema.safeParse({ payload: [{ ...alert, level: 'LOUD' }] }).success).toBe(false);
    expect(beaconResponseSchema.safeParse({ alerts: [] }).success).toBe(false);
  });
});
