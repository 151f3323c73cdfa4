import { Avatar, Badge, Button, Card, Group, Progress, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type AuthUser, displayName } from "../auth/auth-user";
import { MyDataCard } from "../data-rights/MyDataCard";
import { MyIntroductions } from "../introductions/MyIntroductions";
import { MyCandidatesCard, PartnerAppCard } from "../matching/ClientCandidates";
import { MyPackageCard } from "../packages/MyPackageCard";
import { ProfileStatusBadge } from "../profile/ProfileStatusBadge";
import { useProfile } from "../profile/useProfile";
import { TelegramCard } from "../telegram/TelegramCard";

/** A client's start: a welcome and how far their questionnaire is, with the way to it. */
export function ClientHome({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const profile = useProfile(user.id);
  const name = displayName(user);
  const completeness = profile.data?.completeness;

  return (
    <Stack gap="xl" maw={960}>
      <Card shadow="xs" component="section" aria-labelledby="welcome-title">
        <Group gap="lg" wrap="nowrap" align="flex-start">
          <Avatar
            size={64}
            radius="xl"
            color="rose"
            name={name}
            src={user.avatarUrl}
            aria-hidden
            visibleFrom="xs"
          />
          <Stack gap="xs">
            <Group gap="sm" align="center">
              <Title order={1} id="welcome-title" fz={{ base: 24, sm: 30 }}>
                {t("dashboard.title", { name: user.firstName || name })}
              </Title>
              <Badge variant="light" tt="none">
                {t(`roles.${user.role}`)}
              </Badge>
            </Group>
            <Text c="gray.7">{t("dashboard.leadClient")}</Text>
          </Stack>
        </Group>
      </Card>
      <Card shadow="xs" component="section" aria-labelledby="questionnaire-title">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={2} fz="h4" id="questionnaire-title">
              {t("dashboard.questionnaireTitle")}
            </Title>
            {profile.data && <ProfileStatusBadge status={profile.data.status} />}
          </Group>
          {completeness ? (
            <Stack gap={6}>
              <Text size="sm" c="gray.7">
                {completeness.missing.length === 0
                  ? t("dashboard.questionnaireDone")
                  : t("dashboard.questionnaireMissing", { count: completeness.missing.length })}
              </Text>
              <Progress
                value={completeness.percent}
                color={completeness.missing.length === 0 ? "teal" : "rose"}
                radius="xl"
                aria-label={t("profile.editor.completeness", { percent: completeness.percent })}
              />
              <Text size="xs" c="dimmed">
                {t("profile.editor.completeness", { percent: completeness.percent })}
              </Text>
            </Stack>
          ) : (
            <Skeleton h={40} />
          )}
          <Group>
            <Button component={Link} to="/admin/profile" rightSection={<IconArrowRight size={16} />}>
              {completeness?.missing.length === 0
                ? t("dashboard.openQuestionnaire")
                : t("dashboard.fillQuestionnaire")}
            </Button>
          </Group>
        </Stack>
      </Card>
      <MyIntroductions />
      <MyPackageCard />
      <TelegramCard />
      <MyDataCard />
      <MyCandidatesCard />
      <PartnerAppCard />
    </Stack>
  );
}
