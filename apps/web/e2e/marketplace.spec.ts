import { type BrowserContext, expect, test } from "@playwright/test";

// The demo agencies and accounts that `DEMO_DATA=true` seeds (apps/server/src/seed/demo.ts).
const ADMIN = { email: "admin@demo.matchdesk.test", password: "demo-password" };

async function inEnglish(context: BrowserContext, baseURL: string | undefined) {
  const url = baseURL ?? "http://127.0.0.1:3100";
  await context.addCookies([
    { name: "locale", value: "en-US", url },
    { name: "public-locale", value: "en-US", url },
  ]);
}

test.describe("marketplace", () => {
  test("[directory] search with a typo, open the agency, review it, approve it as admin, see it published", async ({
    page,
    baseURL,
    browser,
  }) => {
    await inEnglish(page.context(), baseURL);
    await page.goto("/directory");
    await expect(page.getByRole("heading", { name: "Find a matchmaker" })).toBeVisible();
    // The three demo agencies, and any that other tests onboarded (listed by default).
    await expect(page.getByTestId("directory-count")).toHaveText(/^([3-9]|\d\d+) matchmakers found$/);

    // A typo still finds the agency, and the search lands in the URL.
    await page.getByLabel("Name or agency text").fill("Whitmre");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/directory\?q=Whitmre/);
    await expect(page.getByTestId("directory-count")).toHaveText("1 matchmaker found");
    await page.getByRole("link", { name: "Whitmore & Hart Introductions" }).click();

    await expect(page).toHaveURL(/\/agency\/whitmore-hart$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Whitmore & Hart Introductions" }),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: "Focus" }).getByRole("listitem")).toHaveText([
      "Marriage and serious relationships",
      "International couples",
      "Executives and high-net-worth clients",
    ]);
    await page.getByRole("tab", { name: "Prices" }).click();
    await expect(page.getByText("Turnkey matchmaking")).toBeVisible();

    // A review waits for moderation and is not shown yet.
    const text = `A careful, honest agency ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await page.getByLabel("Your name").fill("Playwright Visitor");
    await page.getByLabel("Your e-mail (not shown)").fill("visitor@example.test");
    await page.getByLabel("Your review").fill(text);
    await page.getByRole("button", { name: "Send review" }).click();
    await expect(page.getByText("Thank you! Your review will appear after moderation.")).toBeVisible();
    await page.reload();
    await expect(page.getByText(text)).toHaveCount(0);

    // The admin approves it in the moderation queue.
    const adminContext = await browser.newContext({ baseURL });
    await inEnglish(adminContext, baseURL);
    const admin = await adminContext.newPage();
    expect((await admin.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await admin.goto("/admin/reviews");
    await expect(admin.getByRole("heading", { name: "Review moderation" })).toBeVisible();
    const item = admin.getByTestId("moderation-item").filter({ hasText: text });
    await item.getByRole("button", { name: "Approve" }).click();
    await expect(admin.getByText("Review approved and published.")).toBeVisible();
    await adminContext.close();

    await page.reload();
    await expect(page.getByTestId("review").filter({ hasText: text })).toBeVisible();
  });

  test("[directory] a matchmaker picks the agency focus, which the agency page shows", async ({
    page,
    baseURL,
  }) => {
    await inEnglish(page.context(), baseURL);
    const signIn = await page.request.post("/api/auth/login", {
      data: { email: "elena@demo.matchdesk.test", password: "demo-password" },
    });
    expect(signIn.status()).toBe(200);
    await page.goto("/admin/profile");
    const focus = page.getByRole("group", { name: "Focus" });
    await expect(focus.getByRole("checkbox", { name: "Faith-based matchmaking" })).toBeChecked();
    await expect(focus.getByRole("checkbox", { name: "LGBTQ+ clients" })).not.toBeChecked();
    // check() leaves a box already ticked as it is, so the phone run finds the same state.
    await focus.getByRole("checkbox", { name: "Clients 40+ and 50+" }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Agency profile saved.")).toBeVisible();

    await page.goto("/agency/serdtse-nevy");
    await expect(page.getByRole("list", { name: "Focus" }).getByRole("listitem")).toHaveText([
      "Marriage and serious relationships",
      "Clients 40+ and 50+",
      "Faith-based matchmaking",
    ]);
  });

  test("[directory] an unknown agency shows its not-found state", async ({ page, baseURL }) => {
    await inEnglish(page.context(), baseURL);
    await page.goto("/agency/no-such-agency-here");
    await expect(page.getByRole("heading", { name: "Agency not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the directory" })).toBeVisible();
  });

  test("[directory] a request to join the agency base reaches the matchmaker, who invites the person", async ({
    browser,
    baseURL,
  }) => {
    const visitor = await browser.newContext();
    const matchmaker = await browser.newContext();
    try {
      await inEnglish(visitor, baseURL);
      await inEnglish(matchmaker, baseURL);
      const lastName = `Lead${Date.now()}`;
      const page = await visitor.newPage();
      await page.goto("/agency/anna-volkova");
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send request" }) });
      await form.getByRole("textbox", { name: "First name" }).fill("Vera");
      await form.getByRole("textbox", { name: "Last name" }).fill(lastName);
      await form
        .getByRole("textbox", { name: "E-mail" })
        .fill(`${lastName.toLowerCase()}@e2e.matchdesk.test`);
      await form.getByRole("textbox", { name: "Message (optional)" }).fill("We met at your talk.");
      await form.getByRole("button", { name: "Send request" }).click();
      await expect(page.getByText("Thank you! The matchmaker has your request.")).toBeVisible();

      const anna = await matchmaker.newPage();
      const signIn = await anna.request.post("/api/auth/login", {
        data: { email: "anna@demo.matchdesk.test", password: "demo-password" },
      });
      expect(signIn.status()).toBe(200);
      await anna.goto("/admin/dashboard");
      const inbox = anna.getByRole("region", { name: "Requests from your agency page" });
      const lead = inbox.getByTestId("lead").filter({ hasText: `Vera ${lastName}` });
      await expect(lead).toContainText("We met at your talk.");
      await lead.getByRole("button", { name: `Invite Vera ${lastName}` }).click();
      await expect(
        anna.getByText(`Vera ${lastName} is invited: the invitation is on its way.`),
      ).toBeVisible();
      await expect(lead.getByText("Invited")).toBeVisible();
      // The person is now a client in the base, not yet registered.
      const clients = await (await anna.request.get(`/api/clients?q=${lastName}`)).json();
      expect(clients.total).toBe(1);
    } finally {
      await visitor.close();
      await matchmaker.close();
    }
  });
});
