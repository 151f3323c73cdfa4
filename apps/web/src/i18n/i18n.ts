import type { Locale } from "@matchdesk/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { writeCookie } from "../lib/cookies";
import { importWithReload } from "../lib/lazy-page";
import { hasAiModel, withAnalysisWording } from "./analysis-wording";
import { clearPageLocale, type LocaleArea, localeCookieOf } from "./locale";

export const i18n = i18next.createInstance();

// Each catalog is split in chunks (see catalog-sections.ts): a visitor downloads only the language
// they read, and the landing page only the sections it shows.
type Part = "core" | "rest";
type Catalog = () => Promise<{ default: Record<string, unknown> }>;
const CATALOGS: Record<Locale, Record<Part, Catalog>> = {
  "en-US": {
    core: () => import("virtual:catalog/en-US/core"),
    rest: () => import("virtual:catalog/en-US/rest"),
  },
  "ru-RU": {
    core: () => import("virtual:catalog/ru-RU/core"),
    rest: () => import("virtual:catalog/ru-RU/rest"),
  },
};
const loading = new Map<string, Promise<void>>();
let needsRest = false;

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

function loadCatalog(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}/${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = importWithReload(CATALOGS[locale][part], window.sessionStorage, () =>
      window.location.reload(),
    ).then((catalog) => {
      i18n.addResourceBundle(
        locale,
        "translation",
        withAnalysisWording(catalog.default, hasAiModel()),
        true,
        true,
      );
    });
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** For pages beyond the landing and the FAQ: their code and the rest of the catalog load together. */
export function withFullCatalog<T>(importer: () => Promise<T>): () => Promise<T> {
  return async () => {
    needsRest = true;
    const [module] = await Promise.all([importer(), loadCatalog(currentLocale(), "rest")]);
    return module;
  };
}

const currentLocale = (): Locale => (i18n.language === "en-US" ? "en-US" : "ru-RU");

/** Shows the app in `locale`, loading its catalog first when needed. */
export async function switchLocale(locale: Locale): Promise<void> {
  await Promise.all([loadCatalog(locale, "core"), needsRest ? loadCatalog(locale, "rest") : undefined]);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** The language switch: changes the language in place and remembers it in the current area's cookie. */
export function chooseLocale(locale: Locale, area: LocaleArea): Promise<void> {
  const cookie = localeCookieOf(area);
  clearPageLocale();
  writeCookie(cookie.name, locale, cookie.maxAgeDays);
  return switchLocale(locale);
}
