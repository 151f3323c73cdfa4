import type { Locale } from "@matchdesk/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { writeCookie } from "../lib/cookies";
import { importWithReload } from "../lib/lazy-page";
import { hasAiModel, withAnalysisWording } from "./analysis-wording";
import { clearPageLocale, type LocaleArea, localeCookieOf } from "./locale";

export const i18n = i18next.createInstance();

// Each catalog is split in chunks (see catalog-sections.ts): a visitor downloads only the language
// they read, the landing page only the sections it shows, and the signed-in shell only its own.
type Part = "core" | "app" | "rest";
type Catalog = () => Promise<{ default: Record<string, unknown> }>;
const CATALOGS: Record<Locale, Record<Part, Catalog>> = {
  "en-US": {
    core: () => import("virtual:catalog/en-US/core"),
    app: () => import("virtual:catalog/en-US/app"),
    rest: () => import("virtual:catalog/en-US/rest"),
  },
  "ru-RU": {
    core: () => import("virtual:catalog/ru-RU/core"),
    app: () => import("virtual:catalog/ru-RU/app"),
    rest: () => import("virtual:catalog/ru-RU/rest"),
  },
};
const loading = new Map<string, Promise<void>>();
/** The parts beyond "core" that a page shown so far needed: a language switch loads them too. */
const needed = new Set<Part>();

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

function withCatalog<T>(parts: Part[], importer: () => Promise<T>): () => Promise<T> {
  return async () => {
    for (const part of parts) needed.add(part);
    const locale = currentLocale();
    const [module] = await Promise.all([importer(), ...parts.map((part) => loadCatalog(locale, part))]);
    return module;
  };
}

/** For the signed-in layout and a matchmaker's start page: their code and the "app" sections load together. */
export const withAppCatalog = <T>(importer: () => Promise<T>) => withCatalog(["app"], importer);

/** For pages and dialogs beyond the landing, the FAQ and the shell: their code and the whole catalog load together. */
export const withFullCatalog = <T>(importer: () => Promise<T>) => withCatalog(["app", "rest"], importer);

const currentLocale = (): Locale => (i18n.language === "en-US" ? "en-US" : "ru-RU");

/** Shows the app in `locale`, loading its catalog first when needed. */
export async function switchLocale(locale: Locale): Promise<void> {
  // A page or dialog that starts loading meanwhile adds its parts: load those too before switching.
  let parts: Part[];
  do {
    parts = ["core", ...needed];
    await Promise.all(parts.map((part) => loadCatalog(locale, part)));
  } while (needed.size + 1 > parts.length);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** The language switch: changes the language in place and remembers it in the current area's cookie. */
export function chooseLocale(locale: Locale, area: LocaleArea): Promise<void> {
  const cookie = localeCookieOf(area);
  clearPageLocale();
  writeCookie(cookie.name, locale, cookie.maxAgeDays);
  return switchLocale(locale);
}
