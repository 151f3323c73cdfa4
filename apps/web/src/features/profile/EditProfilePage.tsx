import { Center, Container, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ProfilePatchBody } from "@matchdesk/contract";
import { IconClockX, IconLinkOff, IconUserQuestion } from "@tabler/icons-react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { queryClient } from "../../lib/query-client";
import { LoadFailed } from "../../ui/LoadFailed";
import { usePageTitle } from "../../ui/usePageTitle";
import { editLinkState } from "./edit-link-state";
import { ProfileEditor } from "./ProfileEditor";
import { saveByEditLink, useEditLinkProfile } from "./useProfile";

// The public header is sticky and 64 px tall (plus its 1 px border).
const PUBLIC_HEADER_OFFSET = 65;

/**
 * SPEC 2 /edit-profile/{userId}?token=...: the client edits their questionnaire from the link
 * their matchmaker e-mailed, without signing in. A bad, expired or unknown link says so plainly.
 */
export function EditProfilePage() {
  return (
    <QueryClientProvider client={queryClient}>
      <EditProfile />
    </QueryClientProvider>
  );
}

function EditProfile() {
  const { t } = useTranslation();
  const { userId = "" } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  usePageTitle(t("editLink.title"));

  const profile = useEditLinkProfile(userId, token);
  const save = (body: ProfilePatchBody) => saveByEditLink(userId, token, body);

  const state = editLinkState(token, profile.error);
  if (state !== "ok" && state !== "failed") return <LinkProblem state={state} />;

  return (
    <Container size="md" py={{ base: "lg", sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t("editLink.title")}
          </Title>
          <Text c="gray.7">
            {profile.data
              ? t("editLink.lead", { name: profile.data.fields.firstName })
              : t("editLink.leadAnonymous")}
          </Text>
        </Stack>
        {state === "failed" ? (
          <LoadFailed
            title={t("editLink.loadFailed")}
            error={profile.error}
            onRetry={() => void profile.refetch()}
          />
        ) : !profile.data ? (
          <Stack gap="sm" role="status" aria-label={t("common.loading")}>
            <Skeleton h={90} radius="lg" />
            <Skeleton h={56} radius="lg" />
            <Skeleton h={56} radius="lg" />
          </Stack>
        ) : (
          <ProfileEditor
            profile={profile.data}
            onSave={save}
            withPsychology={false}
            stickyTop={PUBLIC_HEADER_OFFSET}
          />
        )}
      </Stack>
    </Container>
  );
}

const PROBLEM_ICON = { invalid: IconLinkOff, expired: IconClockX, notFound: IconUserQuestion } as const;

function LinkProblem({ state }: { state: "invalid" | "expired" | "notFound" }) {
  const { t } = useTranslation();
  const Icon = PROBLEM_ICON[state];
  return (
    <Center py={{ base: 48, md: 96 }} px="md">
      <Stack align="center" ta="center" gap="md" maw={480} role="alert">
        <ThemeIcon
          size={64}
          radius="xl"
          variant="light"
          color={state === "expired" ? "orange" : "red"}
          aria-hidden
        >
          <Icon size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t(`editLink.${state}Title`)}
        </Title>
        <Text c="gray.7">{t(`editLink.${state}Text`)}</Text>
      </Stack>
    </Center>
  );
}
