import { AdminUsersQuery, type Role, type UserStatus } from "@matchdesk/contract";

/** The users list's search and filters as the page keeps them in its URL. */
export type UsersFilters = {
  q: string;
  role: Role | null;
  status: UserStatus | null;
  verified: "true" | "false" | null;
  page: number;
};

export const USERS_PAGE_SIZE = 20;
const shape = AdminUsersQuery.shape;

/** Reads the filters from the URL; a value the API would refuse is dropped rather than sent. */
export function readUsersFilters(params: URLSearchParams): UsersFilters {
  const pick = <T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, name: string) => {
    const value = params.get(name);
    if (value === null || value === "") return null;
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as T) : null;
  };
  const q = (params.get("q") ?? "").slice(0, 100);
  const verified = params.get("verified");
  return {
    q,
    role: pick<Role>(shape.role.unwrap(), "role"),
    status: pick<UserStatus>(shape.status.unwrap(), "status"),
    verified: verified === "true" || verified === "false" ? verified : null,
    page: pick<number>(shape.page, "page") ?? 1,
  };
}

/** The URL's search for the filters: only what is set, and no `page` for the first page. */
export function writeUsersFilters(filters: UsersFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.role) params.set("role", filters.role);
  if (filters.status) params.set("status", filters.status);
  if (filters.verified) params.set("verified", filters.verified);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** GET /api/admin/users with the filters and the page size. */
export function usersApiPath(filters: UsersFilters, pageSize: number = USERS_PAGE_SIZE): string {
  const params = writeUsersFilters(filters);
  params.set("page", String(filters.page));
  params.set("pageSize", String(pageSize));
  return `/api/admin/users?${params}`;
}

export function hasActiveFilters(filters: UsersFilters): boolean {
  return Boolean(filters.q.trim() || filters.role || filters.status || filters.verified);
}
