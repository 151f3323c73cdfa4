import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Text,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IntroductionSettings } from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { timeZoneOptions } from "./introduction-steps";
import { useIntroductionSettings, useSaveIntroductionSettings } from "./useIntroductions";

const FIELDS = ["reminderDays", "matchmakerAlertDay", "expiryDays"] as const;
const DAY_OPTIONS = Array.from({ length: 30 }, (_, index) => String(index + 1));

type Props = { opened: boolean; onClose: () => void };

/** The agency's rhythm for unanswered questions: client reminders, the matchmaker's alert, expiry. */
export function IntroductionSettingsDialog({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const settings = useIntroductionSettings(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t("introductions.settings.title")} centered>
      {settings.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {toMessage(settings.error)}
        </Alert>
      ) : !settings.data ? (
        <Skeleton h={200} />
      ) : (
        <SettingsForm initial={settings.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function SettingsForm({ initial, onClose }: { initial: IntroductionSettings; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const zones = useMemo(
    () => timeZoneOptions(i18n.language, initial.timeZone),
    [i18n.language, initial.timeZone],
  );
  const toMessage = useErrorMessage();
  const save = useSaveIntroductionSettings();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<IntroductionSettings>({ resolver: zodResolver(IntroductionSettings), defaultValues: initial });
  const submit = (values: IntroductionSettings) => {
    setFailure(null);
    save.mutate(
      { ...values, reminderDays: [...values.reminderDays].sort((a, b) => a - b) },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: t("introductions.settings.saved") });
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, setError, toMessage, FIELDS)) setFailure(error);
        },
      },
    );
  };
  const dayError = (field: (typeof FIELDS)[number]) =>
    errors[field]
      ? t(field === "expiryDays" ? "introductions.settings.order" : "introductions.settings.range")
      : undefined;
  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t("introductions.settings.lead")}
        </Text>
        <Controller
          control={control}
          name="reminderDays"
          render={({ field }) => (
            <MultiSelect
              label={t("introductions.settings.reminderDays")}
              description={t("introductions.settings.reminderDaysHint")}
              data={DAY_OPTIONS}
              value={field.value.map(String)}
              onChange={(values) => field.onChange(values.map(Number).sort((a, b) => a - b))}
              maxValues={3}
              error={dayError("reminderDays")}
              hidePickedOptions
            />
          )}
        />
        <Controller
          control={control}
          name="matchmakerAlertDay"
          render={({ field }) => (
            <NumberInput
              label={t("introductions.settings.matchmakerAlertDay")}
              description={t("introductions.settings.matchmakerAlertDayHint")}
              min={1}
              max={30}
              allowDecimal={false}
              value={field.value}
              onChange={(value) => field.onChange(typeof value === "number" ? value : Number(value))}
              error={dayError("matchmakerAlertDay")}
            />
          )}
        />
        <Controller
          control={control}
          name="expiryDays"
          render={({ field }) => (
            <NumberInput
              label={t("introductions.settings.expiryDays")}
              description={t("introductions.settings.expiryDaysHint")}
              min={2}
              max={30}
              allowDecimal={false}
              value={field.value}
              onChange={(value) => field.onChange(typeof value === "number" ? value : Number(value))}
              error={dayError("expiryDays")}
            />
          )}
        />
        <Controller
          control={control}
          name="timeZone"
          render={({ field }) => (
            <Select
              label={t("introductions.settings.timeZone")}
              description={t("introductions.settings.timeZoneHint")}
              placeholder={t("introductions.settings.timeZoneNone")}
              data={zones}
              searchable
              clearable
              limit={50}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? null)}
              onBlur={field.onBlur}
              error={errors.timeZone ? t("introductions.date.timeZoneInvalid") : undefined}
            />
          )}
        />
        {failure !== null && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {toMessage(failure)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t("introductions.settings.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
