import { type BrowserContext, expect, type Page, test } from "@playwright/test";

// The demo accounts that `DEMO_DATA=true` seeds (apps/server/src/seed/demo.ts).
const PASSWORD = "demo-password";
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: PASSWORD };
const ADMIN = { email: "admin@demo.matchdesk.test", password: PASSWORD };

async function signedInPage(context: BrowserContext, baseURL: string | undefined, account: typeof ADMIN) {
  const url = baseURL ?? "http://127.0.0.1:3100";
  await context.addCookies([
    { name: "locale", value: "en-US", url },
    { name: "public-locale", value: "en-US", url },
  ]);
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/login", { data: account });
  expect(response.status()).toBe(200);
  return page;
}

const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });

test.describe("chat", () => {
  test("[chat] two people chat: one sees the other typing and the message arrive without a reload", async ({
    browser,
    baseURL,
  }) => {
    const annaContext = await browser.newContext();
    const adminContext = await browser.newContext();
    try {
      const anna = await signedInPage(annaContext, baseURL, MATCHMAKER);
      const admin = await signedInPage(adminContext, baseURL, ADMIN);
      const adminUser = (await (await admin.request.get("/api/users/me")).json()) as { id: string };

      // Anna opens the chat with the admin from a link (a user's card gives the same one).
      await anna.goto(`/admin/chats?with=${adminUser.id}`);
      await expect(anna).toHaveURL(/\/admin\/chats\?chat=/);
      const chatId = new URL(anna.url()).searchParams.get("chat");
      await expect(composer(anna)).toBeVisible();

      await admin.goto(`/admin/chats?chat=${chatId}`);
      await expect(composer(admin)).toBeVisible();
      const adminTyping = admin.getByTestId("typing");
      await expect(adminTyping).toHaveText("");

      // Anna types: the admin sees it live.
      const text = `Hello from Anna ${Date.now()} <b>not bold</b>`;
      await composer(anna).pressSequentially(text.slice(0, 12), { delay: 30 });
      await expect(adminTyping).toHaveText(/is typing/, { timeout: 5000 });

      // Anna sends: the message appears on the admin's page with no reload, as plain text.
      await composer(anna).fill(text);
      await composer(anna).press("Enter");
      await expect(composer(anna)).toHaveValue("");
      const arrived = admin.getByTestId("message").filter({ hasText: text });
      await expect(arrived).toBeVisible({ timeout: 5000 });
      await expect(admin.locator("b", { hasText: "not bold" })).toHaveCount(0);
      await expect(adminTyping).toHaveText("");

      // The admin has it open, so it is read: Anna sees the receipt.
      const mine = anna.getByTestId("message").filter({ hasText: text });
      await expect(mine.getByTestId("read")).toBeVisible({ timeout: 5000 });

      // And a reply travels back.
      const reply = `Reply ${Date.now()}`;
      await composer(admin).fill(reply);
      await admin.getByRole("button", { name: "Send" }).click();
      await expect(anna.getByTestId("message").filter({ hasText: reply })).toBeVisible({ timeout: 5000 });
    } finally {
      await annaContext.close();
      await adminContext.close();
    }
  });
});

test.describe("chat from an agency page", () => {
  test("[chat] a matchmaker opens a chat with another agency from its page", async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    try {
      const anna = await signedInPage(context, baseURL, MATCHMAKER);
      // The app's pages load the signed-in user; the public pages then know it too.
      const socketCreated = anna.waitForEvent("websocket");
      await anna.goto("/admin/dashboard");
      await expect(anna.getByRole("heading", { level: 1 })).toBeVisible();
      // The app's socket opens on the dashboard; the chats page, reached by the sidebar after
      // that, knows it is connected (it used to say "Reconnecting..." for good).
      await socketCreated;
      await anna.waitForTimeout(1000);
      const menu = anna.getByRole("button", { name: "Open menu" });
      if (await menu.isVisible()) await menu.click();
      await anna.getByRole("link", { name: "Chats", exact: true }).click();
      await expect(anna).toHaveURL(/\/admin\/chats/);
      await expect(anna.getByRole("heading", { name: "Chats", level: 1 })).toBeVisible();
      await expect(anna.getByText("Reconnecting")).toHaveCount(0);
      await anna.goto("/agency/whitmore-hart");
      await anna.getByRole("link", { name: "Send a message" }).click();
      await expect(anna).toHaveURL(/\/admin\/chats\?chat=/);
      await expect(composer(anna)).toBeVisible();
      // Not offered on one's own agency page.
      await anna.goto("/agency/anna-volkova");
      await expect(anna.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(anna.getByRole("link", { name: "Send a message" })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
