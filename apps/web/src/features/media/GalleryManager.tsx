import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import type { GalleryView, PhotoView } from "@matchdesk/contract";
import { IconAlertCircle, IconPhoto, IconPhotoPlus, IconStar, IconStarFilled } from "@tabler/icons-react";
import { type RefObject, useEffect, useEffectEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import classes from "./GalleryManager.module.css";
import { Lightbox, type LightboxPhoto } from "./Lightbox";
import { SelectionBar } from "./SelectionBar";
import { limitRefusal } from "./selection-checks";
import { UploadProgress } from "./UploadProgress";
import { prepareImages, uploadPhotos } from "./upload-images";
import { useGallery, useGalleryActions } from "./useGallery";
import { useSelection } from "./useSelection";
import { useUpload } from "./useUpload";

type Props = {
  /** Whose gallery: a client's id, or the caller's own. */
  profileId: string;
  /** Called with the gallery whenever it loads or changes (onboarding counts the photos). */
  onChange?: (gallery: GalleryView) => void;
  /** An error from outside, e.g. at least one photo is required. */
  error?: string | undefined;
};

type Action = "upload" | "setMain" | "remove";
type Failure = { action: Action; error: unknown };

const FAILURE_TITLE: Record<Action, string> = {
  upload: "gallery.failed.upload",
  setMain: "gallery.failed.setMain",
  remove: "gallery.failed.remove",
};

/**
 * A profile's photo gallery (SPEC 5, 9): loads it, uploads several photos at once (optimized in
 * the browser, with progress), sets the main photo, removes a selection after asking, and opens
 * any photo in the lightbox. A selection over the limit is refused before anything is sent.
 */
export function GalleryManager({ profileId, onChange, error }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const gallery = useGallery(profileId);
  const { save, setMain, remove } = useGalleryActions(profileId);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  // What the open dialog asks about; kept while it closes, so its text does not change under the reader.
  const [toRemove, setToRemove] = useState<string[]>([]);
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  const photos = gallery.data?.items ?? [];
  const ids = useMemo(() => photos.map((photo) => photo.id), [photos]);
  const selection = useSelection(ids);
  const limit = gallery.data?.limit ?? 0;
  const remaining = Math.max(0, limit - photos.length);

  const reportChange = useEffectEvent((data: GalleryView) => onChange?.(data));
  useEffect(() => {
    if (gallery.data) reportChange(gallery.data);
  }, [gallery.data]);

  // After a failed change the gallery may have moved on (another tab, another person): read it again.
  const fail = (action: Action, caught: unknown) => {
    setFailure({ action, error: caught });
    if (caught instanceof ApiError) void gallery.refetch();
  };

  const uploader = useUpload({
    check: (files) => limitRefusal("PHOTO_LIMIT_EXCEEDED", files.length, photos.length, limit),
    prepare: prepareImages,
    send: (files, onProgress) => uploadPhotos(profileId, files, onProgress),
    onStart: () => setFailure(null),
    onUploaded: save,
    onFailed: (caught) => fail("upload", caught),
  });

  const makeMain = (photo: PhotoView) => {
    setFailure(null);
    setMain.mutate(photo.id, { onError: (caught) => fail("setMain", caught) });
  };

  const removeSelected = () => {
    setFailure(null);
    remove.mutate(toRemove, {
      onSuccess: () => selection.clear(),
      onError: (caught) => fail("remove", caught),
      onSettled: () => setConfirming(false),
    });
  };

  // A failed refetch keeps the gallery on screen; only a gallery that never loaded shows the error.
  if (!gallery.data) {
    if (!gallery.isError) return <GallerySkeleton />;
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={20} />}
        title={t("gallery.failed.load")}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{toMessage(gallery.error)}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void gallery.refetch()}>
            {t("common.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const addButton = (
    <AddPhotosButton
      onFiles={uploader.start}
      isBusy={uploader.isBusy}
      isFull={remaining === 0}
      resetRef={uploader.resetRef}
    />
  );
  const lightboxPhotos: LightboxPhoto[] = photos.map((photo, index) => ({
    id: photo.id,
    url: photo.url,
    thumbUrl: photo.thumbUrl,
    alt: t("upload.photoAlt", { number: index + 1 }),
  }));
  const message = failure ? toMessage(failure.error) : error;

  return (
    <Stack gap="md">
      {photos.length === 0 ? (
        <Stack className={classes.empty} align="center" gap="xs" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconPhoto size={26} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} fz="md">
            {t("gallery.emptyTitle")}
          </Title>
          <Text size="sm" c="gray.7" maw={380}>
            {t("gallery.emptyText", { limit })}
          </Text>
          <Group mt="xs">{addButton}</Group>
          <Text size="xs" c="dimmed">
            {t("upload.imageHint")}
          </Text>
        </Stack>
      ) : (
        <Group justify="space-between" gap="sm" align="center">
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {t("upload.photoCount", { count: photos.length, limit })}
            </Text>
            <Text size="xs" c="dimmed">
              {remaining === 0 ? t("gallery.full") : t("gallery.hint")}
            </Text>
          </Stack>
          {addButton}
        </Group>
      )}

      <UploadProgress phase={uploader.phase} percent={uploader.percent} />
      {message && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} />}
          title={failure ? t(FAILURE_TITLE[failure.action]) : undefined}
          role="alert"
        >
          {message}
        </Alert>
      )}

      <SelectionBar
        count={selection.selected.length}
        total={photos.length}
        onSelectAll={selection.selectAll}
        onClear={selection.clear}
        onRemove={() => {
          setToRemove(selection.selected);
          setConfirming(true);
        }}
      />

      {photos.length > 0 && (
        <SimpleGrid
          type="container"
          cols={{ base: 3, "520px": 4, "760px": 5 }}
          spacing="sm"
          component="ul"
          className={classes.grid}
        >
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              number={index + 1}
              isSelected={selection.isSelected(photo.id)}
              isMainPending={setMain.isPending && setMain.variables === photo.id}
              onOpen={() => setOpenIndex(index)}
              onToggle={() => selection.toggle(photo.id)}
              onMakeMain={() => makeMain(photo)}
            />
          ))}
        </SimpleGrid>
      )}

      <ConfirmDialog
        opened={isConfirming}
        title={t("gallery.removeTitle", { count: toRemove.length })}
        message={t("gallery.removeText", { count: toRemove.length })}
        confirmLabel={t("gallery.removeConfirm", { count: toRemove.length })}
        isPending={remove.isPending}
        onConfirm={removeSelected}
        onClose={() => setConfirming(false)}
      />
      <Lightbox photos={lightboxPhotos} openIndex={openIndex} onClose={() => setOpenIndex(null)} />
    </Stack>
  );
}

type AddPhotosButtonProps = {
  onFiles: (files: File[]) => void;
  isBusy: boolean;
  isFull: boolean;
  resetRef: RefObject<(() => void) | null>;
};

function AddPhotosButton({ onFiles, isBusy, isFull, resetRef }: AddPhotosButtonProps) {
  const { t } = useTranslation();
  return (
    <FileButton onChange={onFiles} accept="image/*" multiple resetRef={resetRef}>
      {(props) => (
        <Button
          {...props}
          variant="light"
          leftSection={<IconPhotoPlus size={18} />}
          loading={isBusy}
          disabled={isFull}
        >
          {t("upload.addPhotos")}
        </Button>
      )}
    </FileButton>
  );
}

type PhotoTileProps = {
  photo: PhotoView;
  number: number;
  isSelected: boolean;
  isMainPending: boolean;
  onOpen: () => void;
  onToggle: () => void;
  onMakeMain: () => void;
};

function PhotoTile({
  photo,
  number,
  isSelected,
  isMainPending,
  onOpen,
  onToggle,
  onMakeMain,
}: PhotoTileProps) {
  const { t } = useTranslation();
  return (
    <li
      className={classes.tile}
      data-selected={isSelected || undefined}
      data-main={photo.isMain || undefined}
    >
      <img
        src={photo.thumbUrl}
        alt={t("upload.photoAlt", { number })}
        className={classes.image}
        loading="lazy"
        draggable={false}
      />
      <UnstyledButton
        className={classes.open}
        aria-label={t("gallery.open", { number })}
        aria-haspopup="dialog"
        onClick={onOpen}
      />
      <Checkbox
        className={classes.check}
        checked={isSelected}
        onChange={onToggle}
        aria-label={t("gallery.select", { number })}
        size="sm"
      />
      {photo.isMain ? (
        <Badge
          className={classes.mainBadge}
          size="sm"
          variant="filled"
          leftSection={<IconStarFilled size={11} aria-hidden />}
        >
          {t("upload.main")}
        </Badge>
      ) : (
        <Tooltip label={t("gallery.makeMainHint")} withArrow openDelay={300}>
          <ActionIcon
            className={classes.makeMain}
            variant="white"
            color="dark"
            size="md"
            radius="xl"
            aria-label={t("gallery.makeMain", { number })}
            loading={isMainPending}
            onClick={onMakeMain}
          >
            <IconStar size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </li>
  );
}

function GallerySkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-label={t("gallery.loading")}>
      <Skeleton h={36} w={220} radius="md" />
      <SimpleGrid type="container" cols={{ base: 3, "520px": 4, "760px": 5 }} spacing="sm">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} radius="md" className={classes.skeletonTile} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
