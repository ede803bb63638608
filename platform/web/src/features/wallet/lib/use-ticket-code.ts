// The code shown for a ticket this device holds: its token and a device proof signed here, made
// again every DEVICE_PROOF_REFRESH_SECONDS (a screenshot goes stale; no network needed).
import {
  DEVICE_PROOF_REFRESH_SECONDS,
  signDeviceProof,
  ticketCode,
} from '@transit-shop/sdk/tickets/ticket-token';
import { useEffect, useState } from 'react';
import { deviceKey } from './device-key.ts';

/** The code for a token and its ticket's public id; null until the first proof is signed. */
export function useTicketCode(token: string | null, publicId: string): string | null {
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    if (!token) {
      setCode(null);
      return;
    }
    let live = true;
    const refresh = async () => {
      const { privateKey } = await deviceKey();
      const proof = await signDeviceProof(publicId, privateKey, new Date());
      if (live) setCode(ticketCode(token, proof));
    };
    void refresh();
    const timer = setInterval(() => void refresh(), DEVICE_PROOF_REFRESH_SECONDS * 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [token, publicId]);
  return code;
}
