import { urlFilters } from "../../lib/url-filters";
import { directoryQuery as directoryUrlQuery } from "../../lib/url-queries";

/** The directory's search as the page keeps it in its URL, so a search can be shared: ?q=…&country=…&page=2. */
export const directoryFilters = urlFilters(directoryUrlQuery);
export type DirectoryFilters = typeof directoryFilters.empty;

export const DIRECTORY_PAGE_SIZE = 12;

/** What the directory asks the API for: the URL's filters, a page of cards. */
export const directoryQuery = (filters: DirectoryFilters) => ({ ...filters, pageSize: DIRECTORY_PAGE_SIZE });
