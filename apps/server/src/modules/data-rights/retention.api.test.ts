import { ClientRetentionView, RetentionDueList, RetentionSettings } from "@matchdesk/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import {
  chatMembers,
  chatMessages,
  chats,
  clientPreferences,
  clientProfiles,
  clientRetention,
  introductionFeedback,
  introductionSides,
  introductions,
  matchInputChanges,
  notifications,
  outbox,
  photos,
  retentionSettings,
  users,
} from "../../db/schema/index.js";
import { newId } from "../../platform/ids.js";
import { seedClient, seedMatchmaker } from "../../seed/seed.js";
import { markActive } from "../users/service.js";
import { runRetention, startRetentionJob } from "./retention.js";

// Issue 20, retention: a matchmaker's clients without activity for the agency's period are erased
// (the same erasure as a manual one), the matchmaker warned once 30 days before; "keep" and new
// activity stop it; off (the default) does nothing. Time moves by the stored timestamps and the
// job's `now`, never by a fake clock.

const DAY = 86_400_000;
let t: TestApp;
let mm: { id: string; email: string };
let other: { id: string; email: string };
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  mm = await seedMatchmaker(t.database.db, { firstName: "Rita", lastName: "Retainer" });
  other = await seedMatchmaker(t.database.db, { firstName: "Oskar", lastName: "Other" });
  cookie = (await signIn(t.app, mm.email)).cookie;
  otherCookie = (await signIn(t.app, other.email)).cookie;
}, 60_000);
afterAll(async () => t?.close());

const call = (c: string, method: "GET" | "PUT", url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: c }, payload });
const run = (now: Date) => runRetention(t.app.deps, now);

/** The date `months` calendar months after `from`, as the job counts them. */
function plusMonths(from: Date, months: number) {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** A client whose every trace of activity is at `at` (the 15th of a month, so months add evenly). */
async function inactiveClient(name: string, at: Date, matchmakerId = mm.id) {
  const client = await seedClient(t.database.db, matchmakerId, { firstName: name, lastName: "Sleeper" });
  await setActivity(client.id, at);
  return client;
}
async function setActivity(id: string, at: Date) {
  const db = t.database.db;
  await db.update(clientProfiles).set({ updatedAt: at }).where(eq(clientProfiles.userId, id));
  await db.update(clientPreferences).set({ updatedAt: at }).where(eq(clientPreferences.userId, id));
  // The stored activity moves forward only: set back by hand, as time passing would leave it.
  await db.update(users).set({ createdAt: at, lastActiveAt: at, lastActivityAt: at }).where(eq(users.id, id));
}
const userOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const warningsFor = async (clientId: string) =>
  (
    await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mm.id), eq(notifications.kind, "client_retention_warning")))
  ).filter((n) => n.params.clientId === clientId);

describe("the retention setting", () => {
  it("is off by default, takes 12, 24 or 36 months or null, and refuses anything else", async () => {
    const first = await call(cookie, "GET", "/api/retention/settings");
    expect(first.statusCode).toBe(200);
    expect(RetentionSettings.parse(first.json())).toEqual({ months: null });
    for (const months of [7, 0, "24", -12, 48]) {
      const bad = await call(cookie, "PUT", "/api/retention/settings", { months });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe("VALIDATION_FAILED");
    }
    expect(await t.database.db.select().from(retentionSettings)).toEqual([]);
    const on = await call(cookie, "PUT", "/api/retention/settings", { months: 12 });
    expect(on.json()).toEqual({ months: 12 });
    const off = await call(cookie, "PUT", "/api/retention/settings", { months: null });
    expect(off.json()).toEqual({ months: null });
    expect(await t.database.db.select().from(retentionSettings)).toEqual([]);
  });
});

describe("the retention job", () => {
  const lastActive = new Date(Date.UTC(2023, 0, 15, 12));
  const due = plusMonths(lastActive, 24);

  it("does nothing while the setting is off", async () => {
    const client = await inactiveClient("Olaf", new Date(Date.UTC(2019, 0, 15, 12)));
    const result = await run(new Date());
    expect(result.ran).toBe(true);
    expect(result.warned.filter((w) => w.clientId === client.id)).toEqual([]);
    expect(result.erased).not.toContain(client.id);
    expect((await userOf(client.id)).erasedAt).toBeNull();
    expect(await warningsFor(client.id)).toEqual([]);
    const view = ClientRetentionView.parse(
      (await call(cookie, "GET", `/api/clients/${client.id}/retention`)).json(),
    );
    expect(view).toMatchObject({ months: null, keep: false, erasesAt: null, warnedAt: null });
    await t.database.db.delete(users).where(eq(users.id, client.id));
  });

  it("warns the matchmaker once 30 days before, then erases the client on the date", async () => {
    const client = await inactiveClient("Wanda", lastActive);
    const otherClient = await inactiveClient("Ulla", lastActive, other.id);
    expect((await call(cookie, "PUT", "/api/retention/settings", { months: 24 })).statusCode).toBe(200);

    // 31 days before: nothing yet.
    let result = await run(new Date(due.getTime() - 31 * DAY));
    expect(result.warned).toEqual([]);
    expect(result.erased).toEqual([]);

    // 30 days before: one warning, in the app and by e-mail, naming the date.
    const warnAt = new Date(due.getTime() - 30 * DAY);
    const mailsBefore = (await t.database.db.select().from(outbox).where(eq(outbox.toAddress, mm.email)))
      .length;
    result = await run(warnAt);
    expect(result.warned.map((w) => w.clientId)).toEqual([client.id]);
    const [notice] = await warningsFor(client.id);
    expect(notice!.params).toMatchObject({
      clientName: "Wanda Sleeper",
      erasesAt: due.toISOString().slice(0, 10),
    });
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, mm.email));
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.some((m) => m.body.includes("Wanda Sleeper"))).toBe(true);
    const view = ClientRetentionView.parse(
      (await call(cookie, "GET", `/api/clients/${client.id}/retention`)).json(),
    );
    expect(view).toMatchObject({ months: 24, keep: false, erasesAt: due.toISOString() });
    expect(view.lastActivityAt).toBe(lastActive.toISOString());
    expect(view.warnedAt).not.toBeNull();

    // Runs again, on one instance after another and on two at once: no second warning.
    await run(new Date(warnAt.getTime() + 3_600_000));
    await Promise.all([run(new Date(due.getTime() - DAY)), run(new Date(due.getTime() - DAY))]);
    expect(await warningsFor(client.id)).toHaveLength(1);
    expect((await userOf(client.id)).erasedAt).toBeNull();

    // On the date: erased, as "Erase client" does (the tombstone, the warning gone with the name).
    const [a, b] = await Promise.all([run(due), run(due)]);
    expect([...a.erased, ...b.erased]).toEqual([client.id]);
    const tombstone = await userOf(client.id);
    expect(tombstone.erasedAt).not.toBeNull();
    expect(tombstone).toMatchObject({ email: null, firstName: "—", lastName: "", inviterId: null });
    expect(await warningsFor(client.id)).toEqual([]);
    expect(
      await t.database.db.select().from(clientRetention).where(eq(clientRetention.clientId, client.id)),
    ).toEqual([]);
    expect((await call(cookie, "GET", `/api/clients/${client.id}/retention`)).statusCode).toBe(404);
    // Idempotent; another agency (off) is untouched.
    expect((await run(new Date(due.getTime() + DAY))).erased).toEqual([]);
    expect((await userOf(otherClient.id)).erasedAt).toBeNull();
  });

  it("keeps a client the matchmaker marked 'keep'", async () => {
    const client = await inactiveClient("Karl", lastActive);
    await run(new Date(due.getTime() - 30 * DAY));
    expect(await warningsFor(client.id)).toHaveLength(1);

    // Only the client's matchmaker (or an admin) sets it; bad input writes nothing.
    expect(
      (await call(otherCookie, "PUT", `/api/clients/${client.id}/retention`, { keep: true })).statusCode,
    ).toBe(404);
    expect(
      (await call(cookie, "PUT", `/api/clients/${client.id}/retention`, { keep: "yes" })).statusCode,
    ).toBe(400);
    const kept = await call(cookie, "PUT", `/api/clients/${client.id}/retention`, { keep: true });
    expect(kept.statusCode).toBe(200);
    expect(ClientRetentionView.parse(kept.json())).toMatchObject({
      keep: true,
      erasesAt: null,
      warnedAt: null,
    });

    const later = new Date(due.getTime() + 400 * DAY);
    const result = await run(later);
    expect(result.erased).not.toContain(client.id);
    expect(result.warned.map((w) => w.clientId)).not.toContain(client.id);
    expect((await userOf(client.id)).erasedAt).toBeNull();

    // Let go again: warned anew, and erased no sooner than 30 days after that warning.
    await call(cookie, "PUT", `/api/clients/${client.id}/retention`, { keep: false });
    expect((await run(later)).warned.map((w) => w.clientId)).toEqual([client.id]);
    expect((await run(new Date(later.getTime() + 29 * DAY))).erased).toEqual([]);
    expect((await run(new Date(later.getTime() + 30 * DAY))).erased).toEqual([client.id]);
  });

  it("starts the clock again when the client is active again", async () => {
    // The view below is read at the real time: the new date must stay more than 30 days ahead of
    // it (else the erasure waits for a warning 30 days from now), so this client's dates follow
    // the clock: last active on the 15th, 13 months ago.
    const today = new Date();
    const lastActive = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 13, 15, 12));
    const due = plusMonths(lastActive, 24);
    const client = await inactiveClient("Ada", lastActive);
    await run(new Date(due.getTime() - 30 * DAY));
    expect(await warningsFor(client.id)).toHaveLength(1);

    // The client signs in 10 days before the date (a sign-in or a session's renewal marks it).
    const signedInAt = new Date(due.getTime() - 10 * DAY);
    await markActive(t.database.db, client.id, signedInAt);
    let result = await run(due);
    expect(result.erased).toEqual([]);
    expect((await userOf(client.id)).erasedAt).toBeNull();
    const view = ClientRetentionView.parse(
      (await call(cookie, "GET", `/api/clients/${client.id}/retention`)).json(),
    );
    const newDue = plusMonths(signedInAt, 24);
    expect(view.lastActivityAt).toBe(signedInAt.toISOString());
    expect(view.erasesAt).toBe(newDue.toISOString());

    // A questionnaire change counts too; the new date's warning comes 30 days before it, once.
    const editedAt = new Date(signedInAt.getTime() + DAY);
    await t.database.db
      .update(clientProfiles)
      .set({ updatedAt: editedAt })
      .where(eq(clientProfiles.userId, client.id));
    const [profile] = await t.database.db
      .select()
      .from(clientProfiles)
      .where(eq(clientProfiles.userId, client.id));
    const lastDue = profile ? plusMonths(editedAt, 24) : newDue;
    expect((await run(new Date(lastDue.getTime() - 31 * DAY))).warned).toEqual([]);
    result = await run(new Date(lastDue.getTime() - 30 * DAY));
    expect(result.warned.map((w) => w.clientId)).toEqual([client.id]);
    expect(await warningsFor(client.id)).toHaveLength(2);
    expect((await run(lastDue)).erased).toEqual([client.id]);
  });

  it("counts a chat message the client wrote, not one written to them", async () => {
    const client = await inactiveClient("Chloe", lastActive);
    const db = t.database.db;
    const chatId = newId();
    await db.insert(chats).values({ id: chatId, pairKey: `${client.id}:${mm.id}` });
    await db.insert(chatMembers).values([
      { chatId, userId: client.id },
      { chatId, userId: mm.id },
    ]);
    const theirs = new Date(lastActive.getTime() + 5 * DAY);
    const mine = new Date(lastActive.getTime() + 3 * DAY);
    await db.insert(chatMessages).values([
      { id: newId(), chatId, senderId: mm.id, body: "Are you there?", createdAt: theirs },
      { id: newId(), chatId, senderId: client.id, body: "Yes", createdAt: mine },
    ]);
    const view = ClientRetentionView.parse(
      (await call(cookie, "GET", `/api/clients/${client.id}/retention`)).json(),
    );
    expect(view.lastActivityAt).toBe(mine.toISOString());
    expect(view.erasesAt).not.toBeNull();
    await call(cookie, "PUT", `/api/clients/${client.id}/retention`, { keep: true });
  });

  it("leaves a switched-off matchmaker's clients alone: nobody would read the warning", async () => {
    const away = await seedMatchmaker(t.database.db, { firstName: "Gone", lastName: "Away" });
    const awayCookie = (await signIn(t.app, away.email)).cookie;
    expect((await call(awayCookie, "PUT", "/api/retention/settings", { months: 24 })).statusCode).toBe(200);
    const client = await inactiveClient("Nora", lastActive, away.id);
    await t.database.db.update(users).set({ status: "inactive" }).where(eq(users.id, away.id));
    const warned = await run(new Date(due.getTime() - 30 * DAY));
    expect(warned.warned.map((w) => w.clientId)).not.toContain(client.id);
    const later = await run(new Date(due.getTime() + 100 * DAY));
    expect(later.erased).not.toContain(client.id);
    expect((await userOf(client.id)).erasedAt).toBeNull();
    expect(await warningsFor(client.id)).toEqual([]);
  });

  it("switched off, erases nothing even of a warned client", async () => {
    const client = await inactiveClient("Fiona", lastActive);
    await call(cookie, "PUT", "/api/retention/settings", { months: 24 });
    await run(new Date(due.getTime() - 30 * DAY));
    expect(await warningsFor(client.id)).toHaveLength(1);
    await call(cookie, "PUT", "/api/retention/settings", { months: null });
    const result = await run(new Date(due.getTime() + 100 * DAY));
    expect(result).toMatchObject({ warned: [], erased: [] });
    expect((await userOf(client.id)).erasedAt).toBeNull();
  });

  it("counts a proposal for the proposing side's client only, and is no change of matching input", async () => {
    const db = t.database.db;
    const ours = await inactiveClient("Pia", lastActive);
    const theirs = await inactiveClient("Quin", lastActive, other.id);
    const activityOf = async (id: string) => (await userOf(id)).lastActivityAt.toISOString();
    // Another agency proposes their client to ours: their client's activity, not ours.
    const proposedAt = new Date(lastActive.getTime() + 3 * DAY);
    await db.insert(introductions).values({
      id: newId(),
      clientId: theirs.id,
      candidateId: ours.id,
      pairKey: [ours.id, theirs.id].sort().join(":"),
      proposedBy: other.id,
      responderId: mm.id,
      status: "awaiting_response",
      createdAt: proposedAt,
    });
    expect(await activityOf(theirs.id)).toBe(proposedAt.toISOString());
    expect(await activityOf(ours.id)).toBe(lastActive.toISOString());
    // A matchmaker's row is never bumped.
    const mmBefore = (await userOf(mm.id)).lastActivityAt.toISOString();
    await db.execute(sql`select md_bump_activity(${mm.id}, now())`);
    expect((await userOf(mm.id)).lastActivityAt.toISOString()).toBe(mmBefore);
    // A sign-in moves the activity but is no change the candidate pools must reload.
    const xidOf = async () =>
      (await db.select().from(matchInputChanges).where(eq(matchInputChanges.userId, ours.id)))[0]?.changedXid;
    const xid = await xidOf();
    await markActive(db, ours.id, new Date());
    expect(await xidOf()).toBe(xid);
    await db.update(users).set({ firstName: "Pia-Maria" }).where(eq(users.id, ours.id));
    expect(await xidOf()).not.toBe(xid);
  });

  it("counts an answer, a reply to a planned date, feedback on a date and a photo", async () => {
    const db = t.database.db;
    const a = await inactiveClient("Ansel", lastActive);
    const b = await inactiveClient("Bea", lastActive);
    const activityOf = async (id: string) => (await userOf(id)).lastActivityAt.toISOString();
    const id = newId();
    await db.insert(introductions).values({
      id,
      clientId: a.id,
      candidateId: b.id,
      pairKey: [a.id, b.id].sort().join(":"),
      proposedBy: mm.id,
      responderId: mm.id,
      status: "dated",
      createdAt: lastActive,
    });
    await db.insert(introductionSides).values([
      { introductionId: id, clientId: a.id, matchmakerId: mm.id },
      { introductionId: id, clientId: b.id, matchmakerId: mm.id },
    ]);
    // An introduction proposed long ago moves nothing back.
    expect(await activityOf(a.id)).toBe(lastActive.toISOString());

    // Ansel answers: his activity, not Bea's.
    const answeredAt = new Date(lastActive.getTime() + 2 * DAY);
    await db
      .update(introductionSides)
      .set({ answer: "yes", answeredAt })
      .where(and(eq(introductionSides.introductionId, id), eq(introductionSides.clientId, a.id)));
    expect(await activityOf(a.id)).toBe(answeredAt.toISOString());
    expect(await activityOf(b.id)).toBe(lastActive.toISOString());
    const view = ClientRetentionView.parse(
      (await call(cookie, "GET", `/api/clients/${a.id}/retention`)).json(),
    );
    expect(view.lastActivityAt).toBe(answeredAt.toISOString());

    // Bea replies to the planned date: now.
    const before = Date.now();
    await db
      .update(introductionSides)
      .set({ dateResponse: "confirmed" })
      .where(and(eq(introductionSides.introductionId, id), eq(introductionSides.clientId, b.id)));
    const replied = (await userOf(b.id)).lastActivityAt.getTime();
    expect(replied).toBeGreaterThanOrEqual(before - 1000);
    expect(replied).toBeLessThanOrEqual(Date.now() + 1000);

    // Ansel's feedback after the date, then a photo.
    const feedbackAt = new Date(lastActive.getTime() + 4 * DAY);
    await db.insert(introductionFeedback).values({
      introductionId: id,
      clientId: a.id,
      happened: true,
      meetAgain: "yes",
      createdAt: feedbackAt,
    });
    expect(await activityOf(a.id)).toBe(feedbackAt.toISOString());
    const photoAt = new Date(lastActive.getTime() + 6 * DAY);
    await db.insert(photos).values({
      id: newId(),
      profileUserId: a.id,
      storageKey: `test/${newId()}`,
      thumbKey: `test/${newId()}`,
      width: 10,
      height: 10,
      bytes: 100,
      createdAt: photoAt,
    });
    expect(await activityOf(a.id)).toBe(photoAt.toISOString());

    // At most one write a minute: 30 seconds later moves nothing; a sign-in a minute later does.
    await db
      .update(clientProfiles)
      .set({ updatedAt: new Date(photoAt.getTime() + 30_000) })
      .where(eq(clientProfiles.userId, a.id));
    expect(await activityOf(a.id)).toBe(photoAt.toISOString());
    const signIn = new Date(photoAt.getTime() + 61_000);
    await markActive(db, a.id, signIn);
    expect(await activityOf(a.id)).toBe(signIn.toISOString());
    // The run reads Ansel's new date: warned 30 days before it, not before.
    const aDue = plusMonths(signIn, 24);
    await call(cookie, "PUT", "/api/retention/settings", { months: 24 });
    expect((await run(new Date(aDue.getTime() - 31 * DAY))).warned.map((w) => w.clientId)).not.toContain(
      a.id,
    );
    for (const c of [a, b]) await call(cookie, "PUT", `/api/clients/${c.id}/retention`, { keep: true });
    await call(cookie, "PUT", "/api/retention/settings", { months: null });
  });

  it("warns a matchmaker of several clients at once in one digest, in their language, listed in the app", async () => {
    const db = t.database.db;
    for (const locale of ["en-US", "ru-RU"] as const) {
      const boss = await seedMatchmaker(db, { firstName: "Dora", lastName: `Digest ${locale}` });
      await db.update(users).set({ locale }).where(eq(users.id, boss.id));
      const bossCookie = (await signIn(t.app, boss.email)).cookie;
      const sleepers = [];
      for (const [i, name] of ["Una", "Dag", "Tri"].entries())
        sleepers.push(await inactiveClient(name, new Date(lastActive.getTime() + i * DAY), boss.id));
      const awake = await seedClient(db, boss.id, { firstName: "Wade", lastName: "Awake" });
      expect((await call(bossCookie, "PUT", "/api/retention/settings", { months: 24 })).statusCode).toBe(200);
      const empty = await call(bossCookie, "GET", "/api/retention/due");
      expect(RetentionDueList.parse(empty.json())).toEqual({ items: [], total: 0 });

      // All three due within the run: one notification and one e-mail, not three.
      const at = new Date(due.getTime() - 28 * DAY);
      const result = await run(at);
      expect(
        result.warned
          .filter((w) => w.matchmakerId === boss.id)
          .map((w) => w.clientId)
          .sort(),
      ).toEqual(sleepers.map((c) => c.id).sort());
      const notes = await db.select().from(notifications).where(eq(notifications.userId, boss.id));
      expect(notes.map((n) => n.kind)).toEqual(["client_retention_digest"]);
      // Warned now, each is erased 30 days on (no sooner than 30 days after the warning).
      const erasesAt = new Date(at.getTime() + 30 * DAY);
      expect(notes[0]!.params).toEqual({ count: 3, erasesAt: erasesAt.toISOString().slice(0, 10), days: 30 });
      const mails = await db.select().from(outbox).where(eq(outbox.toAddress, boss.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain(
        locale === "en-US"
          ? "3 clients have had no activity"
          : "Клиентов, давно не проявлявших активности: 3",
      );
      // No client's name in the digest: the list is in the app.
      expect(mails[0]!.body).not.toContain("Sleeper");

      const list = RetentionDueList.parse((await call(bossCookie, "GET", "/api/retention/due")).json());
      expect(list.total).toBe(3);
      expect(list.items).toEqual(
        sleepers.map((c, i) => ({
          clientId: c.id,
          name: `${["Una", "Dag", "Tri"][i]} Sleeper`,
          lastActivityAt: new Date(lastActive.getTime() + i * DAY).toISOString(),
          erasesAt: erasesAt.toISOString(),
        })),
      );
      expect(list.items.map((i) => i.clientId)).not.toContain(awake.id);
      // Another matchmaker sees only their own.
      const theirs = RetentionDueList.parse((await call(otherCookie, "GET", "/api/retention/due")).json());
      expect(theirs.items.map((i) => i.clientId)).not.toContain(sleepers[0]!.id);

      // Once kept, a client leaves the list; a second run sends nothing more.
      await call(bossCookie, "PUT", `/api/clients/${sleepers[0]!.id}/retention`, { keep: true });
      expect(RetentionDueList.parse((await call(bossCookie, "GET", "/api/retention/due")).json()).total).toBe(
        2,
      );
      // Active again after the warning: no longer due, even while the new date is near enough
      // for the job to read the client (within 33 days of it).
      const now = new Date();
      await markActive(db, sleepers[1]!.id, new Date(plusMonths(now, -24).getTime() + 31.5 * DAY));
      const afterActivity = RetentionDueList.parse(
        (await call(bossCookie, "GET", "/api/retention/due")).json(),
      );
      expect(afterActivity.items.map((i) => i.clientId)).toEqual([sleepers[2]!.id]);
      await run(new Date(at.getTime() + DAY));
      expect(await db.select().from(notifications).where(eq(notifications.userId, boss.id))).toHaveLength(1);
      await call(bossCookie, "PUT", "/api/retention/settings", { months: null });
    }
  });

  it("stops for a shutdown only once the run under way has finished", async () => {
    const db = t.database.db;
    const boss = await seedMatchmaker(db, { firstName: "Stella", lastName: "Stop" });
    const bossCookie = (await signIn(t.app, boss.email)).cookie;
    expect((await call(bossCookie, "PUT", "/api/retention/settings", { months: 12 })).statusCode).toBe(200);
    // Inactive for years, one warned long ago: the run at start warns the other; stopped at once,
    // it starts no erasure.
    const gone = await inactiveClient("Gus", new Date(Date.UTC(2019, 0, 15, 12)), boss.id);
    await db.insert(clientRetention).values({ clientId: gone.id, warnedAt: new Date(Date.UTC(2020, 0, 15)) });
    const warned = await inactiveClient("Wes", new Date(Date.UTC(2019, 0, 15, 12)), boss.id);
    const logged: unknown[] = [];
    const log = { info: (...a: unknown[]) => logged.push(a), warn: (...a: unknown[]) => logged.push(a) };
    const stop = startRetentionJob(t.app.deps, log as never);
    await stop();
    // Awaited: the run's warning is stored by the time stop() resolves.
    expect((await userOf(gone.id)).erasedAt).toBeNull();
    const notes = await db.select().from(notifications).where(eq(notifications.userId, boss.id));
    expect(notes.map((n) => [n.kind, n.params.clientId])).toEqual([["client_retention_warning", warned.id]]);
    expect(logged).toHaveLength(1);
    // Stopped: a second stop has nothing to wait for; the next run erases what was due.
    expect(await stop()).toBeUndefined();
    expect((await run(new Date())).erased).toEqual([gone.id]);
    await call(bossCookie, "PUT", "/api/retention/settings", { months: null });
  });

  it("starts no erasure once stopped; the warnings marked are still sent", async () => {
    const db = t.database.db;
    const boss = await seedMatchmaker(db, { firstName: "Hal", lastName: "Halt" });
    const bossCookie = (await signIn(t.app, boss.email)).cookie;
    await call(bossCookie, "PUT", "/api/retention/settings", { months: 12 });
    const gone = await inactiveClient("Kept", new Date(Date.UTC(2019, 0, 15, 12)), boss.id);
    await db.insert(clientRetention).values({ clientId: gone.id, warnedAt: new Date(Date.UTC(2020, 0, 15)) });
    const fresh = await inactiveClient("Newly", new Date(Date.UTC(2019, 0, 15, 12)), boss.id);
    const result = await runRetention(t.app.deps, new Date(), undefined, { stopped: true });
    expect(result.erased).toEqual([]);
    expect(result.warned.map((w) => w.clientId)).toEqual([fresh.id]);
    expect((await userOf(gone.id)).erasedAt).toBeNull();
    // The next run erases it.
    expect((await run(new Date())).erased).toEqual([gone.id]);
    await call(bossCookie, "PUT", "/api/retention/settings", { months: null });
  });
});
