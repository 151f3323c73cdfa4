import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { chatMembers, chatMessages } from "../../db/schema/index.js";

/** Deletes the messages the person wrote and takes them out of their chats. */
export async function eraseChatOf(tx: Db, userId: string): Promise<number> {
  const rows = await tx
    .delete(chatMessages)
    .where(eq(chatMessages.senderId, userId))
    .returning({ id: chatMessages.id });
  await tx.delete(chatMembers).where(eq(chatMembers.userId, userId));
  return rows.length;
}
