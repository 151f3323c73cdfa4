import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../lib/useErrorMessage";

type Props = {
  opened: boolean;
  title: string;
  message: string;
  isPending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Erasing someone cannot be undone: the dialog says what happens and the button to erase stays
 * off until the reader ticks that they understand. A refusal (a matchmaker with clients, a lost
 * connection) is shown in the dialog, which stays open.
 */
export function EraseDialog({ opened, title, message, isPending, error, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const [understood, setUnderstood] = useState(false);
  const close = () => {
    setUnderstood(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="md">
        <Text c="gray.7">{message}</Text>
        <Checkbox
          label={t("dataRights.erase.confirmLabel")}
          checked={understood}
          onChange={(event) => setUnderstood(event.currentTarget.checked)}
          data-autofocus
        />
        {error ? (
          <Alert color="red" title={t("dataRights.erase.failed")} role="alert">
            {toMessage(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("dataRights.erase.cancel")}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={isPending} disabled={!understood}>
            {t("dataRights.erase.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
