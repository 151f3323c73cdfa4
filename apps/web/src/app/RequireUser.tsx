import { type ReactNode, useEffect, useRef, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { authStore, useAuth } from "../features/auth/auth-store";
import { isKnownRole, protectedRedirect } from "../features/auth/routing-rules";
import { withAppCatalog } from "../i18n/i18n";
import { lazyPage } from "../lib/lazy-page";
import { PageLoader } from "../ui/PageLoader";

const UnsupportedRolePage = lazyPage(
  withAppCatalog(() => import("./AccessPages")),
  "UnsupportedRolePage",
);

/**
 * Route guard of the protected pages (/admin/*, /onboarding): asks the server who is signed in (once,
 * unless a user is loaded); without a session it goes to the front page with the full target path in
 * `redirect`. A matchmaker who has not finished onboarding is sent there (SPEC 2); a role the app
 * does not know gets a page that says so (SPEC 6).
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, status } = useAuth();
  const location = useLocation();
  const [isChecked, setChecked] = useState(() => status === "success" && user !== null);
  // Once a user was here, losing them means logout or an expired session: whoever ended the
  // session decides where to go, so the guard must not race them with its own redirect.
  const hadUser = useRef(false);
  if (user) hadUser.current = true;

  useEffect(() => {
    if (isChecked) return;
    let isActive = true;
    void authStore.ensureUser().then(() => {
      if (isActive) setChecked(true);
    });
    return () => {
      isActive = false;
    };
  }, [isChecked]);

  if (!isChecked || status === "loading" || (!user && hadUser.current)) return <PageLoader />;
  if (!user) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`/?${new URLSearchParams({ redirect })}`} replace />;
  }
  if (!isKnownRole(user.role)) return <UnsupportedRolePage role={user.role} />;
  const target = protectedRedirect(user, location.pathname);
  if (target) return <Navigate to={target} replace />;
  return children;
}
