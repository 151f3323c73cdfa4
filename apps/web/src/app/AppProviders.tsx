import { MantineProvider, mergeThemeOverrides } from "@mantine/core";
import { type ReactNode, useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { i18n } from "../i18n/i18n";
import { NotificationsHost } from "../ui/NotificationsHost";
import { cssVariablesResolver, theme } from "./theme";

/**
 * The theme with the words Mantine's own controls read out (a dialog's close button), in the
 * page's language. A dialog's header is not a page banner: without a role of its own, its
 * `<header>` reads as a second banner landmark over the page's.
 */
function ThemedProvider({ children }: { children: ReactNode }) {
  const { t, i18n: current } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words change with the language
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Modal: {
            defaultProps: {
              closeButtonProps: { "aria-label": t("common.close") },
              attributes: { header: { role: "none" } },
            },
          },
          Drawer: {
            defaultProps: {
              closeButtonProps: { "aria-label": t("common.close") },
              attributes: { header: { role: "none" } },
            },
          },
          // A notice's close button is named too (axe button-name).
          Notification: { defaultProps: { closeButtonProps: { "aria-label": t("common.close") } } },
        },
      }),
    [t, current.language],
  );
  return (
    <MantineProvider
      theme={localized}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      forceColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedProvider>
        <NotificationsHost />
        {children}
      </ThemedProvider>
    </I18nextProvider>
  );
}
