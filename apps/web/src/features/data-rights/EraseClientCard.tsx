import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EraseDialog } from "./EraseDialog";
import { useEraseClient } from "./useDataRights";

/** "Erase client" on the client's page (matchmaker, admin): a confirmation, then away to the list. */
export function EraseClientCard({
  clientId,
  name,
  onErased,
}: {
  clientId: string;
  name: string;
  onErased: () => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const erase = useEraseClient(clientId);
  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="client-erase-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h4" id="client-erase-title">
          {t("dataRights.erase.title")}
        </Title>
        <Text size="sm" c="gray.7">
          {t("dataRights.erase.leadClient")}
        </Text>
        <Button
          color="red.9"
          variant="outline"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => {
            erase.reset();
            setOpened(true);
          }}
        >
          {t("dataRights.erase.button")}
        </Button>
      </Stack>
      <EraseDialog
        opened={opened}
        title={t("dataRights.erase.dialogTitle")}
        message={t("dataRights.erase.dialogBody", { name })}
        isPending={erase.isPending}
        error={erase.error}
        onClose={() => setOpened(false)}
        onConfirm={() =>
          erase.mutate(undefined, {
            onSuccess: () => {
              setOpened(false);
              notifications.show({ color: "teal", message: t("dataRights.erase.done") });
              onErased();
            },
          })
        }
      />
    </Card>
  );
}
