import { useTranslation } from "react-i18next";
import { withFullCatalog } from "../../i18n/i18n";
import { lazyPage } from "../../lib/lazy-page";
import { usePageTitle } from "../../ui/usePageTitle";
import { authStore, useAuth } from "../auth/auth-store";
import { displayName } from "../auth/auth-user";

// Each role's start loads on its own: a matchmaker's first load carries no client widgets, and a
// client's none of the client base. The staff home's words are in the catalog's "app" part, which
// came with this page; the client home's are not.
const StaffHome = lazyPage(() => import("./StaffHome"), "StaffHome");
const ClientHome = lazyPage(
  withFullCatalog(() => import("./ClientHome")),
  "ClientHome",
);

// This module loads while the session is checked: start on the start page of whoever the stored
// copy says is signed in (a hint only; the render below follows the checked session).
const hinted = authStore.getState().user?.role;
if (hinted) void (hinted === "INVITEE" ? ClientHome : StaffHome).preload();

/** SPEC 2: matchmakers and admins see their client base here; a client sees their questionnaire. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  usePageTitle(t("nav.home"));
  if (!user) return null;
  if (user.role === "INVITEE") return <ClientHome user={user} />;
  return <StaffHome user={user} name={user.firstName || displayName(user)} />;
}
