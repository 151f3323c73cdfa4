import type { Role } from "@matchdesk/contract";
import {
  type Icon,
  IconAddressBook,
  IconBulb,
  IconCoins,
  IconCpu,
  IconHeartHandshake,
  IconHeartSearch,
  IconHome,
  IconInbox,
  IconLogout,
  IconMessageStar,
  IconMessages,
  IconPlugConnected,
  IconQrcode,
  IconUserCircle,
  IconUsers,
} from "@tabler/icons-react";
import { LOGOUT_PATH } from "../features/auth/routing-rules";

export type AdminNavItem = {
  path: string;
  /** Catalog key of the label (`nav.*`). */
  labelKey: string;
  icon: Icon;
  /** Who sees the item and may open its page: the route guard reads the same list (rolesForPath). */
  roles: readonly Role[];
  /** `account` items sit apart at the bottom of the navbar. */
  section: "main" | "account";
};

const EVERYONE: readonly Role[] = ["ADMIN", "INVITER", "INVITEE"];
const INVITERS: readonly Role[] = ["INVITER", "ADMIN"];
const ADMINS: readonly Role[] = ["ADMIN"];
// The profile page: a client's own questionnaire, a matchmaker's agency profile.
const PROFILE_OWNERS: readonly Role[] = ["INVITEE", "INVITER"];

/** The one list of the app's navigation and of who may open each page. Only pages that exist are listed. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: "/admin/dashboard", labelKey: "nav.home", icon: IconHome, roles: EVERYONE, section: "main" },
  {
    path: "/admin/invited-users",
    labelKey: "nav.clients",
    icon: IconAddressBook,
    roles: INVITERS,
    section: "main",
  },
  {
    path: "/admin/profile",
    labelKey: "nav.profile",
    icon: IconUserCircle,
    roles: PROFILE_OWNERS,
    section: "main",
  },
  {
    path: "/admin/generate-invite",
    labelKey: "nav.invites",
    icon: IconQrcode,
    roles: INVITERS,
    section: "main",
  },
  { path: "/admin/chats", labelKey: "nav.chats", icon: IconMessages, roles: INVITERS, section: "main" },
  {
    path: "/admin/candidates",
    labelKey: "nav.candidates",
    icon: IconHeartSearch,
    roles: INVITERS,
    section: "main",
  },
  {
    path: "/admin/matches",
    labelKey: "nav.matches",
    icon: IconHeartHandshake,
    roles: INVITERS,
    section: "main",
  },
  { path: "/admin/ai-advice", labelKey: "nav.aiAdvice", icon: IconBulb, roles: INVITERS, section: "main" },
  { path: "/admin/users", labelKey: "nav.users", icon: IconUsers, roles: ADMINS, section: "main" },
  { path: "/admin/usage", labelKey: "nav.usage", icon: IconCoins, roles: INVITERS, section: "main" },
  {
    path: "/admin/integrations",
    labelKey: "nav.integrations",
    icon: IconPlugConnected,
    roles: INVITERS,
    section: "main",
  },
  { path: "/admin/reviews", labelKey: "nav.reviews", icon: IconMessageStar, roles: ADMINS, section: "main" },
  {
    path: "/admin/applications",
    labelKey: "nav.applications",
    icon: IconInbox,
    roles: ADMINS,
    section: "main",
  },
  ...(import.meta.env.DEV
    ? [
        {
          path: "/admin/debug/memory",
          labelKey: "nav.memory",
          icon: IconCpu,
          roles: EVERYONE,
          section: "main",
        } as const,
      ]
    : []),
  { path: LOGOUT_PATH, labelKey: "nav.logout", icon: IconLogout, roles: EVERYONE, section: "account" },
];

/** Pages of the app outside the navbar, and who may open them (the route guard reads them too). */
export const ADMIN_PAGES: readonly Pick<AdminNavItem, "path" | "roles">[] = [
  { path: "/invited-users", roles: INVITERS },
];

export function navItemsFor(role: Role, section: AdminNavItem["section"]): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => item.section === section && item.roles.includes(role));
}

/** The roles that may open a page of the app: its nav item's, or everyone's for a page not in the nav. */
export function rolesForPath(
  pathname: string,
  nav: readonly Pick<AdminNavItem, "path" | "roles">[] = [...ADMIN_NAV, ...ADMIN_PAGES],
): readonly Role[] {
  const item = nav.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`));
  return item?.roles ?? EVERYONE;
}
