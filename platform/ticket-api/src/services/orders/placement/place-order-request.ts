// What Order/placeOrder.json and Order/create.json ask for: the cart as the order calls price it,
// and the checkout's choices.
import type { Delivery, OnlinePaymentMethod } from '@transit-shop/sdk/contract/checkout';
import type { CartRequest } from '../pricing/price-order.ts';

export type PlaceOrderRequest = Omit<CartRequest, 'userToken' | 'userId'> & {
  userToken: string;
  orderKey: string;
  /** Null for Order/create.json: nothing is paid. */
  paymentMethod: OnlinePaymentMethod | null;
  installments: number;
  savedPaymentMethodId: number | null;
  saveMethod: boolean;
  delivery: Delivery | null;
  invoiceEmail: string | null;
  returnUrl: string | null;
  /** The buyer confirmed a repeat of an order bought minutes ago (ORDER_ALREADY_BOUGHT). */
  confirmRepeat: boolean;
};
