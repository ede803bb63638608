// The browser's trip to a provider's page: a payment provider's hosted page (a checkout's payment, a
// subscription's new card) or an OpenID provider's sign-in or end-session page (decision 0044). A
// full-page navigation, behind an object so tests can watch it instead of leaving.
export const providerPage = {
  open(url: string): void {
    window.location.assign(url);
  },
};
