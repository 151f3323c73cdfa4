import type { AuthMethodsView } from "@matchdesk/contract";
import { useEffect, useState } from "react";
import { api } from "../../lib/api";

let loading: Promise<AuthMethodsView | null> | undefined;

/** GET /api/auth/methods, once per page load; null when it cannot be read (the page works without it). */
export function loadAuthMethods(): Promise<AuthMethodsView | null> {
  loading ??= api<AuthMethodsView>("/api/auth/methods", { skipSessionExpiry: true }).catch((error) => {
    console.warn("Could not read the sign-in methods", error);
    loading = undefined;
    return null;
  });
  return loading;
}

/** The sign-in methods the server offers; null until known. */
export function useAuthMethods(): AuthMethodsView | null {
  const [methods, setMethods] = useState<AuthMethodsView | null>(null);
  useEffect(() => {
    let isActive = true;
    void loadAuthMethods().then((answer) => {
      if (isActive) setMethods(answer);
    });
    return () => {
      isActive = false;
    };
  }, []);
  return methods;
}

type OidcStart = { redirect: string; invite?: string };

/**
 * The URL that starts sign-in (or, with an invite, registration) at the OpenID Connect provider.
 * It is opened as a full page, not fetched: the server answers with a redirect to the provider.
 * Registration needs the terms accepted first, so the invite form sends `termsAccepted=true`.
 */
export function oidcStartPath({ redirect, invite }: OidcStart): string {
  const params = new URLSearchParams({ redirect });
  if (invite) {
    params.set("invite", invite);
    params.set("termsAccepted", "true");
  }
  return `/api/auth/oidc/start?${params}`;
}
