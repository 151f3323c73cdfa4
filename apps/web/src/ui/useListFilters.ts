import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { UrlFilters } from "../lib/url-filters";

/** The filters of a paged list: a page and a text search `q`, besides its own. */
type ListQuery = { page: number; q?: string | undefined };

/** The search box's text: typed at once, sent to the URL after a pause. */
export type SearchState = {
  value: string;
  change: (value: string) => void;
  /** Empties the box and the URL's search at once. */
  clear: () => void;
};

const SEARCH_DEBOUNCE_MS = 350;

/**
 * A paged list's search and filters, kept in its URL by the list's codec. The URL is the one
 * source of the filters: any change but the page's goes back to the first page (and replaces the
 * history entry, a page change adds one); the search box follows the URL when Back or Forward
 * change it, unless it only differs in spaces.
 */
export function useListFilters<T extends ListQuery>(codec: UrlFilters<T>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = codec.read(searchParams);
  const q = filters.q ?? "";
  const [search, setSearch] = useState(q);

  const setFilters = (change: Partial<T>) =>
    setSearchParams(codec.write({ ...filters, page: 1, ...change }), { replace: !("page" in change) });
  const commitSearch = useDebouncedCallback(
    (value: string) => setFilters({ q: value } as Partial<T>),
    SEARCH_DEBOUNCE_MS,
  );
  useEffect(() => {
    setSearch((current) => (current.trim() === q ? current : q));
  }, [q]);

  const clearFilters = () => {
    commitSearch.cancel();
    setSearch("");
    setSearchParams(new URLSearchParams());
  };
  const searchState: SearchState = {
    value: search,
    change: (value) => {
      setSearch(value);
      commitSearch(value);
    },
    clear: () => {
      commitSearch.cancel();
      setSearch("");
      setFilters({ q: "" } as Partial<T>);
    },
  };

  return { filters, setFilters, clearFilters, isFiltered: codec.isFiltered(filters), search: searchState };
}
