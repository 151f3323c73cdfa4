import { Alert, Button, Center, Container, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { PublicProfileView } from "@matchdesk/contract";
import { IconAlertCircle, IconRefresh, IconUserSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { recordView } from "../marketplace/useMarketplace";
import { type OpenResult, PasswordGate } from "./PasswordGate";
import classes from "./PublicProfile.module.css";
import { PublicProfileContent } from "./PublicProfileContent";
import { accessOutcome, closePublicProfile, openPublicProfile, reopenPublicProfile } from "./public-profile";

type PageState =
  | { kind: "checking" }
  | { kind: "locked" }
  | { kind: "open"; view: PublicProfileView }
  | { kind: "notFound" }
  | { kind: "failed"; error: unknown };

/**
 * SPEC 2 /profile/{userId}: a client's questionnaire a matchmaker shared by link, behind the password
 * they set. Public (no sign-in). The password itself is never kept; the right one keeps the profile
 * open in this browser for an hour (a cookie of this profile's), so a reload does not ask again.
 */
export function PublicProfilePage() {
  const { userId = "" } = useParams();
  // Another profile's link starts over at its own password.
  return <PublicProfile key={userId} userId={userId} />;
}

function PublicProfile({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const [state, setState] = useState<PageState>({ kind: "checking" });
  const [isRetrying, setRetrying] = useState(false);
  // The password of a failed load, so that "try again" does not ask for it twice.
  const password = useRef("");

  const open = async (attempt: string): Promise<OpenResult> => {
    try {
      const view = await openPublicProfile(userId, attempt);
      password.current = "";
      setState({ kind: "open", view });
      recordView(userId);
      window.scrollTo(0, 0);
      return null;
    } catch (error) {
      const outcome = accessOutcome(error);
      if (outcome.kind === "notFound") setState({ kind: "notFound" });
      if (outcome.kind === "failed") {
        password.current = attempt;
        setState({ kind: "failed", error });
      }
      return { outcome, error };
    }
  };

  // Opened here within the hour: shown again without the password.
  useEffect(() => {
    let isActive = true;
    reopenPublicProfile(userId).then(
      // A reload is not a new visit: views are recorded when the password opens the profile.
      (view) => isActive && setState(view ? { kind: "open", view } : { kind: "locked" }),
      () => isActive && setState({ kind: "locked" }),
    );
    return () => {
      isActive = false;
    };
  }, [userId]);

  // Locked once the server forgot this browser, so a reload (or the next person at a shared
  // computer) does not open it again; if that failed, it stays open and says so.
  const lock = async () => {
    try {
      await closePublicProfile(userId);
      setState({ kind: "locked" });
    } catch (error) {
      notifications.show({ color: "red", title: t("publicProfile.lockFailed"), message: toMessage(error) });
    }
  };

  const retry = async () => {
    setRetrying(true);
    const result = await open(password.current);
    setRetrying(false);
    // A retry can meet another answer (the password was changed meanwhile, or too many tries).
    if (result && result.outcome.kind !== "failed" && result.outcome.kind !== "notFound") {
      setState({ kind: "locked" });
    }
  };

  const name =
    state.kind === "open"
      ? [state.view.fields.firstName, state.view.fields.lastName].filter(Boolean).join(" ")
      : "";
  usePageTitle(name || t("publicProfile.pageTitle"));

  return (
    <div className={classes.page}>
      {/* Shared by link for a few people, not for search engines. */}
      <meta name="robots" content="noindex, nofollow" />
      <Container size={state.kind === "open" ? "md" : "sm"} py={{ base: "lg", sm: 56 }}>
        {state.kind === "checking" && (
          <Center py={80}>
            <Loader aria-label={t("publicProfile.checking")} />
          </Center>
        )}
        {state.kind === "locked" && <PasswordGate onOpen={open} />}
        {state.kind === "open" && <PublicProfileContent view={state.view} onLock={() => void lock()} />}
        {state.kind === "notFound" && <NotFound />}
        {state.kind === "failed" && (
          <LoadFailed
            error={state.error}
            isRetrying={isRetrying}
            onRetry={() => void retry()}
            onBack={() => setState({ kind: "locked" })}
          />
        )}
      </Container>
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="md" py={{ base: "md", sm: "xl" }} maw={480} mx="auto">
      <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
        <IconUserSearch size={38} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t("publicProfile.notFound.title")}
      </Title>
      <Text c="gray.7" size="lg">
        {t("publicProfile.notFound.text")}
      </Text>
      <Button component={Link} to="/" size="md" mt="sm" variant="light">
        {t("common.backHome")}
      </Button>
    </Stack>
  );
}

type LoadFailedProps = { error: unknown; isRetrying: boolean; onRetry: () => void; onBack: () => void };

function LoadFailed({ error, isRetrying, onRetry, onBack }: LoadFailedProps) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  return (
    <Stack gap="lg" maw={480} mx="auto" py={{ base: "md", sm: "xl" }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} ta="center">
        {t("publicProfile.failed.title")}
      </Title>
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
        {toMessage(error)}
      </Alert>
      <Stack gap="xs">
        <Button size="md" leftSection={<IconRefresh size={18} />} loading={isRetrying} onClick={onRetry}>
          {t("common.retry")}
        </Button>
        <Button variant="subtle" onClick={onBack}>
          {t("publicProfile.failed.back")}
        </Button>
      </Stack>
    </Stack>
  );
}
