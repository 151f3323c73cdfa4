import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ClientEmailBody, type ClientListItem } from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { clientName } from "./client-changes";
import { useClientContact } from "./useClientContact";
import { resendInvite, useSetClientEmail } from "./useClients";

type Props = { client: ClientListItem; opened: boolean; onClose: () => void };

/**
 * Adds the e-mail of a client known by phone only (issue 17, item 11), and by default sends the
 * invitation to it at once: the way from "known by phone" to "invited".
 */
export function ClientEmailDialog({ client, opened, onClose }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const setEmail = useSetClientEmail();
  const [sendInvite, setSendInvite] = useState(true);
  const [failure, setFailure] = useState<unknown>(null);
  const name = clientName(client);
  const phone = useClientContact({ email: null, phone: client.phone });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof ClientEmailBody>, unknown, ClientEmailBody>({
    resolver: zodResolver(ClientEmailBody),
    defaultValues: { email: client.email ?? "" },
  });

  const close = () => {
    reset({ email: client.email ?? "" });
    setFailure(null);
    setSendInvite(true);
    setEmail.reset();
    onClose();
  };

  const submit = (values: ClientEmailBody) => {
    setFailure(null);
    setEmail.mutate(
      { clientId: client.id, email: values.email },
      {
        onSuccess: async (updated) => {
          let invitation: unknown = null;
          if (sendInvite) {
            await resendInvite(updated.id).catch((error: unknown) => {
              invitation = error;
            });
          }
          notifications.show({
            color: "teal",
            title: t("clients.email.saved", { name }),
            message:
              sendInvite && invitation === null
                ? t("clients.create.invited", { email: updated.email })
                : undefined,
          });
          if (invitation !== null) {
            notifications.show({
              color: "red",
              title: t("clients.failed.resendInvite"),
              message: toMessage(invitation),
            });
          }
          close();
        },
        onError: (error) => {
          if (!applyServerErrors(error, setError, toMessage, ["email"], { EMAIL_TAKEN: "email" })) {
            setFailure(error);
          }
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t("clients.email.title")} centered>
      <form noValidate onSubmit={handleSubmit(submit)}>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t("clients.email.lead", { name, phone })}
          </Text>
          {failure !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} />}
              title={t("clients.email.failed")}
              role="alert"
            >
              {toMessage(failure)}
            </Alert>
          )}
          <TextInput
            label={t("login.email")}
            type="email"
            required
            data-autofocus
            autoComplete="off"
            error={fieldError(errors.email, "validation.email")}
            {...register("email")}
          />
          <Checkbox
            checked={sendInvite}
            onChange={(event) => setSendInvite(event.currentTarget.checked)}
            label={t("clients.email.sendInvite")}
            description={t("clients.create.sendInviteHint")}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={setEmail.isPending}>
              {t("clients.email.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
