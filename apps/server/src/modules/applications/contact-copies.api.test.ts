import { APPLICATION_LIMITS } from "@matchdesk/contract";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/app.js";
import { startSmtpServer } from "../../../test/smtp.js";
import { contactMessages, matchmakerApplications } from "../../db/schema/index.js";
import { sweepExpired } from "../../platform/housekeeping.js";
import { newId } from "../../platform/ids.js";
import { seedAdmin } from "../../seed/seed.js";
import { updateUser } from "../users/service.js";
import { sweepApplications } from "./service.js";

// Issue 17 follow-up B: the contact form's copies honour each admin's e-mail setting and a global
// hourly cap; applications and messages are kept only for the retention period.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ip = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test" });
  await seedAdmin(t.database.db, { email: "reads-mail@example.test" });
  const quiet = await seedAdmin(t.database.db, { email: "quiet@example.test" });
  await updateUser(t.database.db, quiet.id, { emailNotifications: false });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (message: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { name: "Pavel", email: "pavel@example.test", message },
    remoteAddress: `10.4.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
const settle = () => new Promise((r) => setTimeout(r, 150));
const copiesTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

describe("[applications] contact copies", () => {
  it("go only to admins with e-mail notifications on", async () => {
    expect((await send("first")).statusCode).toBe(202);
    await settle();
    expect(copiesTo("reads-mail@example.test")).toHaveLength(1);
    expect(copiesTo("quiet@example.test")).toHaveLength(0);
  });

  it("stop for the hour past the global cap, from any number of addresses; every message is still kept", async () => {
    const cap = APPLICATION_LIMITS.contactCopiesPerHour;
    // The first test's message counted already.
    for (let i = 1; i < cap + 3; i++) expect((await send(`capped ${i}`)).statusCode).toBe(202);
    await settle();
    expect(copiesTo("reads-mail@example.test")).toHaveLength(cap);
    const kept = await t.database.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.email, "pavel@example.test"));
    expect(kept).toHaveLength(cap + 3);
  });
});

describe("[applications] retention", () => {
  it("deletes decided applications and contact messages past the retention period, keeping the rest", async () => {
    const db = t.database.db;
    const now = new Date();
    const old = new Date(now.getTime() - (APPLICATION_LIMITS.retentionDays + 1) * DAY);
    const recent = new Date(now.getTime() - (APPLICATION_LIMITS.retentionDays - 1) * DAY);
    const app = (email: string, status: "new" | "approved" | "declined", at: Date) => ({
      id: newId(),
      status,
      agencyName: "A",
      firstName: "F",
      lastName: "L",
      email,
      phone: "+79001234567",
      city: "Kazan",
      locale: "en-US",
      createdAt: at,
      decidedAt: status === "new" ? null : at,
    });
    await db
      .insert(matchmakerApplications)
      .values([
        app("old-declined@retention.test", "declined", old),
        app("old-approved@retention.test", "approved", old),
        app("old-waiting@retention.test", "new", old),
        app("recent-declined@retention.test", "declined", recent),
      ]);
    await db.insert(contactMessages).values([
      {
        id: newId(),
        name: "Old",
        email: "old@retention.test",
        message: "m",
        locale: "en-US",
        createdAt: old,
      },
      {
        id: newId(),
        name: "Recent",
        email: "recent@retention.test",
        message: "m",
        locale: "en-US",
        createdAt: recent,
      },
    ]);
    // Run as the hourly housekeeping runs it.
    await sweepExpired(db, [sweepApplications]);
    const apps = await db
      .select({ email: matchmakerApplications.email })
      .from(matchmakerApplications)
      .where(like(matchmakerApplications.email, "%@retention.test"));
    expect(apps.map((a) => a.email).sort()).toEqual([
      "old-waiting@retention.test",
      "recent-declined@retention.test",
    ]);
    const messages = await db
      .select({ email: contactMessages.email })
      .from(contactMessages)
      .where(like(contactMessages.email, "%@retention.test"));
    expect(messages.map((m) => m.email)).toEqual(["recent@retention.test"]);
    // Idempotent.
    await sweepApplications(db, now);
    expect(
      await db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(like(contactMessages.email, "%@retention.test")),
    ).toHaveLength(1);
  });
});
