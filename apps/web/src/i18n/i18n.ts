import type { Locale } from "@matchdesk/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { writeCookie } from "../app/cookies";
import { importWithReload } from "../app/lazy-page";
import { type LocaleArea, localeCookieOf } from "./locale";

export const i18n = i18next.createInstance();

// Each catalog is its own chunk: a visitor downloads only the language they read.
const CATALOGS: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  "en-US": () => import("./en-US.json"),
  "ru-RU": () => import("./ru-RU.json"),
};
const loading = new Map<Locale, Promise<void>>();

export function initI18n(locale: Locale): void {
  void i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: locale,
    fallbackLng: false,
    supportedLngs: ["en-US", "ru-RU"],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  i18n.on("languageChanged", (language) => {
    document.documentElement.lang = language;
  });
}

function loadCatalog(locale: Locale): Promise<void> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = importWithReload(CATALOGS[locale], window.sessionStorage, () => window.location.reload()).then(
      (catalog) => {
        i18n.addResourceBundle(locale, "translation", catalog.default, true, true);
      },
    );
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}

/** Shows the app in `locale`, loading its catalog first when needed. */
export async function switchLocale(locale: Locale): Promise<void> {
  await loadCatalog(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** The language switch: changes the language in place and remembers it in the current area's cookie. */
export function chooseLocale(locale: Locale, area: LocaleArea): Promise<void> {
  const cookie = localeCookieOf(area);
  writeCookie(cookie.name, locale, cookie.maxAgeDays);
  return switchLocale(locale);
}
