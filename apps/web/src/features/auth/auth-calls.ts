import { authApi, type BodyOf, type ResponseOf, type UserView } from "@matchdesk/contract";
import { call } from "../../lib/api";

// The sign-in pages call the API without react-query (it stays out of the public site's bundles).
// A 401 from these calls is an answer (wrong password, used link), not an expired session.

export type OidcCallbackAnswer = ResponseOf<typeof authApi.oidcCallback>;

/** Signs in with e-mail and password; the answer is the signed-in user. */
export function signInWithPassword(body: BodyOf<typeof authApi.login>): Promise<UserView> {
  return call(authApi.login, { body, skipSessionExpiry: true });
}

/** E-mails a one-time sign-in link (the answer is the same for an unknown address). */
export async function requestEmailLink(body: BodyOf<typeof authApi.requestEmailLink>): Promise<void> {
  await call(authApi.requestEmailLink, { body, skipSessionExpiry: true });
}

/** Creates the account of an invitation and signs in. */
export function registerAccount(body: BodyOf<typeof authApi.register>): Promise<UserView> {
  return call(authApi.register, { body, skipSessionExpiry: true });
}

// A link and a provider's code work once: a page's effect may run twice (React's strict mode), the
// request may not. The promise is kept per token, so the second run gets the first one's answer.
const verifying = new Map<string, Promise<UserView>>();
const completing = new Map<string, Promise<OidcCallbackAnswer>>();

/** Signs in with an e-mail link's token, once per token. */
export function verifyEmailLinkOnce(token: string): Promise<UserView> {
  let promise = verifying.get(token);
  if (!promise) {
    promise = call(authApi.verifyEmailLink, { body: { token }, skipSessionExpiry: true });
    verifying.set(token, promise);
  }
  return promise;
}

/** Finishes an OpenID Connect sign-in with the provider's code and state, once per code. */
export function completeOidcOnce(body: BodyOf<typeof authApi.oidcCallback>): Promise<OidcCallbackAnswer> {
  let promise = completing.get(body.code);
  if (!promise) {
    promise = call(authApi.oidcCallback, { body, skipSessionExpiry: true });
    completing.set(body.code, promise);
  }
  return promise;
}
