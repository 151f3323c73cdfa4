import { DirectoryQuery } from "@matchdesk/contract";
import type { z } from "zod";
import { urlFilters } from "../../lib/url-filters";

// The page goes last, as in the directory's URLs so far: ?q=…&country=…&city=…&verified=…&minRating=…&page=2.
const DirectoryUrlQuery = DirectoryQuery.omit({ page: true, pageSize: true }).extend({
  page: DirectoryQuery.shape.page,
});

/** The directory's search as the page keeps it in its URL, so a search can be shared. */
export const directoryFilters = urlFilters(DirectoryUrlQuery);
export type DirectoryFilters = z.output<typeof DirectoryUrlQuery>;

export const DIRECTORY_PAGE_SIZE = 12;

/** What the directory asks the API for: the URL's filters, a page of cards. */
export const directoryQuery = (filters: DirectoryFilters) => ({ ...filters, pageSize: DIRECTORY_PAGE_SIZE });
