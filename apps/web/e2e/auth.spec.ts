import { expect, test } from "@playwright/test";

// The demo accounts that `DEMO_DATA=true` seeds (apps/server/src/seed/demo.ts).
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };

test.describe("sign-in", () => {
  test("[auth] wrong credentials show a translated error", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("textbox", { name: "E-mail" }).fill(MATCHMAKER.email);
    await page.getByRole("textbox", { name: "Password" }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid e-mail or password.");
    await expect(page).toHaveURL("/login");
  });

  test("[auth] signs in, returns to the requested page and logs out", async ({ page, isMobile }) => {
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL("/?redirect=%2Fadmin%2Fdashboard");
    await page.getByRole("link", { name: "Sign in" }).first().click();
    await expect(page).toHaveURL("/login?redirect=%2Fadmin%2Fdashboard");

    await page.getByRole("textbox", { name: "E-mail" }).fill(MATCHMAKER.email);
    await page.getByRole("textbox", { name: "Password" }).fill(MATCHMAKER.password);
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page).toHaveURL("/admin/dashboard");
    // The app area has its own language cookie, Russian by default.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Здравствуйте, Anna");
    await expect(page.getByText("Сваха", { exact: true })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(
      JSON.parse(decodeURIComponent(cookies.find((c) => c.name === "app-user")?.value ?? "{}")).role,
    ).toBe("INVITER");

    if (isMobile) await page.getByRole("button", { name: "Открыть меню" }).click();
    await page.getByRole("link", { name: "Выйти" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("You have been logged out.")).toBeVisible();
    expect((await page.context().cookies()).some((c) => c.name === "app-user")).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("authUser"))).toBeNull();
  });
});
