import {
  AdminUsersQuery,
  CandidatesQuery,
  ClientsQuery,
  DirectoryQuery,
  IntroductionsQuery,
} from "@matchdesk/contract";
import { queryFields } from "./query-fields";
import { InboxUrlQuery, ModerationUrlQuery } from "./url-query-schemas";

// The URL filters of every list page, computed from the API query each list sends (the page size
// is the page's own). The production build runs this module and bundles its exports as plain data
// (build-time-data.ts): a list page reads its URL without zod. Exports are plain data only.

export const clientsQuery = queryFields(ClientsQuery.omit({ pageSize: true }));
export const candidatesQuery = queryFields(CandidatesQuery.omit({ pageSize: true }));
export const usersQuery = queryFields(AdminUsersQuery.omit({ pageSize: true }));
export const directoryQuery = queryFields(DirectoryQuery.omit({ pageSize: true }));
export const workspaceQuery = queryFields(
  IntroductionsQuery.pick({ group: true, status: true, clientId: true, page: true }),
);

export const moderationQuery = queryFields(ModerationUrlQuery);
export const inboxQuery = queryFields(InboxUrlQuery);
