import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { authStore } from "../features/auth/auth-store";
import { switchLocale } from "../i18n/i18n";
import { localeFor } from "../i18n/locale";
import { setUnauthorizedHandler } from "../lib/api";
import { readCookie } from "../lib/cookies";
import { PageLoader } from "../ui/PageLoader";
import { ErrorBoundary } from "./ErrorBoundary";

export const SESSION_EXPIRED_PATH = "/?sessionExpired=true";

/** Every page: language of its area, scroll position, session expiry, errors, lazy loading. */
export function RootLayout() {
  const { pathname } = useLocation();
  const isLocaleReady = useAreaLocale(pathname);
  useScrollOnNavigation();
  useSessionExpiry();

  if (!isLocaleReady) return <PageLoader />;
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

/** SPEC 3: the language follows the cookie of the page's area (public site or app); false while its catalog loads. */
function useAreaLocale(pathname: string): boolean {
  const { i18n } = useTranslation();
  const locale = localeFor(pathname, readCookie);
  const isReady = i18n.language === locale && i18n.hasResourceBundle(locale, "translation");
  const [, setLoaded] = useState<string>();

  useEffect(() => {
    if (isReady) return;
    void switchLocale(locale).then(() => setLoaded(locale));
  }, [isReady, locale]);

  return isReady;
}

/** A new page starts at the top, or at its `#section` when the link names one. */
function useScrollOnNavigation(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!key) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [hash, key]);
}

/** SPEC 2: any 401 clears the session here and goes to the front page, unless already there. */
function useSessionExpiry(): void {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      authStore.clear();
      if (window.location.pathname !== "/") void navigate(SESSION_EXPIRED_PATH, { replace: true });
    });
    return () => setUnauthorizedHandler(() => authStore.clear());
  }, [navigate]);
}
