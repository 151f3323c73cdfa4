import { urlFilters } from "../../lib/url-filters";
import { candidatesQuery } from "../../lib/url-queries";

/** A client's candidate filters as the page keeps them in its URL (beside `client`, the client picked). */
export const candidatesFilters = urlFilters(candidatesQuery);
export type CandidateFilters = typeof candidatesFilters.empty;

export const CANDIDATES_PAGE_SIZE = 12;
