import { urlFilters } from "../../lib/url-filters";
import { clientsQuery } from "../../lib/url-queries";

/** The client list's search and filters as the page keeps them in its URL. */
export const clientsFilters = urlFilters(clientsQuery);
export type ClientsFilters = typeof clientsFilters.empty;

export const CLIENTS_PAGE_SIZE = 20;
