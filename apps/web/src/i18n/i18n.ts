import type { Locale } from "@matchdesk/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { writeCookie } from "../app/cookies";
import enUS from "./en-US.json";
import { type LocaleArea, localeCookieOf } from "./locale";
import ruRU from "./ru-RU.json";

export const i18n = i18next.createInstance();

export function initI18n(locale: Locale): void {
  void i18n.use(initReactI18next).init({
    resources: { "en-US": { translation: enUS }, "ru-RU": { translation: ruRU } },
    lng: locale,
    fallbackLng: "en-US",
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

/** The language switch: changes the language in place and remembers it in the current area's cookie. */
export function chooseLocale(locale: Locale, area: LocaleArea): void {
  const cookie = localeCookieOf(area);
  writeCookie(cookie.name, locale, cookie.maxAgeDays);
  void i18n.changeLanguage(locale);
}
