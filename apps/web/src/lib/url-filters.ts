import type { z } from "zod";

/**
 * A page's search and filters kept in its URL, read and written by the API query schema they are
 * sent with: one codec for every list page. A value the API would refuse is dropped on reading
 * rather than sent; a value equal to its default (page 1) and an empty one are left out on writing,
 * so the URL of an unfiltered first page is bare.
 */
export type UrlFilters<S extends z.ZodObject> = {
  read: (params: URLSearchParams) => z.output<S>;
  write: (filters: z.output<S>) => URLSearchParams;
  /** Whether any filter is set, paging aside: the lists say "nothing matches" rather than "empty". */
  isFiltered: (filters: z.output<S>) => boolean;
  /** The filters of a bare URL. */
  empty: z.output<S>;
};

const PAGING = new Set(["page", "pageSize"]);

export function urlFilters<S extends z.ZodObject>(schema: S): UrlFilters<S> {
  // Paging last, as a person reads a URL: `?q=anna&page=2`.
  const fields = (Object.entries(schema.shape) as [string, z.ZodType][]).sort(
    ([a], [b]) => Number(PAGING.has(a)) - Number(PAGING.has(b)),
  );
  const fallback = (field: z.ZodType) => {
    const parsed = field.safeParse(undefined);
    return parsed.success ? parsed.data : undefined;
  };
  const defaults = Object.fromEntries(fields.map(([key, field]) => [key, fallback(field)]));
  const isBlank = (value: unknown) =>
    value === undefined || value === null || (typeof value === "string" && value.trim() === "");

  const read = (params: URLSearchParams) => {
    const out: Record<string, unknown> = {};
    for (const [key, field] of fields) {
      const raw = params.getAll(key).filter((value) => value !== "");
      const value = raw.length === 0 ? undefined : raw.length === 1 ? raw[0] : raw;
      let parsed = field.safeParse(value);
      // A list with one value in the URL: `cities=a`.
      if (!parsed.success && raw.length === 1) parsed = field.safeParse(raw);
      out[key] = parsed.success ? parsed.data : fallback(field);
    }
    return out as z.output<S>;
  };

  const write = (filters: z.output<S>) => {
    const params = new URLSearchParams();
    for (const [key] of fields) {
      const value = (filters as Record<string, unknown>)[key];
      if (isBlank(value) || value === defaults[key]) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        params.append(key, typeof item === "string" ? item.trim() : String(item));
      }
    }
    return params;
  };

  const isFiltered = (filters: z.output<S>) =>
    fields.some(([key]) => {
      const value = (filters as Record<string, unknown>)[key];
      return !PAGING.has(key) && !isBlank(value) && value !== defaults[key];
    });

  return { read, write, isFiltered, empty: read(new URLSearchParams()) };
}
