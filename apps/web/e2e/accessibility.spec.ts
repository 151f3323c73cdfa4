import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { inLanguage } from "./helpers";

// axe-core on the pages a newcomer sees first, in both languages, at both widths (the desktop and
// phone projects): zero violations of any rule axe checks by default (WCAG 2 A and AA and its
// best practices).
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };
const CLIENT = { email: "olga.anna-volkova@demo.matchdesk.test", password: "demo-password" };
const LANGUAGES = [
  { locale: "en-US", lang: "en" },
  { locale: "ru-RU", lang: "ru" },
] as const;

/** Opens a page, waits for its heading and its data, and answers axe's violations on it. */
async function violationsOn(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // The page itself, not the not-found page in its place.
  await expect(page.getByText("404", { exact: true })).toHaveCount(0);
  // Placeholders gone: what is checked is the page with its data.
  await expect(page.locator(".mantine-Skeleton-root").filter({ visible: true })).toHaveCount(0, {
    timeout: 15_000,
  });
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

for (const { locale, lang } of LANGUAGES) {
  test.describe(`accessibility (${lang})`, () => {
    test(`[a11y] public pages have no axe violations (${lang})`, async ({ page, baseURL }) => {
      test.slow();
      await inLanguage(page.context(), baseURL, locale);
      const found: string[] = [];
      // A one-click link from an introduction's e-mail that does not work says so (no sign-in).
      const badLink =
        "/introductions/00000000-0000-0000-0000-000000000000/answer?token=not-a-real-token-0000";
      for (const path of ["/", "/directory", "/agency/whitmore-hart", "/login", badLink]) {
        found.push(...(await violationsOn(page, path)));
      }
      expect(found).toEqual([]);
    });

    test(`[a11y] a matchmaker's pages have no axe violations (${lang})`, async ({ page, baseURL }) => {
      test.slow();
      await inLanguage(page.context(), baseURL, locale);
      expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
      const clients = (await (await page.request.get("/api/clients")).json()) as { items: { id: string }[] };
      const client = clients.items[0]!;
      const found: string[] = [];
      for (const path of [
        `/invited-users/${client.id}`,
        "/admin/chats",
        "/admin/matches",
        "/admin/usage",
        "/admin/clients/import",
      ]) {
        found.push(...(await violationsOn(page, path)));
      }
      // A dialog open over a page: its close button is named in the page's language.
      found.push(...(await violationsOn(page, "/admin/invited-users")));
      await page.locator("button:has(.tabler-icon-user-plus)").first().click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("button", { name: lang === "en" ? "Close" : "Закрыть" })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      found.push(
        ...violations.map((v) => `dialog: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      );
      expect(found).toEqual([]);
    });

    test(`[a11y] a client's home with an introduction to answer has no axe violations (${lang})`, async ({
      page,
      baseURL,
    }) => {
      test.slow();
      await inLanguage(page.context(), baseURL, locale);
      // Anna asks her Olga about her own Dmitry (one agency: it starts at the clients' step). Each
      // run of this test meets the introduction another made, so either answer will do.
      expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
      const clients = (await (await page.request.get("/api/clients?pageSize=100")).json()) as {
        items: { id: string; firstName: string }[];
      };
      const idOf = (name: string) => clients.items.find((c) => c.firstName === name)!.id;
      const proposed = await page.request.post("/api/introductions", {
        data: { clientId: idOf("Olga"), candidateId: idOf("Dmitry") },
      });
      expect([201, 409]).toContain(proposed.status());
      const list = (await (
        await page.request.get(`/api/introductions?clientId=${idOf("Olga")}&group=active`)
      ).json()) as { items: { id: string; otherClient: { userId: string } }[] };
      const introduction = list.items.find((i) => i.otherClient.userId === idOf("Dmitry"));
      if (introduction) {
        const asked = await page.request.post(`/api/introductions/${introduction.id}/ask-client`, {
          data: { clientId: idOf("Olga") },
        });
        expect([200, 409]).toContain(asked.status());
      }
      expect((await page.request.post("/api/auth/login", { data: CLIENT })).status()).toBe(200);
      const found = await violationsOn(page, "/admin/dashboard");
      await expect(page.getByTestId("my-introduction").first()).toBeVisible();
      expect(found).toEqual([]);
    });
  });
}
