import { expect, test } from "@playwright/test";
import { axe, inLanguage, settled, shot } from "./helpers";

// Issue 20, first slice: the client's page shows the access log and exports the client's data;
// the client's home exports their own and sums up who viewed it. Both languages, both widths
// (the desktop and phone projects), zero axe violations; screenshots in E2E_SHOTS if set.
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };
const CLIENT = { email: "olga.anna-volkova@demo.matchdesk.test", password: "demo-password" };
const LANGUAGES = [
  {
    locale: "en-US",
    lang: "en",
    exportLabel: "Export data",
    mine: "Export my data",
    viaKey: (project: string) => `Through the API key “E2E sync en ${project}”`,
    summaryViaKey: /, through an API key$/,
  },
  {
    locale: "ru-RU",
    lang: "ru",
    exportLabel: "Выгрузить данные",
    mine: "Выгрузить мои данные",
    viaKey: (project: string) => `Через API-ключ «E2E sync ru ${project}»`,
    summaryViaKey: /, через API-ключ$/,
  },
] as const;

for (const { locale, lang, exportLabel, mine, viaKey, summaryViaKey } of LANGUAGES) {
  test(`[data rights] the matchmaker sees the log and exports a client's data (${lang})`, async ({
    page,
    baseURL,
  }, info) => {
    test.slow();
    await inLanguage(page.context(), baseURL, locale);
    expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
    const clients = (await (await page.request.get("/api/clients?pageSize=100")).json()) as {
      items: { id: string; email: string }[];
    };
    const olga = clients.items.find((c) => c.email === CLIENT.email)!;
    // A script reads her card with one of Anna's API keys: the log names the key.
    const key = await page.request.post("/api/api-keys", {
      data: { name: `E2E sync ${lang} ${info.project.name}` },
    });
    expect(key.status()).toBe(201);
    const { id: keyId, secret } = (await key.json()) as { id: string; secret: string };
    const read = await page.request.get(`/api/clients/${olga.id}`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(read.status()).toBe(200);
    await page.goto(`/invited-users/${olga.id}?tab=data`);
    await settled(page);
    // Opening the page read her questionnaire: the log has a line for it.
    await expect(page.locator("#access-log-title")).toBeVisible();
    await expect(page.locator("li time").first()).toBeVisible();
    // Desktop and phone run against one server: each reads with a key of its own name.
    await expect(page.getByText(viaKey(info.project.name))).toBeVisible();
    expect((await page.request.delete(`/api/api-keys/${keyId}`)).status()).toBeLessThan(300);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: exportLabel }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^matchdesk-data-.+\.json$/);
    await shot(page, `client-data-${lang}-${info.project.name}`);
    expect(await axe(page)).toEqual([]);
  });

  test(`[data rights] the client exports their data and sees who viewed it (${lang})`, async ({
    page,
    baseURL,
  }, info) => {
    test.slow();
    await inLanguage(page.context(), baseURL, locale);
    // Anna reads Olga's card first, so Olga's summary has a line.
    expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
    const clients = (await (await page.request.get("/api/clients?pageSize=100")).json()) as {
      items: { id: string; email: string }[];
    };
    const olga = clients.items.find((c) => c.email === CLIENT.email)!;
    expect((await page.request.get(`/api/clients/${olga.id}`)).status()).toBe(200);
    // And once through one of her API keys: a line of its own in Olga's summary.
    const key = await page.request.post("/api/api-keys", { data: { name: `E2E summary ${lang}` } });
    expect(key.status()).toBe(201);
    const { id: keyId, secret } = (await key.json()) as { id: string; secret: string };
    const read = await page.request.get(`/api/profiles/${olga.id}`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(read.status()).toBe(200);
    expect((await page.request.delete(`/api/api-keys/${keyId}`)).status()).toBeLessThan(300);
    expect((await page.request.post("/api/auth/login", { data: CLIENT })).status()).toBe(200);
    await page.goto("/admin/dashboard");
    await settled(page);
    await expect(page.locator("#my-data-title")).toBeVisible();
    await expect(
      page.locator("#my-data-title ~ ul li, section[aria-labelledby=my-data-title] li").first(),
    ).toBeVisible();
    await expect(page.getByText(summaryViaKey).first()).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: mine }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^matchdesk-data-.+\.json$/);
    await page.locator("#my-data-title").scrollIntoViewIfNeeded();
    await shot(page, `my-data-${lang}-${info.project.name}`);
    expect(await axe(page)).toEqual([]);
  });
}
