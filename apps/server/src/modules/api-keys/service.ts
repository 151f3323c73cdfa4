import {
  API_KEY_PREFIX,
  API_KEYS_MAX,
  type ApiKeyList,
  type ApiKeyView,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from "@matchdesk/contract";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { apiKeys, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { conflict, notFound } from "../../platform/errors.js";
import { hashToken, newId, newToken } from "../../platform/ids.js";

type Row = typeof apiKeys.$inferSelect;

const viewOf = (row: Row): ApiKeyView => ({
  id: row.id,
  name: row.name,
  hint: `${API_KEY_PREFIX}…${row.hint}`,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The caller's live keys, newest first. */
export async function listApiKeys(db: Db, user: SessionUser): Promise<ApiKeyList> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { items: rows.map(viewOf) };
}

/**
 * A new key: 32 random bytes behind a recognisable prefix, answered this once; only its SHA-256
 * is stored. The owner's row is locked while counting, so parallel creations cannot pass the cap.
 */
export async function createApiKey(
  db: Db,
  user: SessionUser,
  body: CreateApiKeyBody,
): Promise<CreatedApiKey> {
  const secret = `${API_KEY_PREFIX}${newToken()}`;
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)));
    if ((live?.n ?? 0) >= API_KEYS_MAX) {
      throw conflict("API_KEY_LIMIT", `At most ${API_KEYS_MAX} API keys per person; revoke one first`);
    }
    const [created] = await tx
      .insert(apiKeys)
      .values({
        id: newId(),
        userId: user.id,
        name: body.name,
        secretHash: hashToken(secret),
        hint: secret.slice(-4),
      })
      .returning();
    return created!;
  });
  return { ...viewOf(row), secret };
}

/** Revokes one of the caller's live keys; anyone else's, or a revoked one, is not found. */
export async function revokeApiKey(db: Db, user: SessionUser, id: string): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound("NOT_FOUND", "API key not found");
}
