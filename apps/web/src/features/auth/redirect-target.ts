/** Where to go after sign-in: a same-site path from the `redirect` query parameter, never another origin. */
export function safeRedirectPath(value: string | null | undefined, origin: string): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `/login`, keeping the page to return to. */
export function loginPath(redirect: string | null | undefined): string {
  return redirect ? `/login?${new URLSearchParams({ redirect })}` : "/login";
}
