import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useErrorMessage } from "../../lib/useErrorMessage";

type Exporting = {
  isPending: boolean;
  mutate: (variables: undefined, options: { onError: (error: unknown) => void }) => void;
};

/** Downloads a data export (the client's own, or a client's for their matchmaker); a failure says why. */
export function ExportButton({ exporting, children }: { exporting: Exporting; children: ReactNode }) {
  const toMessage = useErrorMessage();
  return (
    <Button
      leftSection={<IconDownload size={18} />}
      loading={exporting.isPending}
      onClick={() =>
        exporting.mutate(undefined, {
          onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
        })
      }
    >
      {children}
    </Button>
  );
}
