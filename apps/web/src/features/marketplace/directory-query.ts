import { DirectoryQuery } from "@matchdesk/contract";

/** The directory's search as the page keeps it in its URL, so a search can be shared. */
export type DirectoryFilters = {
  q: string;
  country: string | null;
  city: string;
  verified: "true" | "false" | null;
  minRating: number | null;
  page: number;
};

export const DIRECTORY_PAGE_SIZE = 12;
const shape = DirectoryQuery.shape;

/** Reads the filters from the URL; a value the API would refuse is dropped rather than sent. */
export function readDirectoryFilters(params: URLSearchParams): DirectoryFilters {
  const valid = <T>(
    schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } },
    name: string,
  ) => {
    const value = params.get(name);
    if (value === null || value === "") return null;
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as T) : null;
  };
  const verified = params.get("verified");
  return {
    q: (params.get("q") ?? "").slice(0, 100),
    country: valid<string>(shape.country.unwrap(), "country"),
    city: (params.get("city") ?? "").slice(0, 100),
    verified: verified === "true" || verified === "false" ? verified : null,
    minRating: valid<number>(shape.minRating.unwrap(), "minRating"),
    page: valid<number>(shape.page, "page") ?? 1,
  };
}

/** The URL's search for the filters: only what is set, and no `page` for the first page. */
export function writeDirectoryFilters(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.country) params.set("country", filters.country);
  if (filters.city.trim()) params.set("city", filters.city.trim());
  if (filters.verified) params.set("verified", filters.verified);
  if (filters.minRating) params.set("minRating", String(filters.minRating));
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

export function directoryApiPath(filters: DirectoryFilters, pageSize: number = DIRECTORY_PAGE_SIZE): string {
  const params = writeDirectoryFilters(filters);
  params.set("page", String(filters.page));
  params.set("pageSize", String(pageSize));
  return `/api/directory?${params}`;
}

export const EMPTY_FILTERS: DirectoryFilters = {
  q: "",
  country: null,
  city: "",
  verified: null,
  minRating: null,
  page: 1,
};

export function hasActiveFilters(filters: DirectoryFilters): boolean {
  return Boolean(
    filters.q.trim() || filters.country || filters.city.trim() || filters.verified || filters.minRating,
  );
}
