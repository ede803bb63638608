// Tickets as wallet/tickets answers them, and tokens signed by a network key for the device.
import type { WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { type EcPublicJwk, signTicketToken } from '@transit-shop/sdk/tickets/ticket-token';
import { exportJWK, generateKeyPair } from 'jose';

export function walletTicket(fields: Partial<WalletTicket> = {}): WalletTicket {
  return {
    id: 11,
    publicId: 'AAAAAAAAAAAAAAAAAAAAAA',
    networkId: 7,
    orderId: 501,
    productId: 5101,
    blueprintId: 5101,
    name: 'Carnet 10 voyages',
    kind: 'JOURNEYS',
    traveller: { userId: 7, name: 'Léa Martin' },
    status: 'ISSUED',
    place: { delivery: 'WALLET' },
    phase: 'CURRENT',
    validFrom: null,
    validTo: null,
    usableUntil: '2027-05-02T00:00:00+02:00',
    journeysTotal: 10,
    journeysLeft: 10,
    activatable: true,
    device: 'THIS',
    token: null,
    transfer: null,
    issuedAt: '2026-11-20T11:00:00+01:00',
    ...fields,
  };
}

/** A network key pair and its published key set. */
export async function networkKey() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = await exportJWK(publicKey);
  const keys = {
    keys: [{ kty: 'EC' as const, crv: 'P-256' as const, x: String(jwk.x), y: String(jwk.y), kid: 'k1' }],
  };
  return { privateKey, keys };
}

/** A pass's token, valid around `now`, bound to the device key. */
export async function passToken(
  key: Awaited<ReturnType<typeof networkKey>>,
  device: EcPublicJwk,
  now: Date,
  publicId = 'BBBBBBBBBBBBBBBBBBBBBB',
): Promise<string> {
  const seconds = Math.floor(now.getTime() / 1000);
  return signTicketToken(
    {
      net: 7,
      tid: publicId,
      pid: 5201,
      trv: 'Léa Martin',
      from: seconds - 3600,
      to: seconds + 30 * 86_400,
      until: null,
      jrn: null,
      gen: 0,
      iat: seconds,
      cnf: { jwk: device },
    },
    { kid: 'k1', privateKey: key.privateKey },
  );
}
