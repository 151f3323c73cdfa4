import { UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { Locale } from "@matchdesk/contract";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { chooseLocale } from "../i18n/i18n";
import { isLocale, localeAreaOf, SUPPORTED_LOCALES } from "../i18n/locale";
import classes from "./LanguageSwitch.module.css";

const SHORT: Record<Locale, string> = { "en-US": "EN", "ru-RU": "RU" };
const NAME_KEY: Record<Locale, string> = { "en-US": "language.enUS", "ru-RU": "language.ruRU" };

/** Switches the language in place and remembers it for the current area (public site or app). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const current = isLocale(i18n.language) ? i18n.language : undefined;

  return (
    // biome-ignore lint/a11y/useSemanticElements: a two-button toggle, not a form section; a fieldset would need a legend
    <div role="group" aria-label={t("language.label")} className={classes.group}>
      {SUPPORTED_LOCALES.map((locale) => (
        <UnstyledButton
          key={locale}
          className={classes.option}
          aria-pressed={locale === current}
          lang={locale}
          onClick={() => void chooseLocale(locale, localeAreaOf(pathname))}
        >
          <span aria-hidden>{SHORT[locale]}</span>
          <VisuallyHidden>{t(NAME_KEY[locale])}</VisuallyHidden>
        </UnstyledButton>
      ))}
    </div>
  );
}
