import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { AddCreditsBody, AdminCreditType } from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { useAddCredits, useUserCredits } from "./useCredits";

type Input = z.input<typeof AddCreditsBody>;
type Output = z.output<typeof AddCreditsBody>;
const FIELDS = ["amount", "type", "description", "expiresAt"] as const;

type Props = { opened: boolean; onClose: () => void; userId: string; name: string };

/** SPEC 2 users list "credit dialog": an administrator adds credits (amount > 0) to a user. */
export function AddCreditsDialog({ opened, onClose, userId, name }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const credits = useUserCredits(userId, opened);
  const add = useAddCredits(userId);
  const [failure, setFailure] = useState<unknown>(null);
  const empty: Input = { amount: 100, type: "gift", description: "" };
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(AddCreditsBody), defaultValues: empty });

  const close = () => {
    reset(empty);
    setFailure(null);
    add.reset();
    onClose();
  };

  const submit = (values: Output) => {
    setFailure(null);
    add.mutate(values, {
      onSuccess: (result) => {
        notifications.show({
          color: "teal",
          message: t("credits.add.done", {
            credits: t("units.credits", { count: result.transaction.amount }),
            name,
            balance: result.balance,
          }),
        });
        close();
      },
      onError: (error) => {
        if (!applyServerErrors(error, setError, toMessage, FIELDS, {})) setFailure(error);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t("credits.add.title", { name })} centered>
      <form noValidate onSubmit={handleSubmit(submit)}>
        <Stack gap="md">
          <Text size="sm" c="gray.7" aria-live="polite">
            {credits.data ? t("credits.add.current", { count: credits.data.balance }) : t("common.loading")}
          </Text>
          {failure !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} />}
              title={t("credits.add.failed")}
              role="alert"
            >
              {toMessage(failure)}
            </Alert>
          )}
          <Controller
            control={control}
            name="amount"
            render={({ field }) => (
              <NumberInput
                label={t("credits.add.amount")}
                required
                data-autofocus
                min={1}
                clampBehavior="none"
                step={50}
                allowDecimal={false}
                value={field.value}
                onChange={(value) => field.onChange(typeof value === "number" ? value : Number.NaN)}
                onBlur={field.onBlur}
                error={errors.amount ? t("credits.add.amountInvalid") : undefined}
              />
            )}
          />
          <NativeSelect
            label={t("credits.add.type")}
            data={AdminCreditType.options.map((type) => ({ value: type, label: t(`credits.types.${type}`) }))}
            {...register("type")}
          />
          <TextInput
            label={t("credits.add.description")}
            maxLength={500}
            error={fieldError(errors.description, "validation.required")}
            {...register("description")}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t("credits.add.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
