// The pages a network's OpenID provider sends the browser back to on the sign-in side (decision
// 0044): its Keycloak's sign-in (NET-07), FranceConnect's, and FranceConnect's sign-in again before
// unlinking it (IDP-03). Loaded together, as one chunk: the home page's entry names every chunk.
export * as customSignIn from './custom-sign-in.tsx';
export * as franceConnectDeleteIdentity from './france-connect-delete-identity.tsx';
export * as franceConnectSignIn from './france-connect-sign-in.tsx';
