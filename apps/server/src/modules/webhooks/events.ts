import type { users } from "../../db/schema/index.js";

/**
 * What a `client.*` event carries: the account fields a CRM keeps in step (docs/webhooks.md). The
 * questionnaire stays behind the API (GET /api/profiles/{id} with a key).
 */
export function clientEventData(row: typeof users.$inferSelect, changed?: readonly string[]) {
  return {
    client: {
      id: row.id,
      matchmakerId: row.inviterId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      gender: row.gender,
      status: row.status,
      isVerified: row.isVerified,
      participatesInSearch: row.participatesInSearch,
      createdAt: row.createdAt.toISOString(),
    },
    ...(changed && { changed }),
  };
}
