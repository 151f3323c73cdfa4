import { NotificationKind } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { notificationMail } from "./mail.js";

const values = { name: "Anna", link: "https://app.test/admin/dashboard", product: "MatchDesk" };

describe("notification e-mails", () => {
  it("say the same thing in the reader's language, Russian by default", () => {
    const en = notificationMail("en-US", "client_registered", { clientName: "Nina Orlova" }, values);
    expect(en.subject).toBe("MatchDesk: New notification");
    expect(en.text).toBe(
      "Hello Anna,\n\nNina Orlova has registered through your invitation.\n\nOpen your notifications:\nhttps://app.test/admin/dashboard",
    );
    const ru = notificationMail("ru-RU", "credits_added", { amount: 150 }, values);
    expect(ru.text).toContain("На ваш баланс начислено кредитов: 150.");
    expect(notificationMail("xx", "credits_added", { amount: 1 }, values).subject).toContain(
      "Новое уведомление",
    );
  });

  it("have a text for every kind in both languages, and a missing parameter shows as nothing", () => {
    for (const kind of NotificationKind.options) {
      for (const locale of ["en-US", "ru-RU"]) {
        const { text } = notificationMail(locale, kind, {}, values);
        expect(text).not.toContain("undefined");
      }
    }
  });
});
