// The beacon channels a network's pages listen to (spec 02 §7).
import { alertChannels } from './alert.schema.ts';

export function channelsForNetwork(networkId: number, flags: readonly string[] = []): string[] {
  return [
    alertChannels.global(),
    alertChannels.network(networkId),
    ...flags.flatMap((flag) => [alertChannels.globalFlag(flag), alertChannels.networkFlag(networkId, flag)]),
  ];
}
