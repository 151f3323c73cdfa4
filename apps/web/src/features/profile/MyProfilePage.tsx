import { Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "../../ui/LoadFailed";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-store";
import { ProfileEditor } from "./ProfileEditor";
import { ProfileStatusBadge } from "./ProfileStatusBadge";
import { profileKey, saveOwnProfile, useProfile } from "./useProfile";

/** /admin/profile for a client (INVITEE): their own questionnaire. */
export function MyProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  usePageTitle(t("myProfile.title"));
  if (!user) return null;
  return <OwnProfile userId={user.id} />;
}

function OwnProfile({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profile = useProfile(userId);

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t("myProfile.title")}
          </Title>
          {profile.data && <ProfileStatusBadge status={profile.data.status} />}
        </Group>
        <Text c="gray.7">{t("myProfile.lead")}</Text>
      </Stack>
      {profile.isError ? (
        <LoadFailed
          title={t("myProfile.loadFailed")}
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
          onSave={saveOwnProfile}
          onSaved={(saved) => queryClient.setQueryData(profileKey(userId), saved)}
          withPsychology={false}
        />
      )}
    </Stack>
  );
}
