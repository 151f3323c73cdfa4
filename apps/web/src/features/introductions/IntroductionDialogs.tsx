import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { AskClientBody, DateBody, type DateView, type FeedbackBody, TimeZone } from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { LocalizedDateTimeInput } from "../../ui/DateInput";
import { FeedbackForm } from "./FeedbackForm";
import { browserTimeZone, fromLocalInput, timeZoneOptions, toLocalInput } from "./introduction-steps";
import { useAskClient, useIntroductionSettings, useRecordFeedback, useSetDate } from "./useIntroductions";

const NOTE_MAX = 1000;

type AskProps = {
  introductionId: string;
  /** Set when both clients are the caller's: the one to ask. */
  clientId?: string | undefined;
  clientName: string;
  opened: boolean;
  onClose: () => void;
};

/** The matchmaker asks their client whether they want to meet: a one-click link goes out by e-mail. */
export function AskClientDialog({ introductionId, clientId, clientName, opened, onClose }: AskProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("introductions.ask.title", { name: clientName })}
      centered
    >
      {opened && (
        <AskClientForm
          introductionId={introductionId}
          clientId={clientId}
          clientName={clientName}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function AskClientForm({ introductionId, clientId, clientName, onClose }: Omit<AskProps, "opened">) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const ask = useAskClient();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof AskClientBody>, unknown, AskClientBody>({
    resolver: zodResolver(AskClientBody),
  });
  const submit = (values: AskClientBody) =>
    ask.mutate(
      { id: introductionId, body: { clientId, note: values.note?.trim() ? values.note : undefined } },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: t("introductions.ask.done", { name: clientName }) });
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, setError, toMessage, ["note"])) setFailure(error);
        },
      },
    );
  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t("introductions.ask.lead", { name: clientName })}
        </Text>
        <Textarea
          label={t("introductions.ask.note")}
          description={t("introductions.ask.noteHint")}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={NOTE_MAX}
          error={fieldError(errors.note, "validation.maxLength", { max: NOTE_MAX })}
          data-autofocus
          {...register("note")}
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
          <Button type="submit" loading={ask.isPending}>
            {t("introductions.ask.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type DateProps = { introductionId: string; date: DateView | null; opened: boolean; onClose: () => void };

/** The first date: when, where (with a map link) and a note; both clients get it with an `.ics`. */
export function DateDialog({ introductionId, date, opened, onClose }: DateProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery("(max-width: 36em)") ?? false;
  // The agency's zone is the form's default: wait for it (a failure falls back to the browser's).
  const settings = useIntroductionSettings(opened);
  const ready = !settings.isPending || settings.isError;
  const zone = date?.timeZone ?? settings.data?.timeZone ?? browserTimeZone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(date ? "introductions.date.changeTitle" : "introductions.date.title")}
      centered
      fullScreen={isPhone}
    >
      {opened &&
        (ready ? (
          <DateForm introductionId={introductionId} date={date} zone={zone} onClose={onClose} />
        ) : (
          <Loader size="sm" aria-label={t("common.loading")} />
        ))}
    </Modal>
  );
}

// The form holds the time at the meeting's clock (its zone); the body carries the instant
// (DateBody.startsAt) and the zone.
const DateFormSchema = DateBody.extend({
  startsAt: z.string().refine((value) => fromLocalInput(value, "UTC") !== "", { message: "Required field" }),
  timeZone: TimeZone,
  mapUrl: z.union([z.literal(""), DateBody.shape.mapUrl.unwrap()]).optional(),
});
type DateInput = z.input<typeof DateFormSchema>;
const DATE_FIELDS = ["startsAt", "timeZone", "place", "mapUrl", "note"] as const;

function DateForm({ introductionId, date, zone, onClose }: Omit<DateProps, "opened"> & { zone: string }) {
  const { t, i18n } = useTranslation();
  const zones = useMemo(() => timeZoneOptions(i18n.language, zone), [zone, i18n.language]);
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const setDate = useSetDate();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DateInput, unknown, z.output<typeof DateFormSchema>>({
    resolver: zodResolver(DateFormSchema),
    defaultValues: {
      startsAt: toLocalInput(date?.startsAt, zone),
      timeZone: zone,
      place: date?.place ?? "",
      mapUrl: date?.mapUrl ?? "",
      note: date?.note ?? "",
    },
  });
  const submit = (values: z.output<typeof DateFormSchema>) => {
    setFailure(null);
    const body: DateBody = {
      startsAt: fromLocalInput(values.startsAt, values.timeZone),
      timeZone: values.timeZone,
      place: values.place,
      mapUrl: values.mapUrl ? values.mapUrl : undefined,
      note: values.note?.trim() ? values.note : undefined,
    };
    setDate.mutate(
      { id: introductionId, body },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: t("introductions.date.done") });
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, setError, toMessage, DATE_FIELDS)) setFailure(error);
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t("introductions.date.lead")}
        </Text>
        <Controller
          control={control}
          name="startsAt"
          render={({ field }) => (
            <LocalizedDateTimeInput
              label={t("introductions.date.day")}
              timeLabel={t("introductions.date.time")}
              description={t("introductions.date.zone")}
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(errors.startsAt, "introductions.date.startsAtRequired")}
            />
          )}
        />
        <Controller
          control={control}
          name="timeZone"
          render={({ field }) => (
            <Select
              label={t("introductions.date.timeZone")}
              description={t("introductions.date.timeZoneHint")}
              data={zones}
              searchable
              limit={50}
              allowDeselect={false}
              withAsterisk
              value={field.value}
              onChange={(value) => field.onChange(value ?? zone)}
              onBlur={field.onBlur}
              error={fieldError(errors.timeZone, "introductions.date.timeZoneInvalid")}
            />
          )}
        />
        <TextInput
          label={t("introductions.date.place")}
          placeholder={t("introductions.date.placePlaceholder")}
          withAsterisk
          maxLength={300}
          error={fieldError(errors.place, "validation.required")}
          {...register("place")}
        />
        <TextInput
          type="url"
          label={t("introductions.date.mapUrl")}
          placeholder="https://"
          maxLength={500}
          error={fieldError(errors.mapUrl, "introductions.date.mapUrlInvalid")}
          {...register("mapUrl")}
        />
        <Textarea
          label={t("introductions.date.note")}
          description={t("introductions.date.noteHint")}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={NOTE_MAX}
          error={fieldError(errors.note, "validation.maxLength", { max: NOTE_MAX })}
          {...register("note")}
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
          <Button type="submit" loading={setDate.isPending}>
            {t("introductions.date.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type FeedbackProps = {
  introductionId: string;
  clientId: string;
  clientName: string;
  candidateName: string;
  opened: boolean;
  onClose: () => void;
};

/** The matchmaker records their client's feedback, heard on a call. */
export function RecordFeedbackDialog({
  introductionId,
  clientId,
  clientName,
  candidateName,
  opened,
  onClose,
}: FeedbackProps) {
  const { t } = useTranslation();
  const record = useRecordFeedback();
  const isPhone = useMediaQuery("(max-width: 36em)") ?? false;
  const submit = (body: FeedbackBody) =>
    record.mutateAsync({ id: introductionId, body: { ...body, clientId } }).then(() => {
      notifications.show({
        color: "teal",
        message: t("introductions.feedback.recorded", { name: clientName }),
      });
      onClose();
    });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("introductions.feedback.recordTitle", { name: clientName })}
      size="lg"
      centered
      fullScreen={isPhone}
    >
      {opened && (
        <FeedbackForm voice="matchmaker" candidateName={candidateName} onSubmit={submit} onCancel={onClose} />
      )}
    </Modal>
  );
}
