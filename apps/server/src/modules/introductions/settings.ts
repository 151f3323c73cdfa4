import type { IntroductionSettings } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { introductionSettings } from "../../db/schema/index.js";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const DEFAULT_SETTINGS: IntroductionSettings = {
  reminderDays: [2, 5],
  matchmakerAlertDay: 7,
  expiryDays: 8,
  timeZone: null,
};

/** A date's zone when neither the matchmaker nor their agency named one. */
export const FALLBACK_TIME_ZONE = "UTC";

/** A matchmaker's reminder days (their agency's), or the defaults. */
export async function settingsOf(db: Db | Tx, matchmakerId: string): Promise<IntroductionSettings> {
  const [row] = await db
    .select()
    .from(introductionSettings)
    .where(eq(introductionSettings.matchmakerId, matchmakerId));
  return row
    ? {
        reminderDays: row.reminderDays,
        matchmakerAlertDay: row.matchmakerAlertDay,
        expiryDays: row.expiryDays,
        timeZone: row.timeZone,
      }
    : DEFAULT_SETTINGS;
}
