import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Badge, Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { LIMITS, ProfilePasswordBody } from "@matchdesk/contract";
import { IconAlertCircle, IconLock, IconLockOpen } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { useProfilePassword, useSaveProfilePassword } from "../profile/useProfile";

type PasswordBody = z.infer<typeof ProfilePasswordBody>;
const FIELDS = ["password", "confirmPassword"] as const;
const EMPTY: PasswordBody = { password: "", confirmPassword: "" };

type Props = { profileId: string; opened: boolean; onClose: () => void };

/**
 * SPEC 4 and 5 profile password: set or change it with a confirmation of at least 6 characters,
 * or remove it by leaving both fields empty.
 */
export function ProfilePasswordDialog({ profileId, opened, onClose }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const state = useProfilePassword(profileId).data ?? null;
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordBody>({ resolver: zodResolver(ProfilePasswordBody), defaultValues: EMPTY });

  const save = useSaveProfilePassword(profileId);
  const send = (values: PasswordBody) =>
    save.mutate(values, {
      onSuccess: (answer) => {
        notifications.show({
          color: "teal",
          message: answer.hasPassword ? t("clients.password.saved") : t("clients.password.removed"),
        });
        close();
      },
      onError: (error) => {
        if (!applyServerErrors(error, setError, toMessage, FIELDS)) setFailure(error);
      },
    });

  function close() {
    reset(EMPTY);
    setFailure(null);
    save.reset();
    onClose();
  }

  const submit = (values: PasswordBody) => {
    setFailure(null);
    send(values);
  };

  return (
    <Modal opened={opened} onClose={close} title={t("clients.password.title")} centered>
      <form noValidate onSubmit={handleSubmit(submit)}>
        <Stack gap="md">
          <Group gap="xs">
            {state === null ? null : (
              <Badge
                variant="light"
                color={state.hasPassword ? "teal" : "gray"}
                leftSection={state.hasPassword ? <IconLock size={14} /> : <IconLockOpen size={14} />}
                tt="none"
              >
                {state.hasPassword ? t("clients.password.isSet") : t("clients.password.isNotSet")}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="gray.7">
            {t("clients.password.lead", { min: LIMITS.passwordMinLength })}
          </Text>
          {failure !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} />}
              title={t("clients.password.failed")}
              role="alert"
            >
              {toMessage(failure)}
            </Alert>
          )}
          <PasswordInput
            label={t("clients.password.password")}
            autoComplete="new-password"
            data-autofocus
            error={fieldError(errors.password, "validation.passwordMin", { min: LIMITS.passwordMinLength })}
            {...register("password")}
          />
          <PasswordInput
            label={t("clients.password.confirm")}
            autoComplete="new-password"
            error={fieldError(errors.confirmPassword, "validation.passwordsMatch")}
            {...register("confirmPassword")}
          />
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              color="red"
              loading={save.isPending && save.variables?.password === ""}
              onClick={() => send(EMPTY)}
            >
              {t("clients.password.remove")}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={close}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={save.isPending && save.variables?.password !== ""}>
                {t("clients.password.save")}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
