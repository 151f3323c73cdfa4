import { urlFilters } from "../../lib/url-filters";
import { usersQuery } from "../../lib/url-queries";

/** The users list's search and filters as the page keeps them in its URL. */
export const usersFilters = urlFilters(usersQuery);
export type UsersFilters = typeof usersFilters.empty;

export const USERS_PAGE_SIZE = 20;
