import { Button, Group, Paper, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

type Props = {
  count: number;
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
  onRemove: () => void;
  isBusy?: boolean;
};

/** The batch actions over ticked items of a media list: select all, clear, remove (which asks first). */
export function SelectionBar({ count, total, onSelectAll, onClear, onRemove, isBusy }: Props) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="xs"
      bg="rose.0"
      role="region"
      aria-label={t("upload.selection")}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} aria-live="polite">
          {t("upload.selected", { count })}
        </Text>
        <Group gap={4} wrap="wrap">
          {count < total && (
            <Button variant="subtle" size="compact-sm" onClick={onSelectAll}>
              {t("upload.selectAll")}
            </Button>
          )}
          <Button variant="subtle" color="gray" size="compact-sm" onClick={onClear}>
            {t("upload.clearSelection")}
          </Button>
          <Button
            color="red"
            variant="light"
            size="compact-sm"
            leftSection={<IconTrash size={16} />}
            onClick={onRemove}
            loading={isBusy}
          >
            {t("upload.removeSelected")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
