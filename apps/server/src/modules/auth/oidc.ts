import { and, eq, gt } from "drizzle-orm";
import * as oidc from "openid-client";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { oidcStates } from "../../db/schema/index.js";
import { AppError } from "../../platform/errors.js";
import { hashToken as hash } from "../../platform/ids.js";
import { findUserByEmail, type UserWithEmail } from "../users/service.js";
import { createSession } from "./sessions.js";

const STATE_TTL_MS = 10 * 60_000;
export const OIDC_STATE_COOKIE = "oidc_state";

/** The OpenID Connect state cookie's options: it goes only to the start and the callback. */
export const oidcStateCookie = (secure: boolean) =>
  ({ path: "/api/auth/oidc", httpOnly: true, sameSite: "lax", secure }) as const;

type OidcSettings = NonNullable<Config["oidc"]>;
type Deps = { db: Db; config: Pick<Config, "oidc" | "publicUrl"> };

const notConfigured = () =>
  new AppError("OIDC_NOT_CONFIGURED", 503, "Sign-in with an external provider is not set up");
const unavailable = () =>
  new AppError("OIDC_UNAVAILABLE", 503, "The sign-in provider does not answer; try again later");
const failed = () =>
  new AppError("OIDC_FAILED", 401, "The sign-in with the provider did not complete; try again");

// Discovery is fetched once per process and retried after a failure.
const configurations = new Map<string, Promise<oidc.Configuration>>();
function providerConfiguration(settings: OidcSettings): Promise<oidc.Configuration> {
  const key = `${settings.issuer}|${settings.clientId}`;
  let config = configurations.get(key);
  if (!config) {
    const issuer = new URL(settings.issuer);
    const isLoopback = ["127.0.0.1", "localhost", "[::1]"].includes(issuer.hostname);
    config = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      execute: issuer.protocol === "http:" && isLoopback ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
    config.catch(() => configurations.delete(key));
    configurations.set(key, config);
  }
  return config;
}

const redirectUri = (publicUrl: string) => `${publicUrl}/auth/callback`;

/** Starts a sign-in: the provider URL to send the browser to, and the state to bind to it. */
export async function startOidc(deps: Deps, input: { redirect: string; inviteCode?: string }) {
  if (!deps.config.oidc) throw notConfigured();
  const config = await providerConfiguration(deps.config.oidc).catch(() => {
    throw unavailable();
  });
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await deps.db.insert(oidcStates).values({
    stateHash: hash(state),
    nonce,
    codeVerifier,
    redirect: input.redirect,
    inviteCode: input.inviteCode ?? null,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(deps.config.publicUrl),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.toString(), state };
}

export type OidcIdentity = { email: string; firstName: string; lastName: string };

/**
 * Finishes a sign-in: checks the state against the browser's cookie, trades the code (with PKCE
 * and nonce checks) and signs in the account with the provider's verified e-mail.
 */
export async function finishOidc(
  deps: Deps,
  input: { code: string; state: string; iss?: string; cookieState: string | undefined },
  registerWithInvite: (inviteCode: string, identity: OidcIdentity) => Promise<UserWithEmail>,
) {
  if (!deps.config.oidc) throw notConfigured();
  if (!input.cookieState || input.cookieState !== input.state) throw failed();
  const [pending] = await deps.db
    .delete(oidcStates)
    .where(and(eq(oidcStates.stateHash, hash(input.state)), gt(oidcStates.expiresAt, new Date())))
    .returning();
  if (!pending) throw failed();
  const config = await providerConfiguration(deps.config.oidc).catch(() => {
    throw unavailable();
  });
  const callback = new URL(redirectUri(deps.config.publicUrl));
  callback.searchParams.set("code", input.code);
  callback.searchParams.set("state", input.state);
  if (input.iss) callback.searchParams.set("iss", input.iss);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: input.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims()!;
    claims = { ...idToken };
    // Providers that follow the spec closely put profile claims in userinfo, not the ID token.
    if (typeof idToken.email !== "string") {
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...claims };
    }
  } catch {
    throw failed();
  }
  const email = typeof claims.email === "string" ? claims.email.toLowerCase() : undefined;
  // Accounts are matched by e-mail, so only an address the provider confirmed may open one.
  const isVerified = claims.email_verified === true || claims.email_verified === "true";
  if (!email || !isVerified) {
    throw new AppError(
      "OIDC_EMAIL_UNVERIFIED",
      403,
      "The provider did not confirm an e-mail address for this account",
    );
  }
  let user = await findUserByEmail(deps.db, email);
  if (!user) {
    if (!pending.inviteCode) {
      throw new AppError(
        "OIDC_NO_ACCOUNT",
        403,
        "There is no account for this e-mail. Ask your matchmaker or the administrator for an invite link",
      );
    }
    const given = typeof claims.given_name === "string" ? claims.given_name : "";
    const family = typeof claims.family_name === "string" ? claims.family_name : "";
    user = await registerWithInvite(pending.inviteCode, {
      email,
      firstName: given || email.split("@")[0]!,
      lastName: family,
    });
  }
  if (user.status === "inactive") throw new AppError("INVALID_CREDENTIALS", 401, "Invalid credentials");
  const session = await createSession(deps.db, user.id);
  return { user, redirect: pending.redirect, ...session };
}
