import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type TestIdentity = {
  email: string;
  given_name?: string;
  family_name?: string;
  email_verified?: boolean;
};

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, with its development login and
 * consent forms, for the sign-in tests. Accounts are whatever e-mail the test logs in as.
 */
export async function startOidcProvider(redirectUri: string) {
  const identities = new Map<string, TestIdentity>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "matchdesk",
        client_secret: "matchdesk-secret",
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    cookies: { keys: ["test-cookie-key"] },
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const identity = identities.get(id) ?? { email: id };
      return {
        accountId: id,
        claims: async () => ({ sub: id, email_verified: true, ...identity }),
      };
    },
  });
  server.on("request", provider.callback());

  /** Logs in at the provider as `email` and answers the URL it sends the browser back to. */
  async function signInAt(authorizationUrl: string, email: string): Promise<URL> {
    const jar = new Map<string, string>();
    const go = async (url: string, form?: Record<string, string>) => {
      const res = await fetch(url, {
        method: form ? "POST" : "GET",
        redirect: "manual",
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(form && { "content-type": "application/x-www-form-urlencoded" }),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const i = pair!.indexOf("=");
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
      return res;
    };
    let url = authorizationUrl;
    for (let step = 0; step < 12; step++) {
      if (url.startsWith(redirectUri)) return new URL(url);
      let res = await go(url);
      if (url.includes("/interaction/") && res.status === 200) {
        const page = await res.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? "login";
        res = await go(url, prompt === "login" ? { prompt, login: email, password: "any" } : { prompt });
      }
      const next = res.headers.get("location");
      if (!next) throw new Error(`provider stopped at ${url} with ${res.status}`);
      url = new URL(next, url).toString();
    }
    throw new Error("too many redirects at the provider");
  }

  return {
    issuer,
    clientId: "matchdesk",
    clientSecret: "matchdesk-secret",
    identities,
    signInAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
