import { z } from "zod";
import { Id } from "../common.js";
import {
  AccessLogQuery,
  AccessLogView,
  AccessSummaryView,
  ClientConsentsView,
  ClientRetentionView,
  ConsentKind,
  DataExport,
  EraseBody,
  ErasureReport,
  MyConsentsView,
  RetentionDueList,
  RetentionSettings,
  SetClientRetentionBody,
} from "../data-rights.js";
import { endpoint } from "../endpoint.js";

const managers = ["INVITER", "ADMIN"] as const;
const tag = "data-rights";

/**
 * A client's data rights (API.md "Data rights"): the export of everything held about them, for
 * the client from the portal or for their matchmaker or an admin; and the log of who viewed or
 * changed the client's data, whole for the matchmaker, summed up for the client.
 */
export const dataRightsApi = {
  exportMine: endpoint({
    method: "GET",
    path: "/api/me/export",
    access: ["INVITEE"],
    tag,
    summary: "Everything held about me, as one JSON document (GDPR art. 15 and 20)",
    response: DataExport,
  }),
  exportClient: endpoint({
    method: "GET",
    path: "/api/clients/:id/export",
    access: managers,
    tag,
    summary: "Everything held about a client, as one JSON document (GDPR art. 15 and 20)",
    params: z.object({ id: Id }),
    audit: { action: "view", param: "id" },
    response: DataExport,
  }),
  accessLog: endpoint({
    method: "GET",
    path: "/api/clients/:id/access-log",
    access: managers,
    tag,
    summary: "Who viewed or changed this client's data, and when (newest first)",
    params: z.object({ id: Id }),
    query: AccessLogQuery,
    response: AccessLogView,
  }),
  mySummary: endpoint({
    method: "GET",
    path: "/api/me/access-log",
    access: ["INVITEE"],
    tag,
    summary: "Who viewed or changed my data: counts by role and agency, and when last",
    response: AccessSummaryView,
  }),
  eraseMine: endpoint({
    method: "POST",
    path: "/api/me/erase",
    access: ["INVITEE", "INVITER"],
    tag,
    summary:
      "Erases me (GDPR art. 17) with { confirm: true }: answers what was erased and what was kept and why; signs me out",
    body: EraseBody,
    response: ErasureReport,
  }),
  eraseClient: endpoint({
    method: "POST",
    path: "/api/clients/:id/erase",
    access: managers,
    tag,
    summary:
      "Erases a client (GDPR art. 17) with { confirm: true }: answers what was erased and what was kept and why",
    params: z.object({ id: Id }),
    body: EraseBody,
    response: ErasureReport,
  }),
  myConsents: endpoint({
    method: "GET",
    path: "/api/me/consents",
    access: ["INVITEE"],
    tag,
    summary: "My consents (shared search, public profile): what is on, who switched it on and when",
    response: MyConsentsView,
  }),
  withdrawConsent: endpoint({
    method: "POST",
    path: "/api/me/consents/:kind/withdraw",
    access: ["INVITEE"],
    tag,
    summary: "Withdraws a consent: out of the shared search, or the public profile closed, at once",
    params: z.object({ kind: ConsentKind }),
    response: MyConsentsView,
  }),
  clientConsents: endpoint({
    method: "GET",
    path: "/api/clients/:id/consents",
    access: managers,
    tag,
    summary:
      "A client's consents (shared search, public profile): what is on, who switched each on and off and when",
    params: z.object({ id: Id }),
    audit: { action: "view", param: "id" },
    response: ClientConsentsView,
  }),
  exportFile: endpoint({
    method: "GET",
    path: "/api/export-files/:token",
    access: "public",
    tag,
    summary:
      "A file of a data export (photo, certificate, avatar) by the export's link: 24 hours, then 410 EXPORT_LINK_EXPIRED",
    params: z.object({ token: z.string().min(10).max(100) }),
    response: "file",
  }),
  retentionSettings: endpoint({
    method: "GET",
    path: "/api/retention/settings",
    access: ["INVITER"],
    tag,
    summary: "My agency's retention of inactive clients: months without activity before erasure, or off",
    response: RetentionSettings,
  }),
  saveRetentionSettings: endpoint({
    method: "PUT",
    path: "/api/retention/settings",
    access: ["INVITER"],
    tag,
    summary: "Sets my agency's retention of inactive clients (12, 24 or 36 months, or null: off)",
    body: RetentionSettings,
    response: RetentionSettings,
  }),
  retentionDue: endpoint({
    method: "GET",
    path: "/api/retention/due",
    access: ["INVITER"],
    tag,
    summary: "My clients warned and due for erasure for inactivity, the soonest first",
    response: RetentionDueList,
  }),
  clientRetention: endpoint({
    method: "GET",
    path: "/api/clients/:id/retention",
    access: managers,
    tag,
    summary: "A client under the retention setting: last activity, when they would be erased, kept or not",
    params: z.object({ id: Id }),
    audit: { action: "view", param: "id" },
    response: ClientRetentionView,
  }),
  setClientRetention: endpoint({
    method: "PUT",
    path: "/api/clients/:id/retention",
    access: managers,
    tag,
    summary: "Keeps a client (never erased for inactivity) or lets the retention setting apply again",
    params: z.object({ id: Id }),
    body: SetClientRetentionBody,
    audit: { action: "change", param: "id" },
    response: ClientRetentionView,
  }),
};
