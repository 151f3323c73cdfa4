import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { startSmtpServer } from "../../../test/smtp.js";
import { matchmakerApplications, users } from "../../db/schema/index.js";
import { seedAdmin } from "../../seed/seed.js";

// Approval is atomic (issue 17 follow-up D): an application is never approved without its
// account, whether the welcome mail fails, or two admins approve at once.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let adminCookie: string;
let otherAdminCookie: string;
let ip = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test" });
  adminCookie = (await signIn(t.app, (await seedAdmin(t.database.db)).email)).cookie;
  otherAdminCookie = (await signIn(t.app, (await seedAdmin(t.database.db)).email)).cookie;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function applyAs(email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/applications",
    payload: {
      agencyName: "Northern Hearts",
      firstName: "Vera",
      lastName: "Lee",
      email,
      phone: "+7 900 123 45 67",
      city: "Kazan",
    },
    remoteAddress: `10.3.0.${++ip}`,
  });
  expect(res.statusCode).toBe(202);
  const [row] = await t.database.db
    .select()
    .from(matchmakerApplications)
    .where(eq(matchmakerApplications.email, email));
  return row!;
}
const approve = (id: string, cookie = adminCookie) =>
  t.app.inject({ method: "POST", url: `/api/admin/applications/${id}/approve`, headers: { cookie } });
const application = async (id: string) =>
  (await t.database.db.select().from(matchmakerApplications).where(eq(matchmakerApplications.id, id)))[0]!;
const accounts = (email: string) => t.database.db.select().from(users).where(eq(users.email, email));

describe("[applications] approval is atomic", () => {
  it("leaves the application waiting and no account when the welcome mail fails; a retry approves", async () => {
    const row = await applyAs("failing@example.test");
    smtp.refused.add("failing@example.test");
    const res = await approve(row.id);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe("MAIL_FAILED");
    expect(await application(row.id)).toMatchObject({
      status: "new",
      accountId: null,
      decidedAt: null,
      decidedBy: null,
    });
    expect(await accounts("failing@example.test")).toHaveLength(0);

    smtp.refused.delete("failing@example.test");
    const retry = await approve(row.id);
    expect(retry.statusCode).toBe(200);
    const [account] = await accounts("failing@example.test");
    expect(await application(row.id)).toMatchObject({ status: "approved", accountId: account!.id });
  });

  it("never shows an approved application without its account, even while the welcome mail is on its way", async () => {
    const row = await applyAs("slow@example.test");
    let open = () => {};
    smtp.setHold(
      new Promise<void>((resolve) => {
        open = resolve;
      }),
    );
    const pending = approve(row.id);
    // Watch the row while the mail server holds the welcome mail.
    for (let i = 0; i < 20; i++) {
      const seen = await application(row.id);
      if (seen.status === "approved") expect(seen.accountId).not.toBeNull();
      await new Promise((r) => setTimeout(r, 10));
    }
    smtp.setHold(null);
    open();
    expect((await pending).statusCode).toBe(200);
    const [account] = await accounts("slow@example.test");
    expect(await application(row.id)).toMatchObject({ status: "approved", accountId: account!.id });
  });

  it("lets exactly one of two admins approving at once win: one account, the other gets 409", async () => {
    const row = await applyAs("race@example.test");
    const answers = await Promise.all([approve(row.id), approve(row.id, otherAdminCookie)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe("APPLICATION_ALREADY_DECIDED");
    const made = await accounts("race@example.test");
    expect(made).toHaveLength(1);
    expect(await application(row.id)).toMatchObject({ status: "approved", accountId: made[0]!.id });
    // One welcome mail.
    await new Promise((r) => setTimeout(r, 100));
    const welcomes = smtp.received.filter(
      (m) => m.to.includes("race@example.test") && !m.subject.includes("received your application"),
    );
    expect(welcomes).toHaveLength(1);
  });

  it("answers 409 APPLICATION_ACCOUNT_EXISTS when the address took an account meanwhile, changing nothing", async () => {
    const row = await applyAs("meanwhile@example.test");
    await seedAdmin(t.database.db, { email: "meanwhile@example.test" });
    const res = await approve(row.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("APPLICATION_ACCOUNT_EXISTS");
    expect(await application(row.id)).toMatchObject({ status: "new", accountId: null });
    expect(await accounts("meanwhile@example.test")).toHaveLength(1);
  });
});
