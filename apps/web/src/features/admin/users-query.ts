import { AdminUsersQuery } from "@matchdesk/contract";
import type { z } from "zod";
import { urlFilters } from "../../lib/url-filters";

const UsersUrlQuery = AdminUsersQuery.omit({ pageSize: true });

/** The users list's search and filters as the page keeps them in its URL. */
export const usersFilters = urlFilters(UsersUrlQuery);
export type UsersFilters = z.output<typeof UsersUrlQuery>;

export const USERS_PAGE_SIZE = 20;
