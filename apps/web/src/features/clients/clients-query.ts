import { ClientsQuery, type Gender, type ProfileStatus } from "@matchdesk/contract";
import type { z } from "zod";

type GenderValue = z.infer<typeof Gender>;
type YesNo = "true" | "false";

/** The client list's search and filters as the page keeps them in its URL. */
export type ClientsFilters = {
  q: string;
  profileStatus: ProfileStatus | null;
  verified: YesNo | null;
  inSearch: YesNo | null;
  gender: GenderValue | null;
  page: number;
};

export const CLIENTS_PAGE_SIZE = 20;
const shape = ClientsQuery.shape;

const yesNo = (value: string | null): YesNo | null => (value === "true" || value === "false" ? value : null);

/** Reads the filters from the URL; a value the API would refuse is dropped rather than sent. */
export function readClientsFilters(params: URLSearchParams): ClientsFilters {
  const parse = <T>(
    schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } },
    name: string,
  ) => {
    const value = params.get(name);
    if (value === null || value === "") return null;
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as T) : null;
  };
  return {
    q: (params.get("q") ?? "").slice(0, 100),
    profileStatus: parse<ProfileStatus>(shape.profileStatus.unwrap(), "profileStatus"),
    verified: yesNo(params.get("verified")),
    inSearch: yesNo(params.get("inSearch")),
    gender: parse<GenderValue>(shape.gender.unwrap(), "gender"),
    page: parse<number>(shape.page, "page") ?? 1,
  };
}

/** The URL's search for the filters: only what is set, and no `page` for the first page. */
export function writeClientsFilters(filters: ClientsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.profileStatus) params.set("profileStatus", filters.profileStatus);
  if (filters.verified) params.set("verified", filters.verified);
  if (filters.inSearch) params.set("inSearch", filters.inSearch);
  if (filters.gender) params.set("gender", filters.gender);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** GET /api/clients with the filters and the page size. */
export function clientsApiPath(filters: ClientsFilters, pageSize: number = CLIENTS_PAGE_SIZE): string {
  const params = writeClientsFilters(filters);
  params.set("page", String(filters.page));
  params.set("pageSize", String(pageSize));
  return `/api/clients?${params}`;
}

export function hasActiveFilters(filters: ClientsFilters): boolean {
  return Boolean(
    filters.q.trim() || filters.profileStatus || filters.verified || filters.inSearch || filters.gender,
  );
}
