import "@fontsource/inter/400.css";
import "@fontsource/inter/500.css";
import "@fontsource/inter/600.css";
import "@fontsource/inter/700.css";
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/global.css";

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app/AppProviders";
import { AppRoutes, preloadRoute } from "./app/routes";
import { initI18n, switchLocale } from "./i18n/i18n";
import { localeFor } from "./i18n/locale";
import { readCookie } from "./lib/cookies";

const { pathname } = window.location;
const locale = localeFor(pathname, readCookie);
initI18n(locale);
// The catalog and the page's chunks load in parallel with the first render.
void switchLocale(locale);
preloadRoute(pathname);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
