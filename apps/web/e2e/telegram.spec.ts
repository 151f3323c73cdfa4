import { expect, test } from "@playwright/test";
import { axe, inLanguage, settled } from "./helpers";

// Issue 18, Telegram: the card on a matchmaker's Integrations page and on a client's home page. The
// e2e server runs without TELEGRAM_BOT_TOKEN, so the card says Telegram is off; linking by the
// bot is telegram.api.test.ts's (against a Bot API stand-in). Both languages, zero axe violations.
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };
const CLIENT = { email: "olga.anna-volkova@demo.matchdesk.test", password: "demo-password" };
const LANGUAGES = [
  { locale: "en-US", lang: "en", off: "Telegram is not set up on this server." },
  { locale: "ru-RU", lang: "ru", off: "Telegram на этом сервере не настроен." },
] as const;

for (const { locale, lang, off } of LANGUAGES) {
  for (const [who, account, path] of [
    ["matchmaker", MATCHMAKER, "/admin/integrations"],
    ["client", CLIENT, "/admin/dashboard"],
  ] as const) {
    test(`[telegram] a ${who} sees the Telegram card, off on this server (${lang})`, async ({
      page,
      baseURL,
    }) => {
      test.slow();
      await inLanguage(page.context(), baseURL, locale);
      expect((await page.request.post("/api/auth/login", { data: account })).status()).toBe(200);
      await page.goto(path);
      await settled(page);
      const card = page.locator("section", { has: page.locator("#telegram-title") });
      await expect(card).toBeVisible();
      await expect(card.getByText(off)).toBeVisible();
      expect(await axe(page)).toEqual([]);
    });
  }
}
