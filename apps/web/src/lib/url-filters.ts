import type { FieldSpec, QueryFields } from "./query-fields";

/**
 * A page's search and filters kept in its URL, read and written by the fields of the API query they
 * are sent with (`query-fields.ts`): one codec for every list page. A value the API would refuse is
 * dropped on reading rather than sent; a value equal to its default (page 1) and an empty one are
 * left out on writing, so the URL of an unfiltered first page is bare. Text is trimmed.
 */
export type UrlFilters<T> = {
  read: (params: URLSearchParams) => T;
  write: (filters: T) => URLSearchParams;
  /** Whether any filter is set, paging aside: the lists say "nothing matches" rather than "empty". */
  isFiltered: (filters: T) => boolean;
  /** The filters of a bare URL. */
  empty: T;
  /** What each filter may hold: a select's options come from here. */
  fields: QueryFields<T>;
};

const PAGING = new Set(["page", "pageSize"]);

/** One URL value as its field holds it, or undefined when the API would refuse it. */
function parseValue(spec: FieldSpec<unknown>, raw: string): unknown {
  switch (spec.kind) {
    case "text": {
      const text = raw.trim();
      const tooShort = spec.min !== undefined && text.length < spec.min;
      const tooLong = spec.max !== undefined && text.length > spec.max;
      return tooShort || tooLong ? undefined : text;
    }
    case "int": {
      const value = Number(raw);
      const inRange = (spec.min ?? -Infinity) <= value && value <= (spec.max ?? Infinity);
      return Number.isSafeInteger(value) && inRange ? value : undefined;
    }
    case "enum":
      return (spec.values as readonly string[]).includes(raw) ? raw : undefined;
    case "bool":
      return raw === "true" ? true : raw === "false" ? false : undefined;
  }
}

function parseField(spec: FieldSpec<unknown>, raw: string[]): unknown {
  if (raw.length === 0) return spec.default;
  if (!spec.list) return raw.length === 1 ? (parseValue(spec, raw[0]!) ?? spec.default) : spec.default;
  const values = raw.map((item) => parseValue(spec, item));
  return values.includes(undefined) ? spec.default : values;
}

export function urlFilters<T>(query: QueryFields<T>): UrlFilters<T> {
  // Paging last, as a person reads a URL: `?q=anna&page=2`.
  const fields = (Object.entries(query) as [string, FieldSpec<unknown>][]).sort(
    ([a], [b]) => Number(PAGING.has(a)) - Number(PAGING.has(b)),
  );
  const isBlank = (value: unknown) =>
    value === undefined || value === null || (typeof value === "string" && value.trim() === "");
  const filterValue = (filters: T, key: string) => (filters as Record<string, unknown>)[key];

  const read = (params: URLSearchParams) =>
    Object.fromEntries(
      fields.map(([key, spec]) => [
        key,
        parseField(
          spec,
          params.getAll(key).filter((value) => value !== ""),
        ),
      ]),
    ) as T;

  const write = (filters: T) => {
    const params = new URLSearchParams();
    for (const [key, spec] of fields) {
      const value = filterValue(filters, key);
      if (isBlank(value) || value === spec.default) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        params.append(key, typeof item === "string" ? item.trim() : String(item));
      }
    }
    return params;
  };

  const isFiltered = (filters: T) =>
    fields.some(([key, spec]) => {
      const value = filterValue(filters, key);
      return !PAGING.has(key) && !isBlank(value) && value !== spec.default;
    });

  return { read, write, isFiltered, empty: read(new URLSearchParams()), fields: query };
}
