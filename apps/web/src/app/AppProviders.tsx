import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../i18n/i18n";
import { NotificationsHost } from "../ui/NotificationsHost";
import { cssVariablesResolver, theme } from "./theme";

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        forceColorScheme="light"
      >
        <NotificationsHost />
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
