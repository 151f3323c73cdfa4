import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../lib/useErrorMessage";

/** What a page shows when its data did not load: what failed, why (SPEC 8's text), and a retry. */
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{toMessage(error)}</Text>
        <Button size="xs" variant="white" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
          {t("common.retry")}
        </Button>
      </Stack>
    </Alert>
  );
}
