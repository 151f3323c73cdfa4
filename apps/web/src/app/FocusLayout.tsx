import { Box, Button, Container, Group } from "@mantine/core";
import { PRODUCT_NAME } from "@matchdesk/contract";
import { IconLogout } from "@tabler/icons-react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { LOGOUT_PATH } from "../features/auth/routing-rules";
import { queryClient } from "../lib/query-client";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import { Logo } from "../ui/Logo";
import { PageLoader } from "../ui/PageLoader";

/** A signed-in page that stands alone, without the app's navigation (onboarding): logo, language, logout. */
export function FocusLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}>
        <Container size="md" h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo to="/" label={t("common.homeLink", { product: PRODUCT_NAME })} />
            <Group gap="sm" wrap="nowrap">
              <LanguageSwitch />
              <Button
                component={Link}
                to={LOGOUT_PATH}
                variant="subtle"
                color="gray"
                size="sm"
                leftSection={<IconLogout size={16} />}
              >
                {t("nav.logout")}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main" id="main" py={{ base: "lg", sm: 48 }}>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </QueryClientProvider>
      </Box>
    </Box>
  );
}
