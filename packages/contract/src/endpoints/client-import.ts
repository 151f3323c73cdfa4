import { ExportQuery, ImportQuery, ImportResult } from "../client-import.js";
import { endpoint } from "../endpoint.js";

const managers = ["INVITER", "ADMIN"] as const;
const tag = "clients";

/** Issue 18: a matchmaker's client base in and out as CSV. */
export const clientImportApi = {
  /** Multipart: `file` (the CSV) and `mapping` (JSON, column to field), the mapping first. */
  importClients: endpoint({
    method: "POST",
    path: "/api/clients/import",
    access: managers,
    tag,
    query: ImportQuery,
    bodyKind: "multipart",
    response: ImportResult,
    // Each client the import created or updated: a change of their data.
    audit: { action: "change", of: "reported" },
  }),
  /** The caller's clients (an admin's: every client), one row each, every questionnaire field. */
  exportClients: endpoint({
    method: "GET",
    path: "/api/clients/export",
    access: managers,
    tag,
    query: ExportQuery,
    response: "file",
    // A view of every exported client's data: one row each, in one statement.
    audit: { action: "view", of: "own-clients" },
  }),
};
