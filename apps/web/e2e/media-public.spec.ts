import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

// The demo matchmaker that `DEMO_DATA=true` seeds (apps/server/src/seed/demo.ts).
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };
const PROFILE_PASSWORD = "open-sesame-7";
const DATE_OF_BIRTH = "1991-03-15";

type DeviceOptions = {
  viewport: { width: number; height: number } | null;
  isMobile: boolean;
  hasTouch: boolean;
};

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.matchdesk.test`;

/** Age in whole years today (UTC), as the server shows it instead of the date of birth. */
function ageOf(isoDate: string): number {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const now = new Date();
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  return now.getUTCFullYear() - y - (beforeBirthday ? 1 : 0);
}

/** A real JPEG portrait placeholder: a soft gradient with a silhouette, one hue per photo. */
async function portraitJpeg(hue: number, width = 900, height = 1200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,78%)"/><stop offset="1" stop-color="hsl(${hue + 40},45%,45%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height * 0.38}" r="${width * 0.17}" fill="rgba(255,255,255,0.85)"/>
    <rect x="${width * 0.22}" y="${height * 0.58}" width="${width * 0.56}" height="${height * 0.5}"
      rx="${width * 0.2}" fill="rgba(255,255,255,0.85)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The smallest file the server takes for a PDF: it checks the `%PDF-` signature, and keeps PDFs as sent. */
const pdfFile = (name: string, size = 0) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.concat([
    Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
    Buffer.alloc(size),
  ]),
});

async function jpegFile(name: string, hue: number) {
  return { name, mimeType: "image/jpeg", buffer: await portraitJpeg(hue) };
}

/** Mutations carry the page's origin, as a browser's would (apps/server/src/platform/origin.ts). */
const originOf = (baseURL: string | undefined) => ({ Origin: new URL(baseURL ?? "http://127.0.0.1").origin });

async function signIn(request: APIRequestContext, baseURL: string | undefined) {
  const response = await request.post("/api/auth/login", { data: MATCHMAKER, headers: originOf(baseURL) });
  expect(response.status()).toBe(200);
}

/** A new client of the demo matchmaker, created through the API. */
async function createClient(request: APIRequestContext, baseURL: string | undefined, firstName: string) {
  const response = await request.post("/api/clients", {
    data: { email: uniqueEmail("media"), firstName, lastName: "Sokolova" },
    headers: originOf(baseURL),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

type Photo = { id: string; url: string; isMain: boolean };

/** A client with a filled-in questionnaire, photos, a public password and display settings. */
async function sharedProfile(request: APIRequestContext, baseURL: string | undefined) {
  await signIn(request, baseURL);
  const headers = originOf(baseURL);
  const id = await createClient(request, baseURL, "Vera");
  const patched = await request.patch(`/api/profiles/${id}`, {
    headers,
    data: {
      phone: "+7 900 123-45-67",
      gender: "FEMALE",
      dateOfBirth: DATE_OF_BIRTH,
      height: 168,
      country: "RU",
      city: "Moscow",
      profession: "Architect",
      aboutMe: "I design libraries and love long walks by the sea.",
      faith: "CHRISTIANITY",
      lookingFor: "MARRIAGE",
      languagesSpoken: ["Russian", "English"],
      interests: { travel: ["Italy", "Japan"] },
    },
  });
  expect(patched.status()).toBe(200);

  const form = new FormData();
  for (const [index, hue] of [340, 20, 200].entries()) {
    form.append(
      "photos",
      new Blob([new Uint8Array(await portraitJpeg(hue))], { type: "image/jpeg" }),
      `photo-${index}.jpg`,
    );
  }
  const uploaded = await request.post(`/api/profiles/${id}/gallery`, { headers, multipart: form });
  expect(uploaded.status()).toBe(200);
  const { items } = (await uploaded.json()) as { items: Photo[] };
  expect(items).toHaveLength(3);
  // The second photo becomes the main one: the public page must show it first.
  const main = items[1]!;
  expect(
    (await request.put(`/api/profiles/${id}/gallery/main`, { headers, data: { photoId: main.id } })).status(),
  ).toBe(200);

  const password = await request.put(`/api/profiles/${id}/password`, {
    headers,
    data: { password: PROFILE_PASSWORD, confirmPassword: PROFILE_PASSWORD },
  });
  expect(password.status()).toBe(200);
  const display = await request.put(`/api/profiles/${id}/display-settings`, {
    headers,
    data: { fields: { profession: false, faith: true } },
  });
  expect(display.status()).toBe(200);
  return { id, mainUrl: main.url };
}

/** A second browser, signed out, with the same device settings as the test's project. */
function visitor(browser: Browser, device: DeviceOptions, baseURL: string | undefined) {
  return browser.newContext({ ...device, baseURL });
}

async function chooseFiles(page: Page, buttonName: string, files: Parameters<Page["setInputFiles"]>[1]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: buttonName }).click();
  await (await chooser).setFiles(files);
}

test.describe("photos and the public profile", () => {
  test("[public profile] a shared profile opens with its password and shows only what is displayed", async ({
    page,
    browser,
    viewport,
    isMobile,
    hasTouch,
    baseURL,
  }) => {
    const { id, mainUrl } = await sharedProfile(page.request, baseURL);

    const context = await visitor(browser, { viewport, isMobile, hasTouch }, baseURL);
    const guest = await context.newPage();
    await guest.goto(`/profile/${id}`);
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("This profile is private");
    await expect(guest).toHaveTitle("Private profile · MatchDesk");

    // A wrong password is said on the field; nothing of the profile shows.
    const passwordField = guest.getByRole("textbox", { name: /^Password/ });
    await passwordField.fill("not-the-password");
    await guest.getByRole("button", { name: "Open profile" }).click();
    await expect(guest.getByText("Incorrect password.")).toBeVisible();
    await expect(passwordField).toHaveAttribute("aria-invalid", "true");
    await expect(guest.getByText("Vera")).toHaveCount(0);

    await passwordField.fill(PROFILE_PASSWORD);
    await guest.getByRole("button", { name: "Open profile" }).click();
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(`Vera, ${ageOf(DATE_OF_BIRTH)}`);
    await expect(guest).toHaveTitle("Vera · MatchDesk");

    // Displayed fields, with labels and readable values.
    await expect(guest.getByText("Moscow, Russia")).toBeVisible();
    await expect(guest.getByText("Marriage", { exact: true })).toBeVisible();
    await expect(guest.getByText("I design libraries and love long walks by the sea.")).toBeVisible();
    const faith = guest.locator("dl > div").filter({ hasText: "Faith" });
    await expect(faith.locator("dd")).toHaveText("Christianity");
    await expect(guest.locator("dl > div").filter({ hasText: "Height" }).locator("dd")).toHaveText("168 cm");
    await expect(guest.getByText("Russian, English")).toBeVisible();
    await expect(guest.getByText("Italy", { exact: true })).toBeVisible();
    // Hidden by the display settings, or never public: profession, last name, phone, date of birth.
    await expect(guest.getByText("Architect")).toHaveCount(0);
    await expect(guest.getByText("Sokolova")).toHaveCount(0);
    await expect(guest.getByText("123-45-67")).toHaveCount(0);
    await expect(guest.getByText("15.03.1991")).toHaveCount(0);

    // Photos: the main one first.
    await expect(guest.getByRole("heading", { name: "Photos · 3" })).toBeVisible();
    const first = guest.getByRole("button", { name: "Open photo 1 of 3" }).first();
    await expect(first.getByRole("img")).toHaveAttribute("src", mainUrl);

    // The lightbox: arrows navigate (wrapping), Space zooms, Esc closes and focus comes back.
    await first.click();
    const viewer = guest.getByRole("dialog", { name: "Photo viewer" });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText("1 / 3", { exact: true })).toBeVisible();
    await expect(viewer.getByRole("img", { name: "Vera, photo 1" })).toHaveAttribute("src", mainUrl);
    await guest.keyboard.press("ArrowRight");
    await expect(viewer.getByText("2 / 3", { exact: true })).toBeVisible();
    await expect(viewer.getByRole("img", { name: "Vera, photo 2" })).toBeVisible();
    await guest.keyboard.press("ArrowLeft");
    await guest.keyboard.press("ArrowLeft");
    await expect(viewer.getByText("3 / 3", { exact: true })).toBeVisible();
    await guest.keyboard.press("Space");
    await expect(viewer.getByRole("button", { name: "Zoom out" })).toHaveAttribute("aria-pressed", "true");
    await guest.keyboard.press("Space");
    await expect(viewer.getByRole("button", { name: "Zoom in" })).toHaveAttribute("aria-pressed", "false");
    await viewer.getByRole("button", { name: "Next photo" }).click();
    await expect(viewer.getByText("1 / 3", { exact: true })).toBeVisible();
    if (hasTouch) {
      // A swipe to the left shows the next photo.
      const stage = viewer.getByRole("img", { name: "Vera, photo 1" }).locator("..");
      const touch = { pointerType: "touch", isPrimary: true, pointerId: 7 };
      await stage.dispatchEvent("pointerdown", { ...touch, clientX: 300, clientY: 400 });
      await stage.dispatchEvent("pointerup", { ...touch, clientX: 120, clientY: 410 });
      await expect(viewer.getByText("2 / 3", { exact: true })).toBeVisible();
      await guest.keyboard.press("ArrowLeft");
      await expect(viewer.getByText("1 / 3", { exact: true })).toBeVisible();
    }
    await guest.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(first).toBeFocused();

    // A reload within the hour keeps it open: no password asked again.
    await guest.reload();
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(`Vera, ${ageOf(DATE_OF_BIRTH)}`);

    // Locking asks for the password again, after a reload too.
    await guest.getByRole("button", { name: "Lock profile" }).click();
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("This profile is private");
    await guest.reload();
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("This profile is private");
    await context.close();
  });

  test("[public profile] too many wrong passwords wait, and an unknown profile is not found", async ({
    page,
    browser,
    viewport,
    isMobile,
    hasTouch,
    baseURL,
  }) => {
    await signIn(page.request, baseURL);
    const id = await createClient(page.request, baseURL, "Lena");
    const set = await page.request.put(`/api/profiles/${id}/password`, {
      headers: originOf(baseURL),
      data: { password: PROFILE_PASSWORD, confirmPassword: PROFILE_PASSWORD },
    });
    expect(set.status()).toBe(200);

    const context = await visitor(browser, { viewport, isMobile, hasTouch }, baseURL);
    const guest = await context.newPage();
    await guest.goto(`/profile/${id}`);
    const passwordField = guest.getByRole("textbox", { name: /^Password/ });
    const submit = guest.getByRole("button", { name: "Open profile" });

    // An empty password is refused before any call.
    await submit.click();
    await expect(guest.getByText("Required field")).toBeVisible();

    // A failed load keeps the password for "try again".
    let isDown = true;
    await guest.route("**/api/public/profiles/*/access", (route) => {
      if (!isDown) return route.continue();
      isDown = false;
      return route.fulfill({
        status: 503,
        json: { statusCode: 503, code: "SERVICE_UNAVAILABLE", message: "Database is down" },
      });
    });
    await passwordField.fill(PROFILE_PASSWORD);
    await submit.click();
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Error loading profile");
    await expect(guest.getByRole("alert")).toContainText("The service is temporarily unavailable.");
    await guest.getByRole("button", { name: "Try again" }).click();
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Lena");
    await guest.getByRole("button", { name: "Lock profile" }).click();

    // Five wrong tries a minute are answered; the sixth waits (SPEC 8: rate limited).
    for (let attempt = 1; attempt <= 5; attempt++) {
      await passwordField.fill(`wrong-${attempt}`);
      await submit.click();
      await expect(guest.getByText("Incorrect password.")).toBeVisible();
    }
    await passwordField.fill("wrong-6");
    await submit.click();
    await expect(guest.getByRole("alert").filter({ hasText: "Too many attempts" })).toBeVisible();
    await expect(guest.getByRole("button", { name: /^Try again in \d+ seconds?$/ })).toBeDisabled();

    await guest.goto(`/profile/no-such-profile-${Date.now().toString(36)}`);
    await passwordField.fill("anything");
    await guest.getByRole("button", { name: "Open profile" }).click();
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Profile not found");
    await expect(guest.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    await context.close();
  });

  test("[gallery] a matchmaker uploads photos, picks the main one, browses and removes a selection", async ({
    page,
    baseURL,
  }) => {
    await signIn(page.request, baseURL);
    const id = await createClient(page.request, baseURL, "Nika");
    await page.goto(`/invited-users/${id}?tab=photos`);
    await expect(page.getByText("Фотографий пока нет")).toBeVisible();

    // A selection over the limit is refused before sending, with SPEC 5's counts.
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => jpegFile(`many-${i}.jpg`, i * 30)));
    await chooseFiles(page, "Добавить фото", eleven);
    await expect(
      page.getByText("Слишком много фотографий: выбрано 11, в профиле уже 0, можно добавить ещё 10."),
    ).toBeVisible();
    await expect(page.getByText("Фотографий пока нет")).toBeVisible();

    await chooseFiles(page, "Добавить фото", [
      await jpegFile("one.jpg", 340),
      await jpegFile("two.jpg", 20),
      await jpegFile("three.jpg", 200),
    ]);
    await expect(page.getByText("Фото: 3 из 10")).toBeVisible();
    const tile = (number: number) =>
      page
        .getByRole("listitem")
        .filter({ has: page.getByRole("img", { name: `Фото ${number}`, exact: true }) });
    await expect(tile(1).getByText("Главное")).toBeVisible();

    await page.getByRole("button", { name: "Сделать фото 3 главным" }).click();
    await expect(tile(3).getByText("Главное")).toBeVisible();
    await expect(tile(1).getByText("Главное")).toHaveCount(0);

    // The lightbox from the grid.
    await page.getByRole("button", { name: "Открыть фото 2" }).click();
    const viewer = page.getByRole("dialog", { name: "Просмотр фото" });
    await expect(viewer.getByText("2 / 3", { exact: true })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByText("3 / 3", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Открыть фото 2" })).toBeFocused();

    // Two photos removed at once, after confirming; the main one stays.
    await page.getByRole("checkbox", { name: "Выбрать фото 1" }).check();
    await page.getByRole("checkbox", { name: "Выбрать фото 2" }).check();
    await expect(page.getByText("Выбрано: 2")).toBeVisible();
    await page.getByRole("button", { name: "Удалить выбранные" }).click();
    const confirm = page.getByRole("dialog", { name: "Удалить 2 фото?" });
    await confirm.getByRole("button", { name: "Удалить фото" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText("Фото: 1 из 10")).toBeVisible();
    await expect(tile(1).getByText("Главное")).toBeVisible();
    await expect(page.getByText("Выбрано: 2")).toHaveCount(0);

    const gallery = await page.request.get(`/api/profiles/${id}/gallery`);
    const { items } = (await gallery.json()) as { items: Photo[] };
    expect(items).toHaveLength(1);
    expect(items[0]!.isMain).toBe(true);
  });

  test("[certificates] a matchmaker uploads, checks, opens and removes certificate files", async ({
    page,
    baseURL,
  }) => {
    await signIn(page.request, baseURL);
    const id = await createClient(page.request, baseURL, "Dina");
    await page.goto(`/invited-users/${id}?tab=certificates`);
    await expect(page.getByText("Сертификатов пока нет")).toBeVisible();

    // Refused before sending, with SPEC 5's messages: type, size, count.
    await chooseFiles(page, "Добавить файлы", [
      { name: "cv.docx", mimeType: "application/msword", buffer: Buffer.from("not a certificate") },
    ]);
    await expect(
      page.getByText("Можно загружать только файлы JPG, PNG, GIF, WebP или PDF: cv.docx"),
    ).toBeVisible();
    await chooseFiles(page, "Добавить файлы", [pdfFile("huge.pdf", 10 * 1024 * 1024)]);
    await expect(page.getByText("Файл слишком большой: huge.pdf")).toBeVisible();
    await chooseFiles(
      page,
      "Добавить файлы",
      Array.from({ length: 11 }, (_, i) => pdfFile(`scan-${i}.pdf`)),
    );
    await expect(
      page.getByText("Слишком много файлов: выбрано 11, уже загружено 0, можно добавить ещё 10."),
    ).toBeVisible();
    await expect(page.getByText("Сертификатов пока нет")).toBeVisible();

    // A PDF is sent as it is and shown as a file that downloads; images become thumbnails.
    await chooseFiles(page, "Добавить файлы", [
      pdfFile("Psychology course.pdf"),
      await jpegFile("diploma.jpg", 30),
      await jpegFile("award.jpg", 200),
    ]);
    await expect(page.getByText("Файлов: 3 из 10")).toBeVisible();
    const pdfLink = page.getByRole("link", { name: "Скачать Psychology course.pdf" });
    await expect(pdfLink).toHaveAttribute("href", /^\/api\/files\/certificates\/.+\.pdf$/);
    await expect(pdfLink).toHaveAttribute("download", "Psychology course.pdf");
    const diploma = page.getByRole("img", { name: /^Сертификат: diploma/ });
    await expect(diploma).toBeVisible();

    await page.getByRole("button", { name: /^Посмотреть diploma/ }).click();
    const viewer = page.getByRole("dialog", { name: "Просмотр сертификатов" });
    await expect(viewer.getByText("1 / 2", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);

    // One file removed by its own button, after confirming.
    await page.getByRole("button", { name: "Удалить Psychology course.pdf" }).click();
    const confirmOne = page.getByRole("dialog", { name: "Удалить «Psychology course.pdf»?" });
    await confirmOne.getByRole("button", { name: "Удалить файл" }).click();
    await expect(page.getByText("Файлов: 2 из 10")).toBeVisible();

    // The rest removed at once.
    await page.getByRole("checkbox", { name: /^Выбрать diploma/ }).check();
    await expect(page.getByText("Выбрано: 1")).toBeVisible();
    await page.getByRole("button", { name: "Выбрать все" }).click();
    await expect(page.getByText("Выбрано: 2")).toBeVisible();
    await page.getByRole("button", { name: "Удалить выбранные" }).click();
    await page
      .getByRole("dialog", { name: "Удалить 2 файла?" })
      .getByRole("button", { name: "Удалить файлы" })
      .click();
    await expect(page.getByText("Сертификатов пока нет")).toBeVisible();

    const left = await page.request.get(`/api/profiles/${id}/certificates`);
    expect(((await left.json()) as { items: unknown[] }).items).toHaveLength(0);
  });
});
