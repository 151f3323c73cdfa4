import type { Role } from "@matchdesk/contract";
import { type Icon, IconCpu, IconHome, IconLogout } from "@tabler/icons-react";

export type AdminNavItem = {
  path: string;
  /** Catalog key of the label (`nav.*`). */
  labelKey: string;
  icon: Icon;
  roles: readonly Role[];
  /** `account` items sit apart at the bottom of the navbar. */
  section: "main" | "account";
};

const EVERYONE: readonly Role[] = ["ADMIN", "INVITER", "INVITEE"];

export const LOGOUT_PATH = "/logout";

/** The one list of the app's navigation. Only pages that exist are listed. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: "/admin/dashboard", labelKey: "nav.home", icon: IconHome, roles: EVERYONE, section: "main" },
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

export function navItemsFor(role: Role, section: AdminNavItem["section"]): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => item.section === section && item.roles.includes(role));
}
