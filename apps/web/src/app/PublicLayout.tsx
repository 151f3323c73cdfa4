import { Anchor, Box, Burger, Button, Container, Grid, Group, Stack, Text } from "@mantine/core";
import { useDisclosure, useWindowEvent } from "@mantine/hooks";
import { PRODUCT_NAME } from "@matchdesk/contract";
import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useLocation, useSearchParams } from "react-router";
import { useAuth } from "../features/auth/auth-store";
import { loginPath } from "../features/auth/redirect-target";
import { homePathFor } from "../features/auth/routing-rules";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import { Logo } from "../ui/Logo";
import { PageLoader } from "../ui/PageLoader";
import classes from "./PublicLayout.module.css";

const HEADER_LINKS = [
  { to: "/directory", labelKey: "nav.directory" },
  { to: "/quiz", labelKey: "nav.quiz" },
  { to: "/#features", labelKey: "publicNav.features" },
  { to: "/#pricing", labelKey: "publicNav.pricing" },
  { to: "/academy", labelKey: "publicNav.academy" },
  { to: "/faq", labelKey: "publicNav.faq" },
  { to: "/about", labelKey: "publicNav.about" },
] as const;

const FOOTER_COLUMNS = [
  {
    titleKey: "footer.product",
    links: [
      { to: "/#features", labelKey: "publicNav.features" },
      { to: "/#pricing", labelKey: "publicNav.pricing" },
      { to: "/academy", labelKey: "footer.academy" },
      { to: "/apply", labelKey: "footer.apply" },
    ],
  },
  {
    titleKey: "footer.company",
    links: [
      { to: "/about", labelKey: "footer.about" },
      { to: "/faq", labelKey: "footer.faq" },
      { to: "/contact", labelKey: "footer.contact" },
    ],
  },
  {
    titleKey: "footer.legal",
    links: [
      { to: "/privacy", labelKey: "footer.privacy" },
      { to: "/client-terms", labelKey: "footer.clientTerms" },
      { to: "/matcher-terms", labelKey: "footer.matcherTerms" },
    ],
  },
] as const;

/** Header, footer and landmarks of every public page. */
export function PublicLayout() {
  const { t } = useTranslation();
  const [isMenuOpen, menu] = useDisclosure(false);
  const { pathname, key } = useLocation();
  const [searchParams] = useSearchParams();
  const { user } = useAuth();

  const account = user
    ? { to: homePathFor(user), label: t("publicNav.openApp") }
    : { to: loginPath(searchParams.get("redirect")), label: t("publicNav.signIn") };
  const isOnLogin = pathname === "/login";

  // The phone menu closes when a link is followed and on Escape.
  const closeMenu = menu.close;
  useEffect(() => {
    if (key) closeMenu();
  }, [key, closeMenu]);
  useWindowEvent("keydown", (event) => {
    if (event.key === "Escape") closeMenu();
  });

  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: "column" }}>
      <a href="#main" className={classes.skipLink}>
        {t("common.skipToContent")}
      </a>
      <header className={classes.header}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Logo to="/" label={t("common.homeLink", { product: PRODUCT_NAME })} />
            <Group component="nav" aria-label={t("publicNav.label")} gap={2} visibleFrom="md">
              {HEADER_LINKS.map((link) => (
                <HeaderLink key={link.to} to={link.to} label={t(link.labelKey)} />
              ))}
            </Group>
            <Group gap="sm" wrap="nowrap">
              <LanguageSwitch />
              {!isOnLogin && (
                <Button component={Link} to={account.to} size="sm" visibleFrom="sm">
                  {account.label}
                </Button>
              )}
              <Burger
                opened={isMenuOpen}
                onClick={menu.toggle}
                hiddenFrom="md"
                size="sm"
                aria-expanded={isMenuOpen}
                aria-controls="mobile-menu"
                aria-label={isMenuOpen ? t("common.closeMenu") : t("common.openMenu")}
              />
            </Group>
          </Group>
        </Container>
        {isMenuOpen && (
          <Box id="mobile-menu" hiddenFrom="md" className={classes.mobileMenu}>
            <Container size="lg" py="sm">
              <Stack component="nav" aria-label={t("publicNav.label")} gap={2}>
                {HEADER_LINKS.map((link) => (
                  <HeaderLink key={link.to} to={link.to} label={t(link.labelKey)} onClick={menu.close} />
                ))}
                {!isOnLogin && (
                  <Button component={Link} to={account.to} onClick={menu.close} mt="sm" hiddenFrom="sm">
                    {account.label}
                  </Button>
                )}
              </Stack>
            </Container>
          </Box>
        )}
      </header>

      <main id="main" tabIndex={-1} className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>

      <footer className={classes.footer}>
        <Container size="lg" py={48}>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Stack gap="xs">
                <Logo to="/" label={t("common.homeLink", { product: PRODUCT_NAME })} />
                <Text size="sm" c="dimmed" maw={280}>
                  {t("footer.tagline")}
                </Text>
              </Stack>
            </Grid.Col>
            {FOOTER_COLUMNS.map((column) => (
              <Grid.Col key={column.titleKey} span={{ base: 6, sm: 4, md: 3 }}>
                <Stack gap={8} component="nav" aria-label={t(column.titleKey)}>
                  <Text fw={600} size="sm">
                    {t(column.titleKey)}
                  </Text>
                  {column.links.map((link) => (
                    <Anchor key={link.to} component={Link} to={link.to} className={classes.footerLink}>
                      {t(link.labelKey)}
                    </Anchor>
                  ))}
                </Stack>
              </Grid.Col>
            ))}
          </Grid>
          <Text size="xs" c="dimmed" mt={40}>
            {t("footer.rights", { year: new Date().getFullYear(), product: PRODUCT_NAME })}
          </Text>
        </Container>
      </footer>
    </Box>
  );
}

type HeaderLinkProps = { to: string; label: string; onClick?: () => void };

/** Section links (`/#pricing`) are never "current"; page links are, on their page. */
function HeaderLink({ to, label, onClick }: HeaderLinkProps) {
  if (to.includes("#")) {
    return (
      <Link to={to} className={classes.navLink} onClick={onClick}>
        {label}
      </Link>
    );
  }
  return (
    <NavLink to={to} className={classes.navLink} onClick={onClick} end>
      {label}
    </NavLink>
  );
}
