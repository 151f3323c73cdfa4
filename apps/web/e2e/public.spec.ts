import { expect, type Page, test } from "@playwright/test";

const publicLocale = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === "public-locale")?.value;

test.describe("public site", () => {
  test("[public] the landing page shows the offer, plans and FAQ", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Your whole matchmaking practice, in one calm place",
    );
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    for (const plan of ["Silver", "Gold", "Plus"]) {
      await expect(page.getByRole("heading", { level: 3, name: plan, exact: true })).toBeVisible();
    }
    await expect(page.getByText("$49", { exact: true })).toBeVisible();
    // No AI model is connected to this server: the site sells a compatibility analysis, not AI.
    await expect(page.getByText("Compatibility analysis at", { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/\bAI\b/)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Questions we hear often" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toHaveAttribute("href", "/login");
  });

  test("[public] the FAQ answers from the product's facts", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
    await page.getByRole("button", { name: "How long does the quiz take, and can I retake it?" }).click();
    await expect(page.getByText(/It takes 2–3 minutes\. You can retake it/)).toBeVisible();
    await page.getByRole("button", { name: "Is basic matching really free?" }).click();
    await expect(page.getByText(/free and needs no registration/)).toBeVisible();
  });

  test("[public] the about page tells who MatchDesk is for", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About MatchDesk");
    await expect(page.getByRole("heading", { name: "What we believe" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Privacy by default" })).toBeVisible();
    await expect(page).toHaveTitle("About · MatchDesk");
  });

  test("[public] an unknown path shows the not-found page", async ({ page }) => {
    await page.goto("/no-such-page/at-all");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn’t find this page");
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Your whole matchmaking practice");
  });

  test("[public] the language switch turns English into Russian without a reload", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => {
      (window as unknown as { noReload: boolean }).noReload = true;
    });

    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "Русский" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Частые вопросы");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru-RU");
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    expect(await publicLocale(page)).toBe("ru-RU");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Частые вопросы");
  });

  test("[public] the admin area without a session sends to the front page with a redirect", async ({
    page,
  }) => {
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL("/?redirect=%2Fadmin%2Fdashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toHaveAttribute(
      "href",
      "/login?redirect=%2Fadmin%2Fdashboard",
    );
  });
});
