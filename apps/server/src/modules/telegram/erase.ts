import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { telegramLinkCodes, telegramLinks } from "../../db/schema/index.js";

/** Deletes the person's Telegram link (their chat id) and link codes: nothing reaches them there. */
export async function eraseTelegramOf(tx: Db, userId: string): Promise<number> {
  await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, userId));
  const links = await tx
    .delete(telegramLinks)
    .where(eq(telegramLinks.userId, userId))
    .returning({ userId: telegramLinks.userId });
  return links.length;
}
