import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

type Props = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  isPending?: boolean;
  /** Red unless the action builds rather than destroys (an approval). */
  confirmColor?: string;
};

/** Asks once, in plain words, before a destructive action. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  isPending,
  confirmColor = "red",
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text c="gray.7">{message}</Text>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={isPending} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
