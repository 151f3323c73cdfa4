import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, type Page, test } from "@playwright/test";
import { inLanguage } from "./helpers";

// Each test opens several lazy pages and a second browser context: generous waits for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

// A new agency's way in: the pricing button leads a visitor to the application, an admin approves
// it in the inbox; a contact message lands in the same inbox. The demo admin of DEMO_DATA=true.
const ADMIN = { email: "admin@demo.matchdesk.test", password: "demo-password" };

async function violationsOn(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toHaveCount(0);
  await expect(page.locator(".mantine-Skeleton-root").filter({ visible: true })).toHaveCount(0, {
    timeout: 15_000,
  });
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test.describe("apply", () => {
  test("[apply] a visitor applies from the pricing button and an admin approves the application", async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    const run = `${testInfo.project.name}-${Date.now()}`;
    const agency = `Hearts of ${run}`;
    await inLanguage(page.context(), baseURL, "en-US");
    await page.goto("/#pricing");
    await page.getByRole("link", { name: "Choose Gold" }).click();
    await expect(page).toHaveURL(/\/apply\?plan=gold$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Bring your agency to MatchDesk" }),
    ).toBeVisible();
    await expect(page.getByTestId("apply-plan")).toContainText("Gold");

    // The schema speaks before the server: an empty form names its fields.
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByText("Required field").first()).toBeVisible();

    await page.getByRole("textbox", { name: "Agency name" }).fill(agency);
    await page.getByRole("textbox", { name: "First name" }).fill("Vera");
    await page.getByRole("textbox", { name: "Last name" }).fill("Lee");
    await page.getByRole("textbox", { name: "E-mail" }).fill(`apply-${run}@example.test`);
    await page.getByRole("textbox", { name: "Phone" }).fill("+7 900 123 45 67");
    await page.getByRole("textbox", { name: "City" }).fill("Kazan");
    await page
      .getByRole("textbox", { name: "A few words about your work" })
      .fill("Ten years of matchmaking.");
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your application is with us" })).toBeVisible();

    const admin = await browser.newContext({ ...testInfo.project.use, baseURL });
    await inLanguage(admin, baseURL, "en-US");
    const adminPage = await admin.newPage();
    expect((await adminPage.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await adminPage.goto("/admin/dashboard");
    if (testInfo.project.name === "desktop") {
      await adminPage.getByRole("link", { name: "Applications" }).click();
    } else {
      await adminPage.goto("/admin/applications");
    }
    await expect(
      adminPage.getByRole("heading", { level: 1, name: "Applications and messages" }),
    ).toBeVisible();
    const card = adminPage.getByTestId("application-item").filter({ hasText: agency });
    await expect(card).toContainText("Vera Lee · Kazan");
    // The plan chosen on the pricing page travels with the application.
    await expect(card.getByTestId("application-plan")).toHaveText("Plan: Gold");
    await card.getByRole("button", { name: "Approve" }).click();
    const dialog = adminPage.getByRole("dialog");
    await expect(dialog).toContainText(`apply-${run}@example.test`);
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(adminPage.getByText("Approved: the matchmaker received a sign-in link.")).toBeVisible();
    // It leaves the list of new applications and shows among the approved, with who decided.
    await expect(card).toHaveCount(0);
    await adminPage
      .locator("label")
      .filter({ hasText: /^Approved$/ })
      .click();
    await expect(adminPage).toHaveURL(/status=approved/);
    await expect(adminPage.getByTestId("application-item").filter({ hasText: agency })).toContainText(
      "Approved by Alex Admin",
    );
    await admin.close();
  });

  test("[apply] a contact message from the footer reaches the admins' inbox", async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    const run = `${testInfo.project.name}-${Date.now()}`;
    await inLanguage(page.context(), baseURL, "en-US");
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByRole("textbox", { name: "Your name" }).fill("Pavel");
    await page.getByRole("textbox", { name: "E-mail" }).fill(`contact-${run}@example.test`);
    await page.getByRole("textbox", { name: "Topic" }).fill(`Partnership ${run}`);
    await page.getByRole("textbox", { name: "Message" }).fill("Can we talk about a partnership?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your message has reached us" })).toBeVisible();

    const admin = await browser.newContext({ ...testInfo.project.use, baseURL });
    await inLanguage(admin, baseURL, "en-US");
    const adminPage = await admin.newPage();
    expect((await adminPage.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await adminPage.goto("/admin/applications");
    await adminPage.getByRole("tab", { name: "Messages" }).click();
    await expect(adminPage).toHaveURL(/tab=messages/);
    const message = adminPage.getByTestId("contact-message").filter({ hasText: `Partnership ${run}` });
    await expect(message).toContainText("Can we talk about a partnership?");
    await expect(message).toContainText(`contact-${run}@example.test`);
    await admin.close();
  });

  for (const { locale, lang } of [
    { locale: "en-US", lang: "en" },
    { locale: "ru-RU", lang: "ru" },
  ] as const) {
    test(`[apply] the apply, contact and inbox pages have no axe violations (${lang})`, async ({
      page,
      baseURL,
    }) => {
      await inLanguage(page.context(), baseURL, locale);
      const found: string[] = [];
      for (const path of ["/apply", "/contact"]) found.push(...(await violationsOn(page, path)));
      expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
      for (const path of ["/admin/applications", "/admin/applications?tab=messages&status=new"]) {
        found.push(...(await violationsOn(page, path)));
      }
      expect(found).toEqual([]);
    });
  }
});
