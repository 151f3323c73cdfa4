import { Alert, Button, Loader, Stack, Text, Title } from "@mantine/core";
import type { UserView } from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { completeOidcOnce } from "./auth-calls";
import { authStore } from "./auth-store";
import { safeRedirectPath } from "./redirect-target";
import { DASHBOARD_PATH, homePathFor, needsOnboarding, ONBOARDING_PATH } from "./routing-rules";

/** Where to go after signing in: onboarding first for an unfinished matchmaker, else the answered page. */
function targetAfterSignIn(user: UserView, redirect: string | null): string {
  if (needsOnboarding(user)) return ONBOARDING_PATH;
  return safeRedirectPath(redirect, window.location.origin) ?? DASHBOARD_PATH;
}

/**
 * SPEC 2 /auth/callback: the OpenID Connect provider sends the browser back here with `code` and
 * `state`; the API checks them and starts the session. An already signed-in, finished user who
 * opens the page without a code goes to the dashboard.
 */
export function OidcCallbackPage() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [failure, setFailure] = useState<unknown>(null);
  usePageTitle(t("oidcCallback.title"));

  const code = searchParams.get("code");
  const state = searchParams.get("state");
  const iss = searchParams.get("iss");
  const providerError = searchParams.get("error");

  useEffect(() => {
    let isActive = true;
    if (code && state) {
      completeOidcOnce({ code, state, ...(iss ? { iss } : {}) }).then(
        ({ user, redirect }) => {
          authStore.setUser(user);
          if (isActive) void navigate(targetAfterSignIn(user, redirect), { replace: true });
        },
        (error: unknown) => {
          if (isActive) setFailure(error);
        },
      );
    } else {
      // No code: the provider refused (`error`), or the page was opened directly.
      void authStore.ensureUser().then((user) => {
        if (!isActive) return;
        if (user && !providerError) void navigate(homePathFor(user), { replace: true });
        else setFailure({ code: "OIDC_FAILED" });
      });
    }
    return () => {
      isActive = false;
    };
  }, [code, state, iss, providerError, navigate]);

  if (failure !== null) {
    return (
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t("oidcCallback.errorTitle")}
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
          {toMessage(failure)}
        </Alert>
        <Button component={Link} to="/login" size="md" fullWidth>
          {t("oidcCallback.backToLogin")}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack align="center" ta="center" gap="md" py="xl" role="status" aria-live="polite">
      <Loader />
      <Title order={1} fz="h3">
        {t("oidcCallback.title")}
      </Title>
      <Text c="dimmed">{t("oidcCallback.text")}</Text>
    </Stack>
  );
}
