import { expect, test } from "@playwright/test";
import { axe, inLanguage, settled, shot } from "./helpers";

// Issue 18, API keys: the matchmaker creates a key on the Integrations page, copies its secret
// (shown once), calls the API with it as `Authorization: Bearer`, and revokes it. Both languages,
// both widths (the desktop and phone projects), zero axe violations; screenshots in E2E_SHOTS.
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };
const LANGUAGES = [
  {
    locale: "en-US",
    lang: "en",
    name: "Key name",
    create: "Create key",
    revoke: "Revoke",
    done: "I have copied it",
  },
  {
    locale: "ru-RU",
    lang: "ru",
    name: "Название ключа",
    create: "Создать ключ",
    revoke: "Отозвать",
    done: "Я скопировал ключ",
  },
] as const;

for (const { locale, lang, name, create, revoke, done } of LANGUAGES) {
  test(`[integrations] a matchmaker creates an API key, calls the API with it and revokes it (${lang})`, async ({
    page,
    baseURL,
    playwright,
  }, info) => {
    test.slow();
    await inLanguage(page.context(), baseURL, locale);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
    await page.goto("/admin/integrations");
    await settled(page);
    await expect(page.locator("#api-keys-title")).toBeVisible();
    expect(await axe(page)).toEqual([]);

    const keyName = `e2e ${lang} ${info.project.name} ${Date.now()}`;
    await page.getByLabel(name).fill(keyName);
    await page.getByRole("button", { name: create }).click();
    const secretField = page.getByTestId("api-key-secret");
    await expect(secretField).toHaveValue(/^mdk_/);
    const secret = await secretField.inputValue();
    await page.getByRole("button", { name: lang === "en" ? "Copy" : "Скопировать" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(page, `api-key-created-${lang}-${info.project.name}`);
    expect(await axe(page)).toEqual([]);

    // The key alone: the page's own request context, and one with no cookies at all.
    const auth = { authorization: `Bearer ${secret}` };
    const listed = await page.request.get("/api/clients?pageSize=100", { headers: auth });
    expect(listed.status()).toBe(200);
    const emails = ((await listed.json()) as { items: { email: string | null }[] }).items.map((c) => c.email);
    expect(emails).toContain("olga.anna-volkova@demo.matchdesk.test");
    const bare = await playwright.request.newContext({ baseURL });
    const me = await bare.get("/api/auth/status", { headers: auth });
    expect(me.status()).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(MATCHMAKER.email);

    await page.getByRole("button", { name: done }).click();
    await expect(secretField).toHaveCount(0);
    // The list shows the key, with when it was made and last used (just now, by the call above).
    await page.reload();
    await settled(page);
    const row = page.locator("li", { hasText: keyName });
    await expect(row).toBeVisible();
    await expect(row).toContainText(secret.slice(-4));
    await expect(row).not.toContainText(lang === "en" ? "never used" : "ещё не использовался");
    await shot(page, `api-keys-list-${lang}-${info.project.name}`);
    expect(await axe(page)).toEqual([]);

    await row.getByRole("button", { name: revoke }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveCSS("opacity", "1");
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole("button", { name: revoke }).click();
    await expect(page.locator("li", { hasText: keyName })).toHaveCount(0);
    expect((await bare.get("/api/clients", { headers: auth })).status()).toBe(401);
    await bare.dispose();
  });
}

const WEBHOOK_TEXT = {
  en: {
    url: "Endpoint URL",
    add: "Add endpoint",
    done: "I have copied it",
    deliveries: "Deliveries",
    remove: "Remove",
  },
  ru: {
    url: "Адрес приёмника",
    add: "Добавить приёмник",
    done: "Я скопировал ключ",
    deliveries: "Доставки",
    remove: "Удалить",
  },
} as const;

for (const { locale, lang } of LANGUAGES) {
  test(`[integrations] a matchmaker adds a webhook endpoint and follows its deliveries (${lang})`, async ({
    page,
    baseURL,
  }, info) => {
    test.slow();
    const text = WEBHOOK_TEXT[lang];
    await inLanguage(page.context(), baseURL, locale);
    expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
    await page.goto("/admin/integrations");
    await settled(page);
    // A public address as a literal (the e2e server keeps the SSRF rules on; nothing answers there).
    const url = `https://93.184.216.34/e2e-${lang}-${info.project.name}-${Date.now()}`;
    await page.getByLabel(text.url).fill(url);
    await page.getByRole("button", { name: text.add }).click();
    await expect(page.getByTestId("webhook-secret")).toHaveValue(/^whsec_/);
    expect(await axe(page)).toEqual([]);
    await page.getByRole("button", { name: text.done }).click();
    const row = page.locator("li", { hasText: url });
    await expect(row).toBeVisible();

    // A change queues a delivery for the endpoint, shown with its status and timing.
    const created = await page.request.post("/api/clients", {
      data: {
        email: `hook-${lang}-${info.project.name}-${Date.now()}@example.test`,
        firstName: "Hook",
        lastName: "E2E",
      },
    });
    expect(created.status()).toBe(201);
    await row.getByRole("button", { name: text.deliveries }).click();
    const deliveries = row.getByRole("list", { name: text.deliveries });
    await expect(deliveries.getByText("client.created")).toBeVisible({ timeout: 15_000 });
    await shot(page, `webhooks-${lang}-${info.project.name}`);
    expect(await axe(page)).toEqual([]);

    await row.getByRole("button", { name: text.remove }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveCSS("opacity", "1");
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole("button", { name: text.remove }).click();
    await expect(page.locator("li", { hasText: url })).toHaveCount(0);
  });
}
