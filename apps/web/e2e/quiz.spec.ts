import { expect, test } from "@playwright/test";

// The free quiz (SPEC 1): no registration, one question at a time, a result, a retake.
test.describe("quiz", () => {
  test("[quiz] takes the quiz from the landing page, reads the result and retakes it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Free quiz" }).click();
    await expect(page).toHaveURL("/quiz");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who would suit you? A free quiz");

    await expect(page.getByText("Question 1 of 15", { exact: true })).toBeVisible();
    const next = page.getByRole("button", { name: "Next" });
    await expect(next).toBeDisabled();
    await page.getByRole("radio", { name: "A woman" }).click();
    await next.click();
    await expect(page.getByText("Question 2 of 15", { exact: true })).toBeVisible();
    // Back keeps the answer given.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("radio", { name: "A woman" })).toBeChecked();
    await next.click();
    await page.getByRole("radio", { name: "A man" }).click();
    await next.click();
    // The first answer elsewhere: marriage, Christianity, ready to move; the demo's London city.
    for (let step = 3; step <= 14; step++) {
      await expect(page.getByText(`Question ${step} of 15`, { exact: true })).toBeVisible();
      if (step === 5) await page.getByRole("radio", { name: "London, United Kingdom" }).click();
      else await page.getByRole("radio").first().click();
      await next.click();
    }
    await expect(page.getByText("Question 15 of 15", { exact: true })).toBeVisible();
    await page.getByRole("radio", { name: "Yes" }).click();
    await page.getByRole("button", { name: "See my result" }).click();

    await expect(page.getByRole("heading", { name: "Your result" })).toBeVisible();
    await expect(page.getByTestId("quiz-count")).toContainText(
      /\d+ published profiles? (is|are) compatible with you/,
    );
    await expect(page.getByRole("heading", { name: "Matchmakers who fit" })).toBeVisible();
    const agencyLinks = page.getByRole("link", { name: "Open the agency page" });
    await expect(agencyLinks.first()).toBeVisible();
    await expect(agencyLinks.first()).toHaveAttribute("href", /^\/agency\/[a-z0-9-]+$/);
    // The London agency comes first, with the part of its focus the answers asked for.
    const first = page.getByRole("article").first();
    await expect(first.getByText("Whitmore & Hart Introductions")).toBeVisible();
    const fits = first.getByRole("list", { name: "Fits your answers" });
    await expect(fits.getByRole("listitem")).toHaveText([
      "Marriage and serious relationships",
      "International couples",
    ]);
    await expect(first.getByText("Executives and high-net-worth clients")).toHaveCount(0);

    await page.getByRole("button", { name: "Take the quiz again" }).click();
    await expect(page.getByText("Question 1 of 15", { exact: true })).toBeVisible();
    await expect(page.getByRole("radio", { name: "A woman" })).not.toBeChecked();
  });

  test("[quiz] asks in Russian with the public language cookie", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "public-locale", value: "ru-RU", url: baseURL! }]);
    await page.goto("/quiz");
    await expect(page.getByText("Вопрос 1 из 15", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Я", exact: true })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Женщина" })).toBeVisible();
  });
});
