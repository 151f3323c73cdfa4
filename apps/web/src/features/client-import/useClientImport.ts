import {
  type ClientCsvField,
  clientImportApi,
  type DuplicateMode,
  type ImportResult,
  type ImportRowError,
} from "@matchdesk/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { href } from "../../lib/api";
import { uploadForm } from "../../lib/upload";
import { invalidateClients } from "../clients/useClients";

export type ImportChoice = {
  file: File;
  mapping: Record<string, ClientCsvField | null> | null;
  duplicates: DuplicateMode;
  matchmakerId: string | undefined;
};

/** POST /api/clients/import: the mapping first, then the file (the server reads the form in order). */
function sendImport(choice: ImportChoice, dryRun: boolean, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  if (choice.mapping) form.append("mapping", JSON.stringify(choice.mapping));
  form.append("file", choice.file);
  return uploadForm(
    clientImportApi.importClients,
    {
      query: {
        dryRun: dryRun ? "true" : undefined,
        duplicates: choice.duplicates,
        matchmakerId: choice.matchmakerId,
      },
    },
    form,
    { onProgress },
  );
}

/** The preview: what an import of the file would do, row by row, without writing anything. */
export function previewImport(choice: ImportChoice): Promise<ImportResult> {
  return sendImport(choice, true);
}

/** The import itself; the client list is fetched anew afterwards. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useCallback(
    async (choice: ImportChoice, onProgress: (fraction: number) => void) => {
      const result = await sendImport(choice, false, onProgress);
      invalidateClients(queryClient);
      return result;
    },
    [queryClient],
  );
}

/** Where the browser downloads the caller's clients as CSV. */
export const exportHref = () => href(clientImportApi.exportClients, { query: { format: "csv" } });

/** The refused rows as a CSV file the person can download and fix (row, column, field, message). */
export function errorsCsv(errors: readonly ImportRowError[], header: readonly string[]): Blob {
  const quote = (value: string) => (/[",\n\r;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [header, ...errors.map((e) => [String(e.row), e.column ?? "", e.field, e.message])].map(
    (cells) => cells.map(quote).join(","),
  );
  return new Blob([`\uFEFF${lines.join("\r\n")}\r\n`], { type: "text/csv;charset=utf-8" });
}
