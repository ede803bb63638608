import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addToCart } from '../../../lib/cart/add-to-cart.ts';
import { getCartRuntime } from '../../../lib/cart/cart-runtime.ts';
import { fakeVerify, singleTicket } from '../../../test/cart-session.ts';
import { renderApp } from '../../../test/render.tsx';
import { createTestSession, stubTenantService } from '../../../test/session.ts';

describe('the cart sidebar', () => {
  it('opens from the header button with the keyboard, shows the lines and closes with Escape, focus back on the button', async () => {
    const user = userEvent.setup();
    stubTenantService();
    createTestSession({ handlers: { 'Order/verify.json': fakeVerify([singleTicket]).handler } });
    await addToCart({ item: singleTicket, quantity: 2, delivery: 'PHYSICAL' });
    (await getCartRuntime()).actor.send({ type: 'VISIBILITY_CHANGED', visible: false });
    await renderApp('/en/nowhere');
    const button = await screen.findByRole('button', { name: 'Cart, items: 2' });
    button.focus();
    await user.keyboard('{Enter}');
    const sidebar = await screen.findByRole('dialog', { name: 'Cart' });
    expect(within(sidebar).getByRole('heading', { level: 3, name: 'Ticket unitaire' })).toBeTruthy();
    expect(within(sidebar).getByText('Transport card')).toBeTruthy();
    expect(within(sidebar).getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/en/cart');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cart' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('opens after an add, and the header count follows the cart', async () => {
    stubTenantService();
    createTestSession({ handlers: { 'Order/verify.json': fakeVerify([singleTicket]).handler } });
    await renderApp('/en/nowhere');
    expect(await screen.findByRole('button', { name: 'Cart, items: 0' })).toBeTruthy();
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED' });
    const sidebar = await screen.findByRole('dialog', { name: 'Cart' });
    expect(within(sidebar).getByRole('heading', { level: 3, name: 'Ticket unitaire' })).toBeTruthy();
    await waitFor(() =>
      expect(within(sidebar).getByText('Total').nextElementSibling?.textContent).toMatch(/2\.00/),
    );
    await userEvent
      .setup()
      .click(within(sidebar).getByRole('button', { name: 'Increase the quantity of Ticket unitaire' }));
    await userEvent.setup().click(within(sidebar).getByRole('button', { name: 'Close the cart' }));
    expect(await screen.findByRole('button', { name: 'Cart, items: 2' })).toBeTruthy();
  });
});
