import type { DirectoryQuery } from "@matchdesk/contract";
import type { Database, Subscription } from "../../db/client.js";
import { searchDirectory } from "./directory.js";

/** The channel the database announces any change to what the directory shows on (migration 0021). */
export const DIRECTORY_CHANGED_CHANNEL = "md_directory_changed";

type DirectoryPage = Awaited<ReturnType<typeof searchDirectory>>;

export type DirectoryCache = {
  /** The directory's answer to `q`: from memory when the same search was answered since the last change. */
  search(q: DirectoryQuery): Promise<DirectoryPage>;
  readonly size: number;
  close(): void;
};

/**
 * Directory answers kept in memory until the directory changes. The public directory is read far
 * more than it changes, and the same searches (the first page, a country) come again and again.
 * It is only correct because the database announces every change that could alter an answer (a
 * trigger, for every writer, in every instance) and this process drops every answer when it hears
 * one; a write made here is heard before it resolves, and an answer loaded across a change is not
 * kept. While notifications could be missed nothing is kept.
 */
export async function openDirectoryCache(database: Database, maxEntries = 1000): Promise<DirectoryCache> {
  const answers = new Map<string, DirectoryPage>();
  let generation = 0;
  const forget = () => {
    generation++;
    answers.clear();
  };
  const subscription: Subscription = await database.listen(DIRECTORY_CHANGED_CHANNEL, {
    message: forget,
    gap: forget,
  });
  return {
    async search(q) {
      if (!subscription.live()) return searchDirectory(database.db, q);
      // Searches that must give the same answer share a key: text and city match case-insensitively.
      const key = JSON.stringify([
        q.q?.toLowerCase() ?? null,
        q.country ?? null,
        q.city?.toLowerCase() ?? null,
        q.verified ?? null,
        q.minRating ?? null,
        q.page,
        q.pageSize,
      ]);
      const kept = answers.get(key);
      if (kept) {
        // Most recently used last: the map's order is the eviction order.
        answers.delete(key);
        answers.set(key, kept);
        return kept;
      }
      const loadGeneration = generation;
      const answer = await searchDirectory(database.db, q);
      if (loadGeneration === generation && subscription.live()) {
        answers.set(key, answer);
        if (answers.size > maxEntries) answers.delete(answers.keys().next().value!);
      }
      return answer;
    },
    get size() {
      return answers.size;
    },
    close: () => subscription.stop(),
  };
}
