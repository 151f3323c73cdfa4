import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import {
  CLIENT_CSV_FIELDS,
  type ClientCsvField,
  type DuplicateMode,
  type ImportResult,
  type ImportRowError,
} from "@matchdesk/contract";
import { IconAlertCircle, IconDownload, IconFileTypeCsv, IconUpload } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-store";
import { useMatchmakers } from "../clients/useClients";
import { errorsCsv, exportHref, type ImportChoice, previewImport, useRunImport } from "./useClientImport";

const CLIENTS_PATH = "/admin/invited-users";

type Phase =
  | { kind: "idle" }
  | { kind: "running"; fraction: number }
  | { kind: "done"; result: ImportResult };

/** A field's name as the questionnaire shows it. */
function useFieldLabel() {
  const { t } = useTranslation();
  return (field: ClientCsvField) => {
    const [head, sub] = field.split(".");
    if (field === "email") return t("clientImport.email");
    if (head === "interests")
      return `${t("profile.fields.interests")}: ${t(`profile.interestCategories.${sub}`)}`;
    if (head === "psychology") return `${t("profile.fields.psychology")}: ${t(`profile.psychology.${sub}`)}`;
    return t(`profile.fields.${field}`);
  };
}

/**
 * /admin/clients/import (INVITER, ADMIN; issue 18): a CSV of clients in, checked before anything
 * is written. The server detects the encoding and separator and guesses the mapping from the
 * headers; the person adjusts it, sees the first rows with each refused cell marked, then imports.
 */
export function ClientImportPage() {
  const { t } = useTranslation();
  usePageTitle(t("clientImport.title"));
  const toMessage = useErrorMessage();
  const fieldLabel = useFieldLabel();
  const isAdmin = useAuth().user?.role === "ADMIN";
  const matchmakers = useMatchmakers("", isAdmin);
  const runImport = useRunImport();

  const [file, setFile] = useState<File | null>(null);
  const [duplicates, setDuplicates] = useState<DuplicateMode>("update");
  const [matchmakerId, setMatchmakerId] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<string, ClientCsvField | null> | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [isChecking, setChecking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });

  const needsMatchmaker = isAdmin && !matchmakerId;
  const choice: ImportChoice | null =
    file && !needsMatchmaker ? { file, mapping, duplicates, matchmakerId: matchmakerId ?? undefined } : null;

  // Every change of the file, the mapping or the duplicate rule checks the file again (a dry run);
  // until the person changes a column, the server's guess is the mapping.
  useEffect(() => {
    if (!file || (isAdmin && !matchmakerId)) return;
    let isCurrent = true;
    setChecking(true);
    setFailure(null);
    previewImport({ file, mapping, duplicates, matchmakerId: matchmakerId ?? undefined })
      .then((result) => {
        if (isCurrent) setPreview(result);
      })
      .catch((error: unknown) => {
        if (isCurrent) {
          setPreview(null);
          setFailure(error);
        }
      })
      .finally(() => {
        if (isCurrent) setChecking(false);
      });
    return () => {
      isCurrent = false;
    };
  }, [file, mapping, duplicates, matchmakerId, isAdmin]);

  const chooseFile = (next: File | null) => {
    setFile(next);
    setMapping(null);
    setPreview(null);
    setPhase({ kind: "idle" });
  };

  const start = async () => {
    if (!choice) return;
    setFailure(null);
    setPhase({ kind: "running", fraction: 0 });
    try {
      const result = await runImport(choice, (fraction) => setPhase({ kind: "running", fraction }));
      setPhase({ kind: "done", result });
    } catch (error) {
      setFailure(error);
      setPhase({ kind: "idle" });
    }
  };

  const fieldOptions = [
    { value: "", label: t("clientImport.skipColumn") },
    ...CLIENT_CSV_FIELDS.map((field) => ({ value: field, label: fieldLabel(field) })),
  ];

  const downloadErrors = (errors: readonly ImportRowError[]) => {
    const blob = errorsCsv(errors, [
      t("clientImport.errorColumns.row"),
      t("clientImport.errorColumns.column"),
      t("clientImport.errorColumns.field"),
      t("clientImport.errorColumns.message"),
    ]);
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = "import-errors.csv";
    link.click();
    URL.revokeObjectURL(url);
  };

  const isRunning = phase.kind === "running";
  const done = phase.kind === "done" ? phase.result : null;

  return (
    <Stack maw={1200} gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t("clientImport.title")}
          </Title>
          <Text c="gray.7">{t("clientImport.lead")}</Text>
        </Stack>
        <Button
          component="a"
          href={exportHref()}
          download
          variant="default"
          leftSection={<IconDownload size={18} />}
        >
          {t("clientImport.export")}
        </Button>
      </Group>

      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <FileInput
            label={t("clientImport.file")}
            description={t("clientImport.fileHint")}
            placeholder={t("clientImport.filePlaceholder")}
            // Mantine's placeholder grey is under 4.5:1 on white; this one reads.
            styles={{ placeholder: { color: "var(--mantine-color-gray-7)" } }}
            clearButtonProps={{ "aria-label": t("clientImport.clearFile") }}
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={18} />}
            value={file}
            onChange={chooseFile}
            clearable
            disabled={isRunning}
          />
          {isAdmin && (
            <Select
              label={t("clients.create.matchmaker")}
              placeholder={t("clients.create.matchmakerPlaceholder")}
              required
              searchable
              data={
                matchmakers.data?.items.map((user) => ({
                  value: user.id,
                  label: `${user.firstName} ${user.lastName}`,
                })) ?? []
              }
              value={matchmakerId}
              onChange={setMatchmakerId}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Radio.Group
            label={t("clientImport.duplicates")}
            description={t("clientImport.duplicatesHint")}
            value={duplicates}
            onChange={(value) => {
              setDuplicates(value as DuplicateMode);
              setPhase({ kind: "idle" });
            }}
          >
            <Group gap="lg" mt="xs">
              <Radio value="update" label={t("clientImport.duplicateUpdate")} disabled={isRunning} />
              <Radio value="skip" label={t("clientImport.duplicateSkip")} disabled={isRunning} />
            </Group>
          </Radio.Group>
        </Stack>
      </Card>

      {failure !== null && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} />}
          role="alert"
          title={t("clientImport.failed")}
        >
          {toMessage(failure)}
        </Alert>
      )}

      {isChecking && !preview && <Text c="gray.7">{t("clientImport.checking")}</Text>}

      {preview && !done && (
        <>
          <Card withBorder padding="lg" radius="md">
            <Stack gap="md">
              <Title order={2} fz="lg">
                {t("clientImport.mappingTitle")}
              </Title>
              <Text size="sm" c="gray.7">
                {t("clientImport.detected", {
                  encoding: preview.encoding === "utf-8" ? "UTF-8" : "Windows-1251",
                  separator:
                    preview.separator === ";" ? t("clientImport.semicolon") : t("clientImport.comma"),
                })}
              </Text>
              <Table.ScrollContainer minWidth={300}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("clientImport.column")}</Table.Th>
                      <Table.Th>{t("clientImport.field")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.headers.map((header) => (
                      <Table.Tr key={header}>
                        <Table.Td>
                          <Text fw={500}>{header}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Select
                            aria-label={t("clientImport.fieldFor", { column: header })}
                            data={fieldOptions}
                            value={(mapping ?? preview.mapping)[header] ?? ""}
                            onChange={(value) =>
                              setMapping({
                                ...(mapping ?? preview.mapping),
                                [header]: (value || null) as ClientCsvField | null,
                              })
                            }
                            searchable
                            allowDeselect={false}
                            disabled={isRunning}
                            comboboxProps={{ withinPortal: true }}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </Card>

          <PreviewCard result={preview} onDownloadErrors={downloadErrors} />

          <Card withBorder padding="lg" radius="md">
            <Stack gap="sm">
              <Text>
                {t("clientImport.willDo", {
                  created: preview.created,
                  updated: preview.updated,
                  skipped: preview.skipped,
                  errors: preview.errorRows,
                })}
              </Text>
              {isRunning && (
                <Stack gap={4}>
                  <Progress
                    value={phase.fraction < 1 ? phase.fraction * 100 : 100}
                    animated={phase.fraction >= 1}
                    striped={phase.fraction >= 1}
                    aria-label={t("clientImport.progress")}
                  />
                  <Text size="sm" c="gray.7" aria-live="polite">
                    {phase.fraction < 1
                      ? t("clientImport.uploading", { percent: Math.round(phase.fraction * 100) })
                      : t("clientImport.processing")}
                  </Text>
                </Stack>
              )}
              <Group>
                <Button
                  leftSection={<IconUpload size={18} />}
                  onClick={start}
                  loading={isRunning}
                  disabled={isChecking || preview.created + preview.updated === 0}
                >
                  {t("clientImport.import")}
                </Button>
              </Group>
            </Stack>
          </Card>
        </>
      )}

      {done && (
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t("clientImport.doneTitle")}
            </Title>
            <Text role="status">
              {t("clientImport.done", {
                created: done.created,
                updated: done.updated,
                skipped: done.skipped,
                errors: done.errorRows,
              })}
            </Text>
            {done.errors.length > 0 && (
              <Group>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={18} />}
                  onClick={() => downloadErrors(done.errors)}
                >
                  {t("clientImport.downloadErrors")}
                </Button>
              </Group>
            )}
            <Anchor component={Link} to={CLIENTS_PATH}>
              {t("clientImport.toClients")}
            </Anchor>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** The first rows as the file has them, each refused cell marked with why; the row's other errors beside. */
function PreviewCard({
  result,
  onDownloadErrors,
}: {
  result: ImportResult;
  onDownloadErrors: (errors: readonly ImportRowError[]) => void;
}) {
  const { t } = useTranslation();
  const byCell = new Map<string, ImportRowError>();
  const byRow = new Map<number, ImportRowError[]>();
  for (const error of result.errors) {
    const column =
      error.column ?? Object.entries(result.mapping).find(([, field]) => field === error.field)?.[0];
    if (column && result.headers.includes(column)) byCell.set(`${error.row}:${column}`, error);
    else byRow.set(error.row, [...(byRow.get(error.row) ?? []), error]);
  }
  const rowMessage = (error: ImportRowError) =>
    t("clientImport.rowError", { field: error.field, message: t(`clientImport.codes.${error.code}`) });

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t("clientImport.previewTitle", { count: result.rows })}
          </Title>
          {result.errors.length > 0 && (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconDownload size={16} />}
              onClick={() => onDownloadErrors(result.errors)}
            >
              {t("clientImport.downloadErrors")}
            </Button>
          )}
        </Group>
        {/* Wider than a phone: the region scrolls, so it takes the keyboard's focus too. */}
        <Table.ScrollContainer
          minWidth={Math.max(480, result.headers.length * 140)}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: "region", "aria-label": t("clientImport.previewRegion") },
          }}
        >
          <Table striped withTableBorder verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("clientImport.row")}</Table.Th>
                {result.headers.map((header) => (
                  <Table.Th key={header}>{header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.preview.map(({ row, cells }) => (
                <Table.Tr key={row}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">{row}</Text>
                      {byRow.get(row)?.map((error) => (
                        <Text key={error.field} size="xs" c="red.9">
                          {rowMessage(error)}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                  {result.headers.map((header, index) => {
                    const error = byCell.get(`${row}:${header}`);
                    return (
                      <Table.Td key={header} bg={error ? "red.0" : undefined}>
                        <Text size="sm">{cells[index] ?? ""}</Text>
                        {error && (
                          <Text size="xs" c="red.9">
                            {t(`clientImport.codes.${error.code}`)}
                          </Text>
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {result.errorRows > 0 && (
          <Text c="red.9" fw={500}>
            {t("clientImport.errorRows", { count: result.errorRows })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
