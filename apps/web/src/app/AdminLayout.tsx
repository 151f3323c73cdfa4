import { AppShell, Avatar, Burger, Group, NavLink as MantineNavLink, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { PRODUCT_NAME } from "@matchdesk/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import { useAuth } from "../features/auth/auth-store";
import { displayName } from "../features/auth/auth-user";
import { RealtimeProvider } from "../features/chat/RealtimeProvider";
import { NotificationBell } from "../features/notifications/NotificationBell";
import { queryClient } from "../lib/query-client";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import { Logo } from "../ui/Logo";
import { PageLoader } from "../ui/PageLoader";
import { NoAccessPage } from "./AccessPages";
import classes from "./AdminLayout.module.css";
import { type AdminNavItem, navItemsFor, rolesForPath } from "./admin-nav";

/**
 * The signed-in app: header, navbar from ADMIN_NAV (a drawer behind the burger on phones), page,
 * or a friendly refusal when the user's role may not open the page.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const [isNavOpen, nav] = useDisclosure(false);
  const { user } = useAuth();
  const { pathname } = useLocation();

  // The route guard only renders this layout with a user; the check keeps the types honest.
  if (!user) return <PageLoader />;
  const name = displayName(user);
  // SPEC 6: a page outside the user's role is refused here, with the same role lists as the navbar.
  const isAllowed = rolesForPath(pathname).includes(user.role);

  const renderItem = (item: AdminNavItem) => (
    <MantineNavLink
      key={item.path}
      component={NavLink}
      to={item.path}
      label={t(item.labelKey)}
      leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
      className={classes.navLink}
      onClick={nav.close}
    />
  );

  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <AppShell
          header={{ height: 60 }}
          navbar={{ width: 264, breakpoint: "sm", collapsed: { mobile: !isNavOpen } }}
          padding={{ base: "md", sm: "xl" }}
        >
          <AppShell.Header>
            <Group h="100%" px="md" justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Burger
                  opened={isNavOpen}
                  onClick={nav.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={isNavOpen ? t("common.closeMenu") : t("common.openMenu")}
                />
                <Logo to="/admin/dashboard" label={t("common.homeLink", { product: PRODUCT_NAME })} />
              </Group>
              <Group gap="md" wrap="nowrap">
                <NotificationBell />
                <LanguageSwitch />
                <Group gap="xs" wrap="nowrap" visibleFrom="xs">
                  <Avatar size={32} radius="xl" color="rose" name={name} src={user.avatarUrl} aria-hidden />
                  <Text size="sm" fw={500} maw={180} truncate>
                    {name}
                  </Text>
                </Group>
              </Group>
            </Group>
          </AppShell.Header>

          <AppShell.Navbar p="sm" aria-label={t("nav.label")}>
            <AppShell.Section grow component={Stack} gap={4}>
              {navItemsFor(user.role, "main").map(renderItem)}
            </AppShell.Section>
            <AppShell.Section
              component={Stack}
              gap={4}
              pt="sm"
              style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
            >
              {navItemsFor(user.role, "account").map(renderItem)}
            </AppShell.Section>
          </AppShell.Navbar>

          <AppShell.Main bg="gray.0">
            <Suspense fallback={<PageLoader />}>{isAllowed ? <Outlet /> : <NoAccessPage />}</Suspense>
          </AppShell.Main>
        </AppShell>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
