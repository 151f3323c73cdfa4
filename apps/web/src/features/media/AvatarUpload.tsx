import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import type { AvatarView } from "@matchdesk/contract";
import { IconUpload } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { UploadProgress } from "./UploadProgress";
import { prepareImages, uploadAvatar } from "./upload-images";
import { useUpload } from "./useUpload";

type Props = {
  /** The current logo or avatar, if any. */
  imageUrl: string | null;
  /** Initials shown when there is no image. */
  name: string;
  onUploaded: (answer: AvatarView) => void;
  /** An error from outside, e.g. the logo is required. */
  error?: string | undefined;
};

/** Logo or avatar upload with an instant preview, optimization in the browser and upload progress. */
export function AvatarUpload({ imageUrl, name, onUploaded, error }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const [preview, setPreview] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  // The local preview's object URL is released when replaced and on leaving.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const uploader = useUpload({
    prepare: prepareImages,
    send: ([prepared], onProgress) => {
      setPreview(URL.createObjectURL(prepared!));
      return uploadAvatar(prepared!, onProgress);
    },
    onStart: () => setFailure(null),
    onUploaded: (answer) => {
      onUploaded(answer);
      setPreview(null);
    },
    onFailed: (caught) => {
      setPreview(null);
      setFailure(caught);
    },
  });

  const shown = preview ?? imageUrl;
  const message = failure !== null ? toMessage(failure) : error;
  const isBusy = uploader.isBusy;

  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <Avatar
        src={shown}
        name={name}
        color="rose"
        size={96}
        radius="xl"
        alt={shown ? t("upload.logoAlt") : undefined}
        style={{ flexShrink: 0, opacity: isBusy ? 0.6 : 1 }}
      />
      <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
        <FileButton
          onChange={(file) => uploader.start(file ? [file] : [])}
          accept="image/*"
          resetRef={uploader.resetRef}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={18} />}
              loading={isBusy}
              w="fit-content"
            >
              {imageUrl ? t("upload.replaceLogo") : t("upload.chooseLogo")}
            </Button>
          )}
        </FileButton>
        <UploadProgress phase={uploader.phase} percent={uploader.percent} />
        {message ? (
          <Text size="sm" c="red.8" role="alert">
            {message}
          </Text>
        ) : (
          !isBusy && (
            <Text size="xs" c="dimmed">
              {t("upload.imageHint")}
            </Text>
          )
        )}
      </Stack>
    </Group>
  );
}
