import { ClientsQuery } from "@matchdesk/contract";
import type { z } from "zod";
import { urlFilters } from "../../lib/url-filters";

const ClientsUrlQuery = ClientsQuery.omit({ pageSize: true });

/** The client list's search and filters as the page keeps them in its URL. */
export const clientsFilters = urlFilters(ClientsUrlQuery);
export type ClientsFilters = z.output<typeof ClientsUrlQuery>;

export const CLIENTS_PAGE_SIZE = 20;
