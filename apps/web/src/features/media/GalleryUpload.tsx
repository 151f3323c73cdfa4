import {
  ActionIcon,
  Badge,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import type { GalleryView, PhotoView } from "@matchdesk/contract";
import { IconPhotoPlus, IconTrash } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api";
import { useErrorMessage } from "../../app/useErrorMessage";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { UploadProgress } from "./UploadProgress";
import { prepareImages, uploadPhotos } from "./upload-images";
import { useUploadProgress } from "./useUploadProgress";

type Props = {
  /** Whose gallery: the caller's own id for "me". */
  profileId: string;
  photos: readonly PhotoView[];
  limit: number;
  onChange: (gallery: GalleryView) => void;
  /** An error from outside, e.g. at least one photo is required. */
  error?: string | undefined;
};

/**
 * A photo gallery's upload (several at once, optimized in the browser, with progress) and removal.
 * A selection over the limit is refused before anything is sent, with the counts of SPEC 5.
 */
export function GalleryUpload({ profileId, photos, limit, onChange, error }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const progress = useUploadProgress();
  const [failure, setFailure] = useState<unknown>(null);
  const [removing, setRemoving] = useState<PhotoView | null>(null);
  const [isRemovePending, setRemovePending] = useState(false);
  const resetRef = useRef<() => void>(null);
  const remaining = Math.max(0, limit - photos.length);

  const upload = async (files: File[]) => {
    resetRef.current?.();
    if (files.length === 0) return;
    setFailure(null);
    if (files.length > remaining) {
      setFailure({
        code: "PHOTO_LIMIT_EXCEEDED",
        selected: files.length,
        current: photos.length,
        remaining,
      });
      return;
    }
    progress.start();
    try {
      const prepared = await prepareImages(files);
      progress.sending();
      onChange(await uploadPhotos(prepared, progress.onProgress));
    } catch (caught) {
      setFailure(caught);
    } finally {
      progress.finish();
    }
  };

  const remove = async (photo: PhotoView) => {
    setRemovePending(true);
    setFailure(null);
    try {
      const gallery = await api<GalleryView>(
        `/api/profiles/${encodeURIComponent(profileId)}/gallery/batch-remove`,
        {
          method: "PUT",
          body: { photoIds: [photo.id] },
        },
      );
      onChange(gallery);
    } catch (caught) {
      setFailure(caught);
    } finally {
      setRemovePending(false);
      setRemoving(null);
    }
  };

  const message = failure !== null ? toMessage(failure) : error;
  const isBusy = progress.phase !== "idle";

  return (
    <Stack gap="md">
      {photos.length > 0 && (
        <SimpleGrid
          cols={{ base: 3, sm: 4 }}
          spacing="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
        >
          {photos.map((photo, index) => (
            <Box component="li" key={photo.id} pos="relative">
              <Image
                src={photo.thumbUrl}
                alt={t("upload.photoAlt", { number: index + 1 })}
                radius="md"
                h={120}
                fit="cover"
              />
              {photo.isMain && (
                <Badge size="xs" pos="absolute" top={6} left={6} variant="filled">
                  {t("upload.main")}
                </Badge>
              )}
              <ActionIcon
                pos="absolute"
                top={6}
                right={6}
                size="md"
                variant="white"
                color="red"
                aria-label={t("upload.removePhoto", { number: index + 1 })}
                onClick={() => setRemoving(photo)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Box>
          ))}
        </SimpleGrid>
      )}

      <Group gap="md" align="center">
        <FileButton onChange={(files) => void upload(files)} accept="image/*" multiple resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoPlus size={18} />}
              loading={isBusy}
              disabled={remaining === 0}
            >
              {t("upload.addPhotos")}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t("upload.photoCount", { count: photos.length, limit })}
        </Text>
      </Group>
      <UploadProgress phase={progress.phase} percent={progress.percent} />
      {message && (
        <Text size="sm" c="red.8" role="alert">
          {message}
        </Text>
      )}

      <ConfirmDialog
        opened={removing !== null}
        title={t("upload.removeTitle")}
        message={t("upload.removeText")}
        confirmLabel={t("upload.removeConfirm")}
        isPending={isRemovePending}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
