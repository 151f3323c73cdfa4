import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";

// axe-core on the pages a newcomer sees first, in both languages, at both widths (the desktop and
// phone projects): zero violations of any rule axe checks by default (WCAG 2 A and AA and its
// best practices).
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };
const LANGUAGES = [
  { locale: "en-US", lang: "en" },
  { locale: "ru-RU", lang: "ru" },
] as const;

async function inLanguage(context: BrowserContext, baseURL: string | undefined, locale: string) {
  const url = baseURL ?? "http://127.0.0.1:3100";
  await context.addCookies([
    { name: "locale", value: locale, url },
    { name: "public-locale", value: locale, url },
  ]);
}

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
      for (const path of ["/", "/directory", "/agency/whitmore-hart", "/login"]) {
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
      for (const path of [`/invited-users/${client.id}`, "/admin/chats", "/admin/matches", "/admin/usage"]) {
        found.push(...(await violationsOn(page, path)));
      }
      expect(found).toEqual([]);
    });
  });
}
