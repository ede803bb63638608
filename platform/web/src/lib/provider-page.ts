// The browser's trip to a provider's hosted page (a checkout's payment, a subscription's new card, a
// sign-in provider's page): a full-page navigation, behind an object so tests can watch it instead
// of leaving.
export const providerPage = {
  open(url: string): void {
    window.location.assign(url);
  },
};
