import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBrandTelegram, IconExternalLink, IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { LoadFailed } from "../../ui/LoadFailed";
import { useTelegramLink, useTelegramState, useUnlinkTelegram } from "./useTelegram";

/**
 * Telegram (issue 18), for matchmakers and clients: link the account through the bot's deep link
 * (a one-time code, 15 minutes), then notifications come there and a client answers introductions
 * by button; unlink here or with /stop in the chat.
 */
export function TelegramCard() {
  const { t } = useTranslation();
  const state = useTelegramState();
  const link = useTelegramLink();
  const unlink = useUnlinkTelegram();
  const toMessage = useErrorMessage();

  let body: ReactNode;
  if (state.isError) {
    body = (
      <LoadFailed title={t("telegram.loadFailed")} error={state.error} onRetry={() => void state.refetch()} />
    );
  } else if (state.isPending) {
    body = <Skeleton h={48} radius="md" />;
  } else if (!state.data.enabled) {
    body = (
      <Text size="sm" c="gray.7">
        {t("telegram.disabled")}
      </Text>
    );
  } else if (state.data.linked) {
    body = (
      <Stack gap="sm">
        <Text size="sm">
          {state.data.linkedAt
            ? t("telegram.linkedSince", { date: formatDateTime(state.data.linkedAt) })
            : t("telegram.linked")}
        </Text>
        <Group>
          <Button
            variant="default"
            color="red"
            loading={unlink.isPending}
            onClick={() =>
              unlink.mutate(undefined, {
                onSuccess: () => {
                  link.reset();
                  notifications.show({ color: "teal", message: t("telegram.unlinked") });
                },
                onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
              })
            }
          >
            {t("telegram.unlink")}
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {t("telegram.notLinked")}
        </Text>
        {link.data ? (
          <Alert color="blue" variant="light" title={t("telegram.openTitle")}>
            <Stack gap="sm">
              <Text size="sm">{t("telegram.openHint")}</Text>
              <Group>
                <Button
                  component="a"
                  href={link.data.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  leftSection={<IconExternalLink size={16} aria-hidden />}
                >
                  {t("telegram.open", { bot: state.data.botUsername ?? "Telegram" })}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  onClick={() => void state.refetch()}
                >
                  {t("telegram.check")}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group>
            <Button
              loading={link.isPending}
              leftSection={<IconBrandTelegram size={16} aria-hidden />}
              onClick={() =>
                link.mutate(undefined, {
                  onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
                })
              }
            >
              {t("telegram.link")}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="telegram-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconBrandTelegram size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} fz="h4" id="telegram-title">
            {t("telegram.title")}
          </Title>
        </Group>
        <Text size="sm" c="gray.7">
          {t("telegram.lead")}
        </Text>
        {body}
      </Stack>
    </Card>
  );
}
