import { Button, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { UserView } from "@matchdesk/contract";
import { IconCircleCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { verifyEmailLinkOnce } from "./auth-calls";
import { authStore } from "./auth-store";
import { EmailSignInFailure } from "./EmailSignInFailure";
import { homePathFor } from "./routing-rules";

type State =
  | { kind: "authenticating" }
  | { kind: "success"; user: UserView }
  | { kind: "error"; error: unknown }
  /** Opened without a token and not signed in: no link was used, so none expired either. */
  | { kind: "missing" };

/** SPEC 2 /auth/email: signs in with the link's token: authenticating, then success or error. */
export function EmailSignInPage() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const [state, setState] = useState<State>({ kind: "authenticating" });
  usePageTitle(t("emailSignIn.title"));

  useEffect(() => {
    let isActive = true;
    const settle = (next: State) => {
      if (isActive) setState(next);
    };
    if (!token) {
      // Reloaded after success (the token is taken off the address), or a link without its token.
      void authStore
        .ensureUser()
        .then((user) => settle(user ? { kind: "success", user } : { kind: "missing" }));
    } else {
      verifyEmailLinkOnce(token).then(
        (user) => {
          authStore.setUser(user);
          settle({ kind: "success", user });
          // A used link should not sit in the address bar or the history.
          void navigate("/auth/email", { replace: true });
        },
        (error: unknown) => settle({ kind: "error", error }),
      );
    }
    return () => {
      isActive = false;
    };
  }, [token, navigate]);

  if (state.kind === "error") return <EmailSignInFailure message={toMessage(state.error)} />;
  if (state.kind === "missing") return <EmailSignInFailure message={t("emailSignIn.missingToken")} />;

  if (state.kind === "authenticating") {
    return (
      <Stack align="center" ta="center" gap="md" py="xl" role="status" aria-live="polite">
        <Loader />
        <Title order={1} fz="h3">
          {t("emailSignIn.authenticating")}
        </Title>
        <Text c="dimmed">{t("emailSignIn.authenticatingText")}</Text>
      </Stack>
    );
  }

  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
        <IconCircleCheck size={32} />
      </ThemeIcon>
      <Title order={1} fz="h2">
        {t("emailSignIn.successTitle")}
      </Title>
      <Text c="gray.7">
        {t("emailSignIn.successText", { name: state.user.firstName || state.user.email })}
      </Text>
      <Button component={Link} to={homePathFor(state.user)} size="md" fullWidth mt="sm">
        {t("emailSignIn.continue")}
      </Button>
    </Stack>
  );
}
