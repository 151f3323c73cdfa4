import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from "@playwright/test";

// The demo accounts that `DEMO_DATA=true` seeds (apps/server/src/seed/demo.ts).
const PASSWORD = "demo-password";
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: PASSWORD };
const ADMIN = { email: "admin@demo.matchdesk.test", password: PASSWORD };
const CLIENT = { email: "olga.anna-volkova@demo.matchdesk.test", password: PASSWORD };

/** An address no other test (nor the other device project) uses. */
const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.matchdesk.test`;

type DeviceOptions = {
  viewport: { width: number; height: number } | null;
  isMobile: boolean;
  hasTouch: boolean;
};

/** A second browser, signed out, with the same device settings as the test's project. */
async function freshContext(browser: Browser, device: DeviceOptions, baseURL: string | undefined) {
  return browser.newContext({ ...device, baseURL });
}

/** Signs in through the API of a request context (a page's shares its cookies with the page). */
async function apiSignIn(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post("/api/auth/login", { data: account });
  expect(response.status()).toBe(200);
}

async function inviteLinkOf(request: APIRequestContext, account: { email: string; password: string }) {
  await apiSignIn(request, account);
  const response = await request.get("/api/invites/me");
  expect(response.status()).toBe(200);
  const { link } = (await response.json()) as { link: string };
  return link;
}

/** The path of an absolute invitation link, so the test follows it on whatever host it runs. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** A small real PNG, drawn by the browser. */
async function pngFile(page: Page, name: string, color: string) {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 120;
    canvas.height = 90;
    const context = canvas.getContext("2d")!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 120, 90);
    context.fillStyle = "#ffffff";
    context.fillRect(20, 20, 40, 30);
    return canvas.toDataURL("image/png");
  }, color);
  return { name, mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1]!, "base64") };
}

async function chooseFiles(
  page: Page,
  buttonName: string | RegExp,
  files: Parameters<Page["setInputFiles"]>[1],
) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: buttonName }).click();
  await (await chooser).setFiles(files);
}

async function registerThroughForm(
  page: Page,
  person: { firstName: string; lastName: string; email: string },
) {
  await page.getByRole("textbox", { name: "First name" }).fill(person.firstName);
  await page.getByRole("textbox", { name: "Last name" }).fill(person.lastName);
  await page.getByRole("textbox", { name: "E-mail" }).fill(person.email);
  await page.getByRole("textbox", { name: /^Password/ }).fill("new-secret-1");
  await page.getByRole("textbox", { name: /^Repeat the password/ }).fill("new-secret-1");
  await page.getByRole("checkbox", { name: /I accept the terms/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
}

test.describe("identity and access", () => {
  test("[identity] a client registers through a matchmaker's invite link", async ({
    page,
    browser,
    viewport,
    isMobile,
    hasTouch,
    baseURL,
  }) => {
    // The matchmaker signs in and reads her link on the invites page.
    await page.goto("/login");
    await page.getByRole("textbox", { name: "E-mail" }).fill(MATCHMAKER.email);
    await page.getByRole("textbox", { name: "Password" }).fill(MATCHMAKER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/generate-invite");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Приглашения");
    const linkField = page.getByRole("textbox", { name: "Ссылка-приглашение" });
    await expect(linkField).toHaveValue(/\/app\/register\?invite=[a-z0-9]+$/);
    const link = await linkField.inputValue();
    await expect(page.getByRole("img", { name: "QR-код вашей ссылки-приглашения" })).toBeVisible();
    await expect(page.getByRole("link", { name: "PNG" })).toHaveAttribute("href", "/api/invites/me/qr.png");

    // Inviting by e-mail creates the client and sends the invitation.
    const invited = uniqueEmail("invited");
    await page.getByRole("textbox", { name: "Имя" }).fill("Pavel");
    await page.getByRole("textbox", { name: "Фамилия" }).fill("Sokolov");
    await page.getByRole("textbox", { name: "Электронная почта" }).fill(invited);
    await page.getByRole("button", { name: "Отправить приглашение" }).click();
    await expect(page.getByText(`Приглашение отправлено на ${invited}`)).toBeVisible();

    const context: BrowserContext = await freshContext(browser, { viewport, isMobile, hasTouch }, baseURL);
    const guest = await context.newPage();
    await guest.goto(pathOf(link));
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Create your account");
    await expect(guest.getByText("You’ll join as a client of Anna Volkova Matchmaking.")).toBeVisible();
    await expect(guest.getByRole("link", { name: "terms for clients", exact: true })).toHaveAttribute(
      "href",
      "/client-terms",
    );

    // A taken e-mail is answered on its field.
    await registerThroughForm(guest, { firstName: "Irina", lastName: "Smirnova", email: MATCHMAKER.email });
    await expect(guest.getByText("An account with this e-mail already exists.")).toBeVisible();

    const email = uniqueEmail("client");
    await guest.getByRole("textbox", { name: "E-mail" }).fill(email);
    await guest.getByRole("button", { name: "Create account" }).click();
    await expect(guest).toHaveURL("/admin/dashboard");
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Здравствуйте, Irina");
    await expect(guest.getByText("Клиент", { exact: true })).toBeVisible();
    expect(JSON.parse((await guest.evaluate(() => localStorage.getItem("authUser"))) ?? "{}").email).toBe(
      email,
    );
    await context.close();
  });

  test("[identity] an invalid invite code shows a clear error", async ({ page }) => {
    await page.goto("/app/register?invite=nosuchcode1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This invitation isn’t valid");
    await expect(page.getByRole("alert")).toContainText("This invitation was not found.");
    await expect(page.getByRole("textbox", { name: "First name" })).toHaveCount(0);
  });

  test("[identity] a new matchmaker registers through the admin's invite and completes onboarding", async ({
    page,
    request,
  }) => {
    const link = await inviteLinkOf(request, ADMIN);

    await page.goto(pathOf(link));
    await expect(page.getByText("You’ll join MatchDesk as a matchmaker.")).toBeVisible();
    await expect(page.getByRole("link", { name: "terms for matchmakers", exact: true })).toHaveAttribute(
      "href",
      "/matcher-terms",
    );
    await registerThroughForm(page, { firstName: "Marina", lastName: "Orlova", email: uniqueEmail("mm") });
    await expect(page).toHaveURL("/onboarding");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Настройка агентства");

    await page.getByRole("textbox", { name: "Название агентства" }).fill("Orlova Introductions");
    const login = page.getByRole("textbox", { name: "Логин агентства" });
    // SPEC 5's rule is checked as the login is typed.
    await login.fill("9 Orlova");
    await expect(page.getByText(/сначала латинская буква, дальше строчные латинские буквы/)).toBeVisible();
    await login.fill(`orlova-${Date.now().toString(36)}`);
    await expect(page.getByText(/сначала латинская буква, дальше строчные латинские буквы/)).toHaveCount(0);
    // Listed in the public directory unless switched off, visibly.
    await expect(
      page.getByRole("switch", { name: "Показывать агентство в публичном каталоге" }),
    ).toBeChecked();

    // Completing without a logo is refused before any call.
    await page.getByRole("checkbox", { name: /Я принимаю условия для свах/ }).check();
    await page.getByRole("button", { name: "Завершить настройку" }).click();
    await expect(page.getByText("Сначала загрузите логотип или аватар.")).toBeVisible();

    await chooseFiles(page, "Загрузить логотип", [await pngFile(page, "logo.png", "#8f2d4f")]);
    await expect(page.getByRole("button", { name: "Заменить логотип" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Логотип агентства" })).toBeVisible();

    // A file that is not an image is refused, naming it.
    await chooseFiles(page, "Добавить фото", [
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
    ]);
    await expect(page.getByText("Файл не является изображением: notes.txt")).toBeVisible();

    await chooseFiles(page, "Добавить фото", [await pngFile(page, "office.png", "#2f6f8f")]);
    await expect(page.getByRole("img", { name: "Фото 1" })).toBeVisible();
    await expect(page.getByText("Фото: 1 из 10")).toBeVisible();

    await page.getByRole("button", { name: "Завершить настройку" }).click();
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByText("Агентство настроено. Добро пожаловать в MatchDesk!")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Здравствуйте, Marina");
    expect((await (await page.request.get("/api/agencies/me")).json()).isListed).toBe(true);

    // Finished: onboarding is closed now.
    await page.goto("/onboarding");
    await expect(page).toHaveURL("/admin/dashboard");
  });

  test("[identity] protected pages send to the front page and back after sign-in", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL("/?redirect=%2Fadmin%2Fusers");
    await page.getByRole("link", { name: "Sign in" }).first().click();
    await expect(page).toHaveURL("/login?redirect=%2Fadmin%2Fusers");
    await page.getByRole("textbox", { name: "E-mail" }).fill(ADMIN.email);
    await page.getByRole("textbox", { name: "Password" }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/admin/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Пользователи");
  });

  test("[identity] an unfinished matchmaker is kept on onboarding", async ({ page, request }) => {
    const link = await inviteLinkOf(request, ADMIN);
    const code = new URL(link).searchParams.get("invite");
    const email = uniqueEmail("unfinished");
    // The page's own request context: the session cookie lands in the page's browser.
    const registered = await page.request.post("/api/auth/register", {
      data: {
        inviteCode: code,
        firstName: "Nina",
        lastName: "Belova",
        email,
        password: "new-secret-1",
        confirmPassword: "new-secret-1",
        termsAccepted: true,
      },
    });
    expect(registered.status()).toBe(201);

    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL("/onboarding");
    await page.goto("/admin/generate-invite");
    await expect(page).toHaveURL("/onboarding");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Настройка агентства");
  });

  test("[identity] a finished user skips the front page and onboarding", async ({ page }) => {
    await apiSignIn(page.request, MATCHMAKER);
    await page.goto("/onboarding");
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByText("Первичная настройка кабинета недоступна или уже завершена.")).toBeVisible();

    await page.goto("/");
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Здравствуйте, Anna");
  });

  test("[identity] an expired session sends to the front page with a notice", async ({ page, isMobile }) => {
    await apiSignIn(page.request, MATCHMAKER);
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Здравствуйте, Anna");

    // The session ends on the server while the page still shows the app.
    expect((await page.request.post("/api/auth/logout")).status()).toBe(204);
    // The next step sends the page away, unless the app noticed the ended session first (its live
    // connection closes) and left already, taking the link with it: either way it lands on the
    // front page with the notice.
    const next = async () => {
      if (isMobile) await page.getByRole("button", { name: "Открыть меню" }).click();
      await page.getByRole("link", { name: "Приглашения" }).click();
    };
    await Promise.race([page.waitForURL("/?sessionExpired=true"), next().catch(() => {})]);

    await expect(page).toHaveURL("/?sessionExpired=true");
    await expect(page.getByText("System was updated, please login again.").first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("authUser"))).toBeNull();
  });

  test("[identity] roles: a client cannot open the users list, an admin can", async ({ page }) => {
    await apiSignIn(page.request, CLIENT);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Этот раздел вам недоступен");
    await expect(page.getByRole("link", { name: "Пользователи" })).toHaveCount(0);
  });

  test("[identity] an admin creates a matchmaker, finds and changes users", async ({ page }) => {
    await apiSignIn(page.request, ADMIN);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Пользователи");

    const lastName = `Petrenko${Date.now().toString(36)}`;
    const name = `Alla ${lastName}`;
    const email = uniqueEmail("created");
    await page.getByRole("button", { name: "Создать сваху" }).click();
    const dialog = page.getByRole("dialog", { name: "Новая сваха" });
    await expect(dialog.getByText("приветственное письмо со ссылкой для входа")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Имя" }).fill("Alla");
    await dialog.getByRole("textbox", { name: "Фамилия" }).fill(lastName);
    await dialog.getByRole("textbox", { name: "Электронная почта" }).fill(email);
    await dialog.getByRole("button", { name: "Создать и отправить письмо" }).click();
    await expect(page.getByText(`Сваха ${name} создана`)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The search is kept in the URL.
    await page.getByRole("textbox", { name: "Поиск" }).fill(lastName);
    await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${lastName.toLowerCase()}`, "i"));
    await expect(page.getByText("1 пользователь", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: `Действия: ${name}` }).click();
    await page.getByRole("menuitem", { name: "Верифицировать" }).click();
    await expect(page.getByText(`${name}: верификация подтверждена`)).toBeVisible();

    // AI matching enabled by support: the matchmaker's compatibility checks become free.
    await page.getByRole("button", { name: `Действия: ${name}` }).click();
    await page.getByRole("menuitem", { name: "Включить бесплатные проверки совместимости" }).click();
    await expect(page.getByText(`Бесплатные проверки включены для ${name}`)).toBeVisible();
    await page.getByRole("button", { name: `Действия: ${name}` }).click();
    await expect(
      page.getByRole("menuitem", { name: "Выключить бесплатные проверки от поддержки" }),
    ).toBeVisible();
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: `Действия: ${name}` }).click();
    await page.getByRole("menuitem", { name: "Деактивировать" }).click();
    const confirm = page.getByRole("dialog", { name: `Деактивировать: ${name}?` });
    await confirm.getByRole("button", { name: "Деактивировать" }).click();
    await expect(page.getByText(`${name}: учётная запись деактивирована`)).toBeVisible();
    // The status badge of the row (the status filter has an option with the same text).
    await expect(page.locator("span", { hasText: /^Неактивен$/ }).filter({ visible: true })).toBeVisible();

    // Filters survive a reload; nothing found shows the empty state.
    await page.getByRole("combobox", { name: "Статус" }).selectOption("inactive");
    await expect(page).toHaveURL(/status=inactive/);
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Статус" })).toHaveValue("inactive");
    await expect(page.getByText("1 пользователь", { exact: true })).toBeVisible();
    await page.getByRole("combobox", { name: "Роль" }).selectOption("INVITEE");
    await expect(page.getByText("Никто не подходит под эти фильтры")).toBeVisible();
    await page.getByRole("button", { name: "Сбросить фильтры" }).first().click();
    await expect(page).toHaveURL("/admin/users");
  });

  test("[identity] e-mail sign-in links: every address gets the same answer", async ({ page }) => {
    await page.goto("/login");
    await page.getByText("E-mail link").click();
    const email = page.getByRole("textbox", { name: "E-mail" });
    // A client's address is answered like a matchmaker's (the client learns by e-mail that the
    // link is for matchmakers): the page never tells whose address it is.
    await email.fill(CLIENT.email);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toContainText(
      CLIENT.email,
    );
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByRole("button", { name: "Send another link" }).click();

    await email.fill(MATCHMAKER.email);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toContainText(
      MATCHMAKER.email,
    );

    // A used or unknown link: the error state offers a new one.
    await page.goto("/auth/email?token=not-a-real-token-0123456789");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn’t sign you in");
    await expect(page.getByRole("alert")).toContainText("expired or has already been used");
    await expect(page.getByRole("button", { name: "Send me a new link" })).toBeVisible();

    // No token at all: no link was used, so none is said to have expired.
    await page.goto("/auth/email");
    await expect(page.getByRole("alert")).toContainText("signs you in from the link in your e-mail");
    await expect(page.getByRole("alert")).not.toContainText("expired");
  });
});
