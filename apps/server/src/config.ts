import path from "node:path";
import { z } from "zod";
import { DEFAULT_WEB_DIST_DIR } from "./paths.js";

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

// Every setting the server reads, with the defaults of the embedded setup. `.env.example` lists them.
const Env = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DEMO_DATA: flag.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: flag.default(false),
  WEB_DIST_DIR: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("MatchDesk <no-reply@localhost>"),
  OIDC_ISSUER: z.url().default("https://accounts.google.com"),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).default("Google"),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  PAYMENT_PROVIDER: z.enum(["manual", "stripe"]).default("manual"),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  ANALYTICS_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/)
    .default("cf-ipcountry"),
  /** Shared secret of the partner mobile app's signed like counts (HMAC-SHA256). */
  PARTNER_APP_SECRET: z.string().min(16).optional(),
  /** Requests one API key may make per window (issue 18), and the window's length. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  API_KEY_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Lets webhook URLs use plain http and private or loopback addresses (tests, private deployments). */
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  /** How long a webhook endpoint has to answer a delivery. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The first retry's delay (then ×4 each time: 4, 16, 64, 256, 1,024 minutes by default). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(86_400_000).default(240_000),
  /** How often each instance looks for deliveries due. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  /** Turns Telegram on (issue 18): the bot's token from @BotFather. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, "must look like 123456:ABC-DEF...")
    .optional(),
  /** Another Bot API server (a local one, a test stand-in). */
  TELEGRAM_API_ROOT: z.url().default("https://api.telegram.org"),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  isHttps: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  demoData: boolean;
  logLevel: z.infer<typeof Env>["LOG_LEVEL"];
  trustProxy: boolean;
  webDistDir: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Sign-in through OpenID Connect; off until a client id and secret are set. */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  /** Uploaded files in an S3-compatible bucket instead of DATA_DIR/files. */
  s3: S3Config | undefined;
  /** Who takes payments: `manual` (an administrator confirms each request) or Stripe Checkout. */
  payments: PaymentsConfig;
  /** An OpenAI-compatible chat model that rewrites the compatibility narrative; off until set. */
  ai: AiConfig | undefined;
  /** The proxy header that carries the visitor's country for view analytics (e.g. CF-IPCountry). */
  analyticsCountryHeader: string;
  /** Shared secret of the partner app's like counts; without it the endpoint answers 503. */
  partnerAppSecret: string | undefined;
  /** How many requests one API key may make per window (429 with Retry-After past it). */
  apiKeyRateLimit: { limit: number; windowMs: number };
  /** Webhook deliveries (issue 18); `allowPrivate`: URLs may be plain http and reach private addresses. */
  webhooks: { allowPrivate: boolean; timeoutMs: number; retryBaseMs: number; pollMs: number };
  /** The Telegram bot (issue 18); off while TELEGRAM_BOT_TOKEN is unset. */
  telegram: TelegramConfig | undefined;
};

export type TelegramConfig = { token: string; apiRoot: string };

export type AiConfig = {
  /** Up to the version segment, e.g. https://api.openai.com/v1; `/chat/completions` is added. */
  baseUrl: string;
  /** Sent as a bearer token when set; a local model server may need none. */
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
};

export type PaymentsConfig =
  | { provider: "manual" }
  | { provider: "stripe"; secretKey: string; webhookSecret: string; apiBase: string };

export type S3Config = {
  bucket: string;
  /** A MinIO, R2, Ceph... address (path-style URLs); unset means AWS itself (virtual-hosted URLs). */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export class ConfigError extends Error {}

/** Reads the environment; a bad variable stops start-up with a message naming it. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = Env.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid environment variable(s):\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid environment variable(s):\n  S3_BUCKET: needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    );
  }
  if (e.PAYMENT_PROVIDER === "stripe" && !(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      "Invalid environment variable(s):\n  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  if (Boolean(e.AI_BASE_URL) !== Boolean(e.AI_MODEL)) {
    throw new ConfigError(
      `Invalid environment variable(s):\n  ${e.AI_BASE_URL ? "AI_BASE_URL: needs AI_MODEL" : "AI_MODEL: needs AI_BASE_URL"}`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    isHttps: publicUrl.startsWith("https://"),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demoData: e.DEMO_DATA && !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    analyticsCountryHeader: e.ANALYTICS_COUNTRY_HEADER.toLowerCase(),
    oidc:
      e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
          }
        : undefined,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT?.replace(/\/$/, ""),
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    payments:
      e.PAYMENT_PROVIDER === "stripe" && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            provider: "stripe",
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE.replace(/\/$/, ""),
          }
        : { provider: "manual" },
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL.replace(/\/$/, ""),
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            timeoutMs: e.AI_TIMEOUT_MS,
          }
        : undefined,
    partnerAppSecret: e.PARTNER_APP_SECRET,
    apiKeyRateLimit: { limit: e.API_KEY_RATE_LIMIT, windowMs: e.API_KEY_RATE_WINDOW_SECONDS * 1000 },
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      pollMs: e.WEBHOOK_POLL_MS,
    },
    telegram: e.TELEGRAM_BOT_TOKEN
      ? { token: e.TELEGRAM_BOT_TOKEN, apiRoot: e.TELEGRAM_API_ROOT.replace(/\/$/, "") }
      : undefined,
  };
}
