import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.js";
import { startSmtpServer } from "../../test/smtp.js";
import { outbox } from "../db/schema/index.js";
import { createMailer } from "./mail.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const log = pino({ level: "silent" });

beforeAll(async () => {
  t = await buildTestApp();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const message = {
  to: "admin@example.test",
  subject: "Contact form",
  text: "Hello",
  replyTo: "sender@example.test",
  quotesSender: true,
};

describe("[mail] Reply-To", () => {
  it("is delivered by SMTP", async () => {
    const mailer = createMailer({
      db: t.database.db,
      log,
      smtpUrl: smtp.url,
      from: "MatchDesk <noreply@example.test>",
      printKeptMail: false,
    });
    await mailer.send(message);
    const mail = await smtp.lastTo("admin@example.test");
    expect(mail.replyTo).toEqual(["sender@example.test"]);
  });

  it("is kept with the mail in the outbox of an install without SMTP", async () => {
    const mailer = createMailer({
      db: t.database.db,
      log,
      smtpUrl: undefined,
      from: "MatchDesk <noreply@example.test>",
      printKeptMail: false,
    });
    await mailer.send({ ...message, to: "kept@example.test" });
    await mailer.send({ ...message, to: "plain@example.test", replyTo: undefined });
    const [kept] = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, "kept@example.test"));
    expect(kept?.replyTo).toBe("sender@example.test");
    const [plain] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, "plain@example.test"));
    expect(plain?.replyTo).toBeNull();
  });
});
