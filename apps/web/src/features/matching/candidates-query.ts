import { CandidatesQuery } from "@matchdesk/contract";
import type { z } from "zod";
import { urlFilters } from "../../lib/url-filters";

const CandidatesUrlQuery = CandidatesQuery.omit({ pageSize: true });

/** A client's candidate filters as the page keeps them in its URL (beside `client`, the client picked). */
export const candidatesFilters = urlFilters(CandidatesUrlQuery);
export type CandidateFilters = z.output<typeof CandidatesUrlQuery>;

export const CANDIDATES_PAGE_SIZE = 12;
