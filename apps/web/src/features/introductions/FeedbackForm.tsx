import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Chip, Group, Input, Radio, Rating, Stack, Text, Textarea } from "@mantine/core";
import { DECLINE_REASONS, FeedbackBody, MeetAgain, type Ratings } from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";

type FeedbackInput = z.input<typeof FeedbackBody>;
const RATINGS: readonly (keyof Ratings)[] = ["attraction", "conversation", "values", "manners"];
const FIELDS = ["happened", "meetAgain", "ratings", "reasons", "note"] as const;
const NOTE_MAX = 2000;

type Props = {
  /** Whose feedback it is, as the form addresses them: the client themselves or their matchmaker. */
  voice: "client" | "matchmaker";
  candidateName: string;
  onSubmit: (body: FeedbackBody) => Promise<unknown>;
  submitLabel?: string;
  onCancel?: () => void;
};

/**
 * Feedback after the first date (API.md): did it take place, would they meet again, four ratings
 * of a date that happened, what did not fit and a note. The same form for the client (portal or
 * e-mailed link) and for the matchmaker recording it after a call.
 */
export function FeedbackForm({ voice, candidateName, onSubmit, submitLabel, onCancel }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FeedbackInput, unknown, FeedbackBody>({
    resolver: zodResolver(FeedbackBody),
    defaultValues: { happened: true, reasons: [] },
  });
  const happened = watch("happened");
  const meetAgain = watch("meetAgain");

  const submit = async (values: FeedbackBody) => {
    setFailure(null);
    const body: FeedbackBody = {
      ...values,
      ratings: values.happened ? values.ratings : undefined,
      reasons: values.meetAgain === "yes" || !values.reasons?.length ? undefined : values.reasons,
      note: values.note?.trim() ? values.note : undefined,
    };
    try {
      await onSubmit(body);
    } catch (error) {
      if (!applyServerErrors(error, setError, toMessage, FIELDS)) setFailure(error);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <Stack gap="md">
        <Controller
          control={control}
          name="happened"
          render={({ field }) => (
            <Radio.Group
              label={t(`introductions.feedback.happened.${voice}`, { name: candidateName })}
              value={field.value === false ? "no" : "yes"}
              onChange={(value) => {
                field.onChange(value === "yes");
                if (value !== "yes") setValue("ratings", undefined);
              }}
            >
              <Group gap="lg" mt={6}>
                <Radio value="yes" label={t("introductions.feedback.happenedYes")} />
                <Radio value="no" label={t("introductions.feedback.happenedNo")} />
              </Group>
            </Radio.Group>
          )}
        />

        {happened !== false && (
          <Input.Wrapper
            label={t("introductions.feedback.ratings")}
            description={t("introductions.feedback.ratingsHint")}
            // A missing star, or none at all for a date that happened.
            error={errors.ratings ? t("introductions.feedback.rateAll") : undefined}
          >
            <Stack gap={6} mt={6}>
              {RATINGS.map((key) => (
                <Controller
                  key={key}
                  control={control}
                  name={`ratings.${key}`}
                  render={({ field }) => (
                    <Group justify="space-between" wrap="nowrap" gap="sm" maw={360}>
                      <Text size="sm">{t(`introductions.feedback.rating.${key}`)}</Text>
                      <Rating
                        value={field.value ?? 0}
                        onChange={field.onChange}
                        // A group of five radios named for what they rate (Mantine's root has no role).
                        role="radiogroup"
                        aria-label={t(`introductions.feedback.rating.${key}`)}
                        size="lg"
                      />
                    </Group>
                  )}
                />
              ))}
            </Stack>
          </Input.Wrapper>
        )}

        <Controller
          control={control}
          name="meetAgain"
          render={({ field }) => (
            <Radio.Group
              label={t(`introductions.feedback.meetAgain.${voice}`, { name: candidateName })}
              value={field.value ?? null}
              onChange={(value) => field.onChange(MeetAgain.parse(value))}
              error={fieldError(errors.meetAgain, "introductions.feedback.chooseOne")}
            >
              <Group gap="lg" mt={6}>
                {MeetAgain.options.map((option) => (
                  <Radio key={option} value={option} label={t(`introductions.feedback.again.${option}`)} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />

        {meetAgain !== undefined && meetAgain !== "yes" && (
          <Controller
            control={control}
            name="reasons"
            render={({ field }) => (
              <Input.Wrapper label={t("introductions.feedback.reasons")}>
                <Group gap={8} mt={6}>
                  <Chip.Group multiple value={field.value ?? []} onChange={field.onChange}>
                    {DECLINE_REASONS.map((reason) => (
                      <Chip key={reason} value={reason} size="sm" variant="outline">
                        {t(`introductions.reasons.${reason}`)}
                      </Chip>
                    ))}
                  </Chip.Group>
                </Group>
              </Input.Wrapper>
            )}
          />
        )}

        <Textarea
          label={t("introductions.feedback.note")}
          description={t(`introductions.feedback.noteHint.${voice}`)}
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
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t("common.cancel")}
            </Button>
          )}
          <Button type="submit" loading={isSubmitting}>
            {submitLabel ?? t("introductions.feedback.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
