/** A client's page (the matchmaker's view of one client). */
export const clientPath = (id: string) => `/invited-users/${encodeURIComponent(id)}`;
