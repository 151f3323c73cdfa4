import {
  ActionIcon,
  Alert,
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
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import type { CertificateView } from "@matchdesk/contract";
import {
  IconAlertCircle,
  IconCertificate,
  IconExternalLink,
  IconFileTypePdf,
  IconFileUpload,
  IconPhoto,
  IconTrash,
} from "@tabler/icons-react";
import { type RefObject, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import classes from "./CertificatesManager.module.css";
import { formatFileSize } from "./file-size";
import { Lightbox, type LightboxPhoto } from "./Lightbox";
import { SelectionBar } from "./SelectionBar";
import { certificateRefusal, oversizedFile } from "./selection-checks";
import { UploadProgress } from "./UploadProgress";
import { prepareCertificates, uploadCertificates } from "./upload-images";
import { useCertificateActions, useCertificates } from "./useCertificates";
import { useSelection } from "./useSelection";
import { useUpload } from "./useUpload";

type Props = {
  /** Whose certificates: usually the signed-in matchmaker's own id. */
  profileId: string;
};

type Action = "upload" | "remove";
type Failure = { action: Action; error: unknown };

// What the file picker offers: SPEC 5's types, by type and by extension for systems that give no type.
const ACCEPT = "image/jpeg,image/png,image/gif,image/webp,application/pdf,.jpg,.jpeg,.png,.gif,.webp,.pdf";

const isPdf = (file: CertificateView) => file.contentType === "application/pdf";

/**
 * Certificate files of a profile (SPEC 5, 9): images as thumbnails that open in the lightbox, PDFs
 * as file tiles that download (a PDF is never opened on our origin). Uploads JPG, PNG, GIF, WebP or PDF, up to 10 files of 10 MB each;
 * images are optimized in the browser, PDFs sent unchanged. Removes one file or a selection, asking first.
 */
export function CertificatesManager({ profileId }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const certificates = useCertificates(profileId);
  const { save, remove } = useCertificateActions(profileId);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  // What the open dialog asks about; kept while it closes, so its text does not change under the reader.
  const [toRemove, setToRemove] = useState<CertificateView[]>([]);
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  const files = certificates.data?.items ?? [];
  const ids = useMemo(() => files.map((file) => file.id), [files]);
  const selection = useSelection(ids);
  const limit = certificates.data?.limit ?? 0;
  const remaining = Math.max(0, limit - files.length);
  const images = files.filter((file) => !isPdf(file));

  // After a failed change the list may have moved on (another tab, another person): read it again.
  const fail = (action: Action, caught: unknown) => {
    setFailure({ action, error: caught });
    if (caught instanceof ApiError) void certificates.refetch();
  };

  const uploader = useUpload({
    check: (picked) => certificateRefusal(picked, files.length, limit),
    prepare: prepareCertificates,
    checkPrepared: oversizedFile,
    send: (prepared, onProgress) => uploadCertificates(profileId, prepared, onProgress),
    onStart: () => setFailure(null),
    onUploaded: save,
    onFailed: (caught) => fail("upload", caught),
  });

  const askToRemove = (chosen: CertificateView[]) => {
    setToRemove(chosen);
    setConfirming(true);
  };

  const removeChosen = () => {
    setFailure(null);
    remove.mutate(toRemove, {
      onSuccess: () => selection.clear(),
      onError: (caught) => fail("remove", caught),
      onSettled: () => setConfirming(false),
    });
  };

  // A failed refetch keeps the list on screen; only a list that never loaded shows the error.
  if (!certificates.data && !certificates.isError) {
    return (
      <Stack gap="md" role="status" aria-label={t("certificates.loading")}>
        <Skeleton h={36} w={220} radius="md" />
        <SimpleGrid type="container" cols={{ base: 2, "560px": 3, "820px": 4 }} spacing="sm">
          {[0, 1].map((key) => (
            <Skeleton key={key} h={180} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (!certificates.data) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={20} />}
        title={t("certificates.failed.load")}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{toMessage(certificates.error)}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void certificates.refetch()}>
            {t("common.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const addButton = (
    <AddFilesButton
      onFiles={uploader.start}
      isBusy={uploader.isBusy}
      isFull={remaining === 0}
      resetRef={uploader.resetRef}
    />
  );
  const lightboxPhotos: LightboxPhoto[] = images.map((file) => ({
    id: file.id,
    url: file.url,
    alt: file.fileName,
  }));

  return (
    <Stack gap="md">
      {files.length === 0 ? (
        <Stack className={classes.empty} align="center" gap="xs" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconCertificate size={26} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} fz="md">
            {t("certificates.emptyTitle")}
          </Title>
          <Text size="sm" c="gray.7" maw={400}>
            {t("certificates.emptyText")}
          </Text>
          <Group mt="xs">{addButton}</Group>
          <Text size="xs" c="dimmed" maw={400}>
            {t("certificates.hint", { limit })}
          </Text>
        </Stack>
      ) : (
        <Group justify="space-between" gap="sm" align="center">
          <Stack gap={0} style={{ flex: "1 1 240px" }}>
            <Text fw={600} size="sm">
              {t("certificates.count", { count: files.length, limit })}
            </Text>
            <Text size="xs" c="dimmed">
              {remaining === 0 ? t("certificates.full", { limit }) : t("certificates.hint", { limit })}
            </Text>
          </Stack>
          {addButton}
        </Group>
      )}

      <UploadProgress phase={uploader.phase} percent={uploader.percent} />
      {failure && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} />}
          title={t(failure.action === "upload" ? "certificates.failed.upload" : "certificates.failed.remove")}
          role="alert"
        >
          {toMessage(failure.error)}
        </Alert>
      )}

      <SelectionBar
        count={selection.selected.length}
        total={files.length}
        onSelectAll={selection.selectAll}
        onClear={selection.clear}
        onRemove={() => askToRemove(files.filter((file) => selection.isSelected(file.id)))}
      />

      {files.length > 0 && (
        <SimpleGrid
          type="container"
          cols={{ base: 2, "560px": 3, "820px": 4 }}
          spacing="sm"
          component="ul"
          className={classes.grid}
        >
          {files.map((file) => (
            <CertificateTile
              key={file.id}
              file={file}
              isSelected={selection.isSelected(file.id)}
              onToggle={() => selection.toggle(file.id)}
              onOpen={() => setOpenIndex(images.indexOf(file))}
              onRemove={() => askToRemove([file])}
            />
          ))}
        </SimpleGrid>
      )}

      <ConfirmDialog
        opened={isConfirming}
        title={
          toRemove.length === 1
            ? t("certificates.removeOneTitle", { name: toRemove[0]?.fileName })
            : t("certificates.removeTitle", { count: toRemove.length })
        }
        message={t("certificates.removeText", { count: toRemove.length })}
        confirmLabel={t("certificates.removeConfirm", { count: toRemove.length })}
        isPending={remove.isPending}
        onConfirm={removeChosen}
        onClose={() => setConfirming(false)}
      />
      <Lightbox
        photos={lightboxPhotos}
        openIndex={openIndex}
        onClose={() => setOpenIndex(null)}
        label={t("certificates.viewer")}
      />
    </Stack>
  );
}

type AddFilesButtonProps = {
  onFiles: (files: File[]) => void;
  isBusy: boolean;
  isFull: boolean;
  resetRef: RefObject<(() => void) | null>;
};

function AddFilesButton({ onFiles, isBusy, isFull, resetRef }: AddFilesButtonProps) {
  const { t } = useTranslation();
  return (
    <FileButton onChange={onFiles} accept={ACCEPT} multiple resetRef={resetRef}>
      {(props) => (
        <Button
          {...props}
          variant="light"
          leftSection={<IconFileUpload size={18} />}
          loading={isBusy}
          disabled={isFull}
        >
          {t("certificates.add")}
        </Button>
      )}
    </FileButton>
  );
}

type TileProps = {
  file: CertificateView;
  isSelected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onRemove: () => void;
};

function CertificateTile({ file, isSelected, onToggle, onOpen, onRemove }: TileProps) {
  const { t, i18n } = useTranslation();
  const name = file.fileName;
  const kind = isPdf(file) ? t("certificates.kindPdf") : t("certificates.kindImage");
  return (
    <li className={classes.tile} data-selected={isSelected || undefined}>
      <div className={classes.preview}>
        {isPdf(file) ? (
          <a
            className={classes.pdf}
            href={file.url}
            download={name}
            aria-label={t("certificates.download", { name })}
          >
            <IconFileTypePdf size={44} stroke={1.4} aria-hidden />
            <Text component="span" size="xs" fw={600}>
              {t("certificates.downloadPdf")}
            </Text>
          </a>
        ) : (
          <>
            <img
              src={file.url}
              alt={t("certificates.imageAlt", { name })}
              className={classes.image}
              loading="lazy"
              draggable={false}
            />
            <UnstyledButton
              className={classes.open}
              aria-label={t("certificates.open", { name })}
              aria-haspopup="dialog"
              onClick={onOpen}
            />
          </>
        )}
        <Checkbox
          className={classes.check}
          checked={isSelected}
          onChange={onToggle}
          aria-label={t("certificates.select", { name })}
          size="sm"
        />
      </div>
      <Stack gap={4} className={classes.footer}>
        <Text size="sm" fw={500} lineClamp={2} title={name} className={classes.fileName}>
          {name}
        </Text>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Group gap={6} wrap="nowrap" miw={0}>
            {isPdf(file) ? (
              <IconFileTypePdf size={16} color="var(--mantine-color-dimmed)" aria-hidden />
            ) : (
              <IconPhoto size={16} color="var(--mantine-color-dimmed)" aria-hidden />
            )}
            <Text size="xs" c="dimmed" truncate="end">
              <VisuallyHidden>{kind}, </VisuallyHidden>
              {formatFileSize(file.bytes, i18n.language)}
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            {!isPdf(file) && (
              <ActionIcon
                component="a"
                href={file.url}
                target="_blank"
                rel="noopener"
                variant="subtle"
                color="gray"
                aria-label={t("certificates.openInTab", { name })}
              >
                <IconExternalLink size={18} />
              </ActionIcon>
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t("certificates.remove", { name })}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
      </Stack>
    </li>
  );
}
