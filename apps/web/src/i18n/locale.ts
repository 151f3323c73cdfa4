import { LOCALE_COOKIE, LOCALES, type Locale, PUBLIC_LOCALE_COOKIE } from "@matchdesk/contract";

/** SPEC 3: the app's pages follow the `locale` cookie, every other page the `public-locale` cookie. */
export type LocaleArea = "app" | "public";

const APP_PATH_PREFIXES = ["/admin", "/onboarding", "/invited-users"] as const;

export function localeAreaOf(pathname: string): LocaleArea {
  const isApp = APP_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return isApp ? "app" : "public";
}

export function localeCookieOf(area: LocaleArea): typeof LOCALE_COOKIE | typeof PUBLIC_LOCALE_COOKIE {
  return area === "app" ? LOCALE_COOKIE : PUBLIC_LOCALE_COOKIE;
}

export const SUPPORTED_LOCALES: readonly Locale[] = LOCALES;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * A page's own language, for the page at `pathname` only: a one-click link from an e-mail opens in
 * its client's language, whatever the public cookie says, until the visitor switches.
 */
let pageLocale: { pathname: string; locale: Locale } | null = null;

export function setPageLocale(pathname: string, locale: Locale): void {
  pageLocale = { pathname, locale };
}

/** The visitor chose a language (or left the page): the cookies decide again. */
export function clearPageLocale(): void {
  pageLocale = null;
}

/**
 * The locale a page opens in: the page's own (a one-click link's client's), else its area's cookie
 * when it holds a known locale, else the area's default.
 */
export function localeFor(pathname: string, readCookie: (name: string) => string | undefined): Locale {
  if (pageLocale?.pathname === pathname) return pageLocale.locale;
  const cookie = localeCookieOf(localeAreaOf(pathname));
  const value = readCookie(cookie.name);
  return isLocale(value) ? value : cookie.fallback;
}
