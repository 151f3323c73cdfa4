import { Button, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { logout } from "../auth/logout";
import { EraseDialog } from "./EraseDialog";
import { useEraseMine } from "./useDataRights";

/** "Erase my data" in the client portal: a confirmation, then the client is signed out. */
export function EraseMineSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const erase = useEraseMine();
  return (
    <Stack gap="sm" align="flex-start" component="section" aria-labelledby="my-erase-title">
      <Title order={3} fz="h5" id="my-erase-title">
        {t("dataRights.erase.title")}
      </Title>
      <Text size="sm" c="gray.7">
        {t("dataRights.erase.leadMine")}
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
        {t("dataRights.erase.buttonMine")}
      </Button>
      <EraseDialog
        opened={opened}
        title={t("dataRights.erase.dialogTitleMine")}
        message={t("dataRights.erase.dialogBodyMine")}
        isPending={erase.isPending}
        error={erase.error}
        onClose={() => setOpened(false)}
        onConfirm={() =>
          erase.mutate(undefined, {
            onSuccess: () => {
              setOpened(false);
              notifications.show({ color: "teal", message: t("dataRights.erase.doneMine") });
              // The server ended every session; this clears what the browser still holds.
              void logout().then(() => navigate("/", { replace: true }));
            },
          })
        }
      />
    </Stack>
  );
}
