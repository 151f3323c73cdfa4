import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { DisplayableField, DisplaySettings } from "@matchdesk/contract";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { fieldLabel } from "../profile/field-format";
import { useDisplaySettings, useSaveDisplaySettings } from "../profile/useProfile";
import { allDisplayed, changedSettings, DISPLAY_GROUPS } from "./display-groups";

type Props = { profileId: string; opened: boolean; onClose: () => void };

/**
 * Visible fields: which fields the public profile and the shared search show, a checkbox each,
 * grouped as in the questionnaire.
 */
export function DisplaySettingsDialog({ profileId, opened, onClose }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const stored = useDisplaySettings(profileId, opened);
  const [draft, setDraft] = useState<DisplaySettings | null>(null);
  useEffect(() => {
    if (opened && stored.data) setDraft(stored.data);
  }, [opened, stored.data]);

  const save = useSaveDisplaySettings(profileId);
  const saveDraft = (fields: Partial<DisplaySettings>) =>
    save.mutate(fields, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: t("clients.display.saved") });
        onClose();
      },
    });

  const close = () => {
    save.reset();
    setDraft(null);
    onClose();
  };
  const toggle = (field: DisplayableField, value: boolean) =>
    setDraft((current) => (current ? { ...current, [field]: value } : current));
  const shownCount = draft ? Object.values(draft).filter(Boolean).length : 0;

  return (
    <Modal opened={opened} onClose={close} title={t("clients.display.title")} size="xl" centered>
      <Stack gap="md">
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} />}>
          {t("clients.display.lead")}
        </Alert>
        {stored.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
            {toMessage(stored.error)}
          </Alert>
        ) : !draft ? (
          <Stack gap="xs" role="status" aria-label={t("common.loading")}>
            <Skeleton h={24} />
            <Skeleton h={120} />
            <Skeleton h={120} />
          </Stack>
        ) : (
          <>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed" aria-live="polite">
                {t("clients.display.count", { count: shownCount })}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={() => setDraft(allDisplayed(true))}>
                  {t("clients.display.all")}
                </Button>
                <Button size="xs" variant="default" onClick={() => setDraft(allDisplayed(false))}>
                  {t("clients.display.none")}
                </Button>
              </Group>
            </Group>
            {DISPLAY_GROUPS.map((group) => (
              <Stack key={group.id} gap="xs" component="section" aria-labelledby={`display-${group.id}`}>
                <Title order={3} fz="sm" c="gray.8" id={`display-${group.id}`}>
                  {group.id === "photos" ? t("profile.fields.photos") : t(`profile.sections.${group.id}`)}
                </Title>
                <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" verticalSpacing="xs">
                  {group.fields.map((field) => (
                    <Checkbox
                      key={field}
                      label={fieldLabel(t, field)}
                      checked={draft[field]}
                      onChange={(event) => toggle(field, event.currentTarget.checked)}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            ))}
          </>
        )}
        {save.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={20} />}
            title={t("clients.display.failed")}
            role="alert"
          >
            {toMessage(save.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button
            loading={save.isPending}
            disabled={!draft || !stored.data}
            onClick={() => draft && stored.data && saveDraft(changedSettings(stored.data, draft))}
          >
            {t("clients.display.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
