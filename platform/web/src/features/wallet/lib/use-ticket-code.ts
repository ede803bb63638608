// The code shown for a ticket this device holds: its token and a device proof signed here, made
// again every DEVICE_PROOF_REFRESH_SECONDS (a screenshot goes stale; no network needed). A proof
// that cannot be signed (no usable device key) is told, not waited for.
import {
  DEVICE_PROOF_REFRESH_SECONDS,
  signDeviceProof,
  ticketCode,
} from '@transit-shop/sdk/tickets/ticket-token';
import { useEffect, useState } from 'react';
import { deviceKey } from './device-key.ts';

/** The code, null until the first proof is signed; `failed` once signing failed and no code is left. */
export type TicketCodeState = { readonly code: string | null; readonly failed: boolean };

/** The code for a token and its ticket's public id. */
export function useTicketCode(token: string | null, publicId: string): TicketCodeState {
  const [state, setState] = useState<TicketCodeState>({ code: null, failed: false });
  useEffect(() => {
    if (!token) {
      setState({ code: null, failed: false });
      return;
    }
    let live = true;
    const refresh = async () => {
      try {
        const { privateKey } = await deviceKey();
        const proof = await signDeviceProof(publicId, privateKey, new Date());
        if (live) setState({ code: ticketCode(token, proof), failed: false });
      } catch {
        // A stale proof is refused at the gate: no code rather than an old one.
        if (live) setState({ code: null, failed: true });
      }
    };
    void refresh();
    const timer = setInterval(() => void refresh(), DEVICE_PROOF_REFRESH_SECONDS * 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [token, publicId]);
  return state;
}
