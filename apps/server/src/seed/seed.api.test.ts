import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/app.js";
import type { Database, Db } from "../db/client.js";
import { clientPreferences, clientProfiles, users } from "../db/schema/index.js";
import { newId } from "../platform/ids.js";
import { seedClientsInBulk, seedManyClients, seedMatchmaker, withoutClientTriggers } from "./seed.js";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

/** The rows of a raw statement's result, on either database. */
async function query<T>(statement: SQL): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * Every column of a matchmaker's clients (search text, state and search keys included), their
 * questionnaires and preferences, but ids and clock times; and whether the change log has each.
 */
function clientsOf(matchmakerId: string) {
  return query(sql`
    select to_jsonb(u) - 'id' - 'created_at' - 'updated_at' - 'last_activity_at' as u,
      to_jsonb(p) - 'user_id' - 'created_at' - 'updated_at' as p,
      to_jsonb(f) - 'user_id' - 'updated_at' as f,
      exists (select from match_input_changes m where m.user_id = u.id) as logged
    from users u left join client_profiles p on p.user_id = u.id
      left join client_preferences f on f.user_id = u.id
    where u.inviter_id = ${matchmakerId}
    order by u.email`);
}

async function countsOf(matchmakerId: string) {
  const [row] = await query(
    sql`select total, completed, approved from client_counts where inviter_id = ${matchmakerId}`,
  );
  return row;
}

/** Clients of every kind: approved, complete with preferences, incomplete, bare, preferences only. */
async function insertMixed(db: Db, matchmakerId: string): Promise<string[]> {
  const ids = Array.from({ length: 5 }, () => newId());
  await db.insert(users).values(
    ids.map((id, i) => ({
      id,
      email: `mixed-${i}@example.test`,
      firstName: ["Олга", "Anna", "Maria", "Elena", "Sofia"][i]!,
      lastName: "Petrova",
      phone: i === 3 ? null : `+7900100000${i}`,
      role: "INVITEE" as const,
      inviteCode: `mixed${i}${matchmakerId.slice(-8)}`.replace(/[^a-z0-9]/g, ""),
      inviterId: matchmakerId,
    })),
  );
  await db.insert(clientProfiles).values([
    { userId: ids[0]!, city: "Казань", isComplete: true, approvedAt: new Date("2026-01-02T00:00:00Z") },
    { userId: ids[1]!, city: "Berlin", isComplete: true },
    { userId: ids[2]!, city: null, isComplete: false },
  ]);
  await db.insert(clientPreferences).values([
    { userId: ids[1]!, minAge: 30, preferredCities: ["Berlin"] },
    { userId: ids[4]!, maxAge: 40 },
  ]);
  return ids;
}

describe("[seed] clients written without their triggers", () => {
  it("are the rows, counts and change log the triggers make, and the triggers are on again", async () => {
    const db = database.db;
    const anna = await seedMatchmaker(db);
    await insertMixed(db, anna.id);
    const throughTriggers = await clientsOf(anna.id);
    const triggerCounts = await countsOf(anna.id);
    expect(throughTriggers).toHaveLength(5);
    expect(triggerCounts).toEqual({ total: 5, completed: 1, approved: 1 });
    // The same clients again, without the triggers: the deletions' triggers count the first out.
    await db.execute(sql`delete from users where inviter_id = ${anna.id}`);
    await db.execute(sql`delete from match_input_changes`);
    expect(await countsOf(anna.id)).toEqual({ total: 0, completed: 0, approved: 0 });
    const ids = await withoutClientTriggers(db, (tx) => insertMixed(tx, anna.id));
    expect(await clientsOf(anna.id)).toEqual(throughTriggers);
    expect(await countsOf(anna.id)).toEqual(triggerCounts);

    // The triggers are on: a questionnaire completed moves its state, the counts and the text.
    await db.execute(
      sql`update client_profiles set is_complete = true, city = 'Omsk' where user_id = ${ids[2]!}`,
    );
    const [row] = await query<{ b: number; t: string }>(
      sql`select profile_bucket as b, search_text as t from users where id = ${ids[2]!}`,
    );
    expect(Number(row!.b)).toBe(1);
    expect(row!.t).toMatch(/ omsk$/);
    expect(await countsOf(anna.id)).toEqual({ total: 5, completed: 2, approved: 1 });
  });

  it("leave every trigger on after a failure, and refuse ids that are not clients inserted", async () => {
    const db = database.db;
    const disabled = () =>
      query<{ n: number }>(sql`select count(*)::int as n from pg_trigger
        where tgrelid in ('users'::regclass, 'client_profiles'::regclass, 'client_preferences'::regclass)
          and tgenabled = 'D'`);
    const vera = await seedMatchmaker(db);
    await expect(
      withoutClientTriggers(db, async (tx) => {
        await tx.insert(users).values({
          id: newId(),
          email: "halfway@example.test",
          firstName: "Half",
          lastName: "Way",
          role: "INVITEE",
          inviteCode: `halfway${vera.id.slice(-8)}`,
          inviterId: vera.id,
        });
        throw new Error("halfway");
      }),
    ).rejects.toThrow("halfway");
    await expect(withoutClientTriggers(db, async () => [vera.id])).rejects.toThrow(/1 ids answered, 0/);
    expect(await disabled()).toEqual([{ n: 0 }]);
    expect(await clientsOf(vera.id)).toEqual([]);
  });

  it("in bulk, are seedManyClients' clients, 10,000 a statement, adding up across calls", async () => {
    const db = database.db;
    const boris = await seedMatchmaker(db);
    await seedManyClients(db, boris.id, 25, "same");
    const throughTriggers = await clientsOf(boris.id);
    expect(await countsOf(boris.id)).toEqual({ total: 25, completed: 9, approved: 0 });
    await db.execute(sql`delete from users where inviter_id = ${boris.id}`);
    await seedClientsInBulk(db, boris.id, 25, "same");
    expect(await clientsOf(boris.id)).toEqual(throughTriggers);
    expect(await countsOf(boris.id)).toEqual({ total: 25, completed: 9, approved: 0 });

    const many = await seedClientsInBulk(db, boris.id, 10_005, "many");
    expect(new Set(many).size).toBe(10_005);
    expect(await countsOf(boris.id)).toEqual({ total: 10_030, completed: 3344, approved: 0 });
    const [found] = await query<{ n: number }>(
      sql`select count(*)::int as n from users where inviter_id = ${boris.id} and search_text ilike '%kazan%'`,
    );
    expect(Number(found!.n)).toBe(3 + 1251);
  });
});
