import { type AuthMethodsView, authApi } from "@matchdesk/contract";
import { useEffect, useState } from "react";
import { call, href } from "../../lib/api";

let loading: Promise<AuthMethodsView | null> | undefined;

/** The sign-in methods, asked once per page load; null when it cannot be read (the page works without it). */
export function loadAuthMethods(): Promise<AuthMethodsView | null> {
  loading ??= call(authApi.methods, { skipSessionExpiry: true }).catch((error) => {
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
  return href(authApi.oidcStart, {
    query: invite ? { redirect, invite, termsAccepted: "true" } : { redirect },
  });
}
