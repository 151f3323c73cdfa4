const DAY_SECONDS = 24 * 60 * 60;

export type CookieOptions = { maxAgeDays: number; isSecure: boolean };

/** SPEC 3: every cookie the web app writes is site-wide, SameSite=Lax, and Secure under https. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${Math.round(options.maxAgeDays * DAY_SECONDS)}`,
    "SameSite=Lax",
  ];
  if (options.isSecure) parts.push("Secure");
  return parts.join("; ");
}

export function parseCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index === -1 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function readCookie(name: string): string | undefined {
  return parseCookie(document.cookie, name);
}

export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; serializeCookie escapes.
  document.cookie = serializeCookie(name, value, {
    maxAgeDays,
    isSecure: window.location.protocol === "https:",
  });
}

export function deleteCookie(name: string): void {
  writeCookie(name, "", 0);
}
