// The checkout for the step components: the running checkout actor through context, a selector on
// its snapshot, `send`, `can` (read reactively, so a button follows the machine), and the places
// left in the pick-up slots of the agency shown.
import type {
  CheckoutEvent,
  CheckoutMachine,
  CheckoutSnapshot,
} from '@transit-shop/flows/checkout/checkout.machine';
import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SlotPlaces } from '../checkout-runtime.ts';

export type CheckoutActor = ActorRefFrom<CheckoutMachine>;

type CheckoutValue = { actor: CheckoutActor; places: SlotPlaces };

const CheckoutContext = createContext<CheckoutValue | null>(null);

export function CheckoutProvider({ value, children }: { value: CheckoutValue; children: ReactNode }) {
  return <CheckoutContext.Provider value={value}>{children}</CheckoutContext.Provider>;
}

function useCheckoutValue(): CheckoutValue {
  const value = useContext(CheckoutContext);
  if (!value) throw new Error('useCheckout outside CheckoutProvider');
  return value;
}

const same = <T,>(a: T, b: T) => a === b;

export function useCheckoutSelector<T>(
  select: (snapshot: CheckoutSnapshot) => T,
  compare: (a: T, b: T) => boolean = same,
): T {
  return useSelector(useCheckoutValue().actor, select, compare);
}

export function useCheckoutSend(): (event: CheckoutEvent) => void {
  const { actor } = useCheckoutValue();
  return (event) => actor.send(event);
}

/** Whether the machine takes this event now (re-rendered when the answer changes). */
export function useCheckoutCan(event: CheckoutEvent): boolean {
  return useCheckoutSelector((snapshot) => snapshot.can(event));
}

export function useSlotPlaces(): SlotPlaces {
  return useCheckoutValue().places;
}
