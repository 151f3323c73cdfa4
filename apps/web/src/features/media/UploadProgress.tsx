import { Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { UploadPhase } from "./useUpload";

/** The progress bar of an image upload, labelled for screen readers. */
export function UploadProgress({ phase, percent }: { phase: UploadPhase; percent: number }) {
  const { t } = useTranslation();
  if (phase === "idle") return null;
  const label = phase === "preparing" ? t("upload.preparing") : t("upload.uploading", { percent });
  return (
    <Stack gap={4} w="100%">
      <Progress
        value={phase === "preparing" ? 100 : percent}
        striped={phase === "preparing"}
        animated={phase === "preparing"}
        aria-label={label}
        size="md"
        transitionDuration={150}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {label}
      </Text>
    </Stack>
  );
}
