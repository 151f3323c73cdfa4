import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { LIKES_FOR_BETTER_MATCHING } from "@matchdesk/contract";
import { IconHeart, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { shownName } from "./candidate-name";
import { useMyCandidates, usePartnerLink, useSavePartnerLink } from "./useMatching";

/** A client's view of the candidates their matchmaker shares: first name, age, city and a photo. */
export function MyCandidatesCard() {
  const { t } = useTranslation();
  const candidates = useMyCandidates();
  const items = candidates.data?.items ?? [];
  const hidden = candidates.data?.hidden ?? null;
  return (
    <Card shadow="xs" component="section" aria-labelledby="my-candidates-title">
      <Stack gap="md">
        <Title order={2} fz="h4" id="my-candidates-title">
          {t("matching.mine.title")}
        </Title>
        {candidates.isPending ? (
          <Skeleton h={60} />
        ) : hidden ? (
          <Text c="gray.7">{t(`matching.mine.hidden.${hidden}`)}</Text>
        ) : items.length === 0 ? (
          <Text c="gray.7">{t("matching.mine.empty")}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {items.map(({ profile, status }) => {
              const photo = profile.photos?.find((p) => p.isMain) ?? profile.photos?.[0];
              const name = shownName(profile) ?? t("matching.candidates.unnamed");
              const place = [
                profile.age ? t("matching.mine.age", { count: profile.age }) : null,
                profile.fields.city,
              ]
                .filter(Boolean)
                .join(" · ");
              return (
                <Card key={profile.userId} withBorder padding="sm" data-testid="my-candidate">
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={photo?.thumbUrl} alt="" name={name} color="rose" size={48} radius="xl" />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600}>{name}</Text>
                      {place && (
                        <Text size="sm" c="gray.7">
                          {place}
                        </Text>
                      )}
                      <Badge variant="light" color={status === "match" ? "teal" : "rose"} w="fit-content">
                        {t(`matching.mine.status.${status}`)}
                      </Badge>
                    </Stack>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

/** The SM ID that links the partner app, and the hint that more likes there improve matching. */
export function PartnerAppCard() {
  const { t } = useTranslation();
  const link = usePartnerLink();
  const save = useSavePartnerLink();
  const errorText = useErrorMessage();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? link.data?.smId ?? "";
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { smId: value.trim() || null },
      {
        onSuccess: () => {
          setDraft(null);
          notifications.show({ color: "teal", message: t("matching.partner.saved") });
        },
        onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
      },
    );
  };
  return (
    <Card shadow="xs" component="section" aria-labelledby="partner-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconHeart size={20} aria-hidden />
          <Title order={2} fz="h4" id="partner-title">
            {t("matching.partner.title")}
          </Title>
        </Group>
        {link.data?.likes !== null && link.data?.likes !== undefined && (
          <Text size="sm">{t("matching.partner.likes", { count: link.data.likes })}</Text>
        )}
        {link.data?.showLikesHint && (
          <Alert color="rose" variant="light" icon={<IconInfoCircle size={18} />}>
            {t("matching.partner.hint", { count: LIKES_FOR_BETTER_MATCHING })}
          </Alert>
        )}
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t("matching.partner.smId")}
              description={t("matching.partner.smIdHint")}
              value={value}
              onChange={(e) => setDraft(e.currentTarget.value)}
              maxLength={100}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button type="submit" loading={save.isPending}>
              {t("matching.partner.save")}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
