import { z } from "zod";

// SPEC 3 cookies: `locale` for the app (default ru-RU), `public-locale` for public pages (default en-US).
export const Locale = z.enum(["en-US", "ru-RU"]);
export type Locale = z.infer<typeof Locale>;
export const LOCALES = Locale.options;
export const LOCALE_COOKIE = { name: "locale", fallback: "ru-RU", maxAgeDays: 365 } as const;
export const PUBLIC_LOCALE_COOKIE = { name: "public-locale", fallback: "en-US", maxAgeDays: 365 } as const;
export const APP_USER_COOKIE = { name: "app-user", maxAgeDays: 30 } as const;
export const AUTH_USER_STORAGE_KEY = "authUser";
