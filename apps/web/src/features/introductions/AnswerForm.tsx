import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Radio, Stack, Textarea } from "@mantine/core";
import { AnswerBody, ClientAnswer, DECLINE_REASONS, DeclineReason } from "@matchdesk/contract";
import { IconAlertCircle, IconHeart, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";

type AnswerInput = z.input<typeof AnswerBody>;
const FIELDS = ["answer", "reason", "comment"] as const;
const COMMENT_MAX = 2000;

type Props = { candidateName: string; onSubmit: (body: AnswerBody) => Promise<unknown> };

/**
 * A client's answer to "would you like to meet?": yes, or no with one of the eight reasons; an
 * optional comment only their matchmaker reads. The portal and the e-mailed link use it alike.
 */
export function AnswerForm({ candidateName, onSubmit }: Props) {
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
  } = useForm<AnswerInput, unknown, AnswerBody>({ resolver: zodResolver(AnswerBody) });
  const answer = watch("answer");

  const submit = async (values: AnswerBody) => {
    setFailure(null);
    try {
      await onSubmit({ ...values, comment: values.comment?.trim() ? values.comment : undefined });
    } catch (error) {
      if (!applyServerErrors(error, setError, toMessage, FIELDS)) setFailure(error);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <Stack gap="md">
        <Controller
          control={control}
          name="answer"
          render={({ field }) => (
            <Radio.Group
              label={t("introductions.answer.question", { name: candidateName })}
              value={field.value ?? null}
              onChange={(value) => {
                field.onChange(ClientAnswer.parse(value));
                if (value === "yes") setValue("reason", undefined);
              }}
              error={fieldError(errors.answer, "introductions.answer.choose")}
            >
              <Group gap="sm" mt={8} grow preventGrowOverflow={false}>
                <Radio.Card value="yes" radius="md" p="sm" data-testid="answer-yes">
                  <Group gap="sm" wrap="nowrap">
                    <Radio.Indicator />
                    <IconHeart size={18} color="var(--mantine-color-rose-6)" aria-hidden />
                    {t("introductions.answer.yes")}
                  </Group>
                </Radio.Card>
                <Radio.Card value="no" radius="md" p="sm" data-testid="answer-no">
                  <Group gap="sm" wrap="nowrap">
                    <Radio.Indicator />
                    <IconX size={18} color="var(--mantine-color-gray-6)" aria-hidden />
                    {t("introductions.answer.no")}
                  </Group>
                </Radio.Card>
              </Group>
            </Radio.Group>
          )}
        />

        {answer === "no" && (
          <Controller
            control={control}
            name="reason"
            render={({ field }) => (
              <Radio.Group
                label={t("introductions.answer.reason")}
                value={field.value ?? null}
                onChange={(value) => field.onChange(DeclineReason.parse(value))}
                error={fieldError(errors.reason, "introductions.answer.chooseReason")}
                withAsterisk
              >
                <Stack gap={8} mt={8}>
                  {DECLINE_REASONS.map((reason) => (
                    <Radio key={reason} value={reason} label={t(`introductions.reasons.${reason}`)} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
        )}

        {answer !== undefined && (
          <Textarea
            label={t("introductions.answer.comment")}
            description={t("introductions.answer.commentHint")}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={COMMENT_MAX}
            error={fieldError(errors.comment, "validation.maxLength", { max: COMMENT_MAX })}
            {...register("comment")}
          />
        )}

        {failure !== null && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {toMessage(failure)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {t("introductions.answer.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
