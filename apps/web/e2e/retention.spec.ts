import { expect, test } from "@playwright/test";
import { axe, inLanguage, settled, shot, unique } from "./helpers";

// Issue 20, retention: the matchmaker sets the agency's retention of inactive clients on the
// agency profile's advanced page; the client's page (tab "Data") shows the client's consents and
// their retention, with "Keep this client". Both languages, zero axe violations. The setting is
// switched off again at the end, so the demo data stays as it was.
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };
const LANGUAGES = [
  {
    locale: "en-US",
    lang: "en",
    label: "Erase inactive clients after",
    save: "Save retention",
    saved: "Retention setting saved",
    consents: "Client's consents: shared search and public profile",
    switchedOn: "Switched on by the matchmaker",
    keep: "Keep this client",
    kept: "Kept: this client is not erased for inactivity.",
  },
  {
    locale: "ru-RU",
    lang: "ru",
    label: "Удалять неактивных клиентов через",
    save: "Сохранить срок хранения",
    saved: "Срок хранения сохранён",
    consents: "Согласия клиента: общий поиск и публичная анкета",
    switchedOn: "Кто включил: сват",
    keep: "Сохранить клиента",
    kept: "Клиент сохранён: он не удаляется за неактивность.",
  },
] as const;

for (const l of LANGUAGES) {
  test(`[retention] the matchmaker sets the retention and keeps a client (${l.lang})`, async ({
    page,
    baseURL,
  }, info) => {
    test.slow();
    await inLanguage(page.context(), baseURL, l.locale);
    expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
    try {
      await page.goto("/admin/profile/advanced");
      await settled(page);
      const card = page.locator("section[aria-labelledby=retention-settings-title]");
      await card.getByLabel(l.label).selectOption("24");
      await card.getByRole("button", { name: l.save }).click();
      await expect(page.getByText(l.saved)).toBeVisible();
      await shot(page, `retention-settings-${l.lang}-${info.project.name}`);
      expect(await axe(page)).toEqual([]);

      // A client in the shared search: the consent shows on the Data tab, and she can be kept.
      const created = await page.request.post("/api/clients", {
        data: { firstName: "Rhea", lastName: "Retained", email: unique("rhea") },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      expect(
        (await page.request.put(`/api/clients/${id}/search`, { data: { participates: true } })).status(),
      ).toBe(200);
      await page.goto(`/invited-users/${id}?tab=data`);
      await settled(page);
      const consents = page.locator("section[aria-labelledby=client-consents-title]");
      await expect(consents.getByRole("heading", { name: l.consents })).toBeVisible();
      await expect(consents.getByText(l.switchedOn)).toBeVisible();
      const retention = page.locator("section[aria-labelledby=client-retention-title]");
      const keep = retention.getByRole("switch", { name: l.keep });
      await expect(keep).not.toBeChecked();
      await keep.click();
      await expect(retention.getByText(l.kept)).toBeVisible();
      await expect(keep).toBeChecked();
      expect(
        ((await (await page.request.get(`/api/clients/${id}/retention`)).json()) as { keep: boolean }).keep,
      ).toBe(true);
      await shot(page, `client-retention-${l.lang}-${info.project.name}`);
      expect(await axe(page)).toEqual([]);
    } finally {
      await page.request.put("/api/retention/settings", { data: { months: null } });
    }
  });
}
