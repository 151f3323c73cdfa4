import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { PRODUCT_NAME } from "@matchdesk/contract";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import helmet from "helmet";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import type { AppDeps } from "./deps.js";
import * as admin from "./modules/admin/routes.js";
import { type DirectoryCache, openDirectoryCache } from "./modules/agencies/directory-cache.js";
import * as agencies from "./modules/agencies/routes.js";
import * as agencyPage from "./modules/agency-page/routes.js";
import * as analytics from "./modules/analytics/routes.js";
import { registerApiKeyHook } from "./modules/api-keys/bearer-hook.js";
import * as apiKeys from "./modules/api-keys/routes.js";
import * as applications from "./modules/applications/routes.js";
import * as auth from "./modules/auth/routes.js";
import { openSessionCache } from "./modules/auth/session-cache.js";
import { registerSessionHook } from "./modules/auth/sessions.js";
import * as chat from "./modules/chat/routes.js";
import * as clientImport from "./modules/client-import/routes.js";
import * as clients from "./modules/clients/routes.js";
import * as credits from "./modules/credits/routes.js";
import { registerAccessLog } from "./modules/data-rights/access-log.js";
import * as dataRights from "./modules/data-rights/routes.js";
import * as debug from "./modules/debug/routes.js";
import * as files from "./modules/files/routes.js";
import * as health from "./modules/health/routes.js";
import * as introductions from "./modules/introductions/routes.js";
import * as invites from "./modules/invites/routes.js";
import * as matching from "./modules/matching/routes.js";
import * as notifications from "./modules/notifications/routes.js";
import * as packages from "./modules/packages/routes.js";
import { openPaymentProvider, type PaymentProvider } from "./modules/payments/providers.js";
import * as payments from "./modules/payments/routes.js";
import * as profiles from "./modules/profiles/routes.js";
import * as quiz from "./modules/quiz/routes.js";
import * as recalibration from "./modules/recalibration/routes.js";
import * as reviews from "./modules/reviews/routes.js";
import * as subscriptions from "./modules/subscriptions/routes.js";
import { createTelegramBot, type TelegramBot } from "./modules/telegram/bot.js";
import * as telegram from "./modules/telegram/routes.js";
import * as users from "./modules/users/routes.js";
import * as webhooks from "./modules/webhooks/routes.js";
import { type RegisteredRoute, registerAccessControl } from "./platform/access.js";
import { registerErrorHandling, toErrorBody } from "./platform/errors.js";
import { loggerOptions } from "./platform/logger.js";
import { createMailer } from "./platform/mail.js";
import { registerOriginCheck } from "./platform/origin.js";
import { createRateLimiter } from "./platform/rate-limit.js";
import { openStorage } from "./platform/storage.js";
import { MAX_UPLOAD_BYTES } from "./platform/uploads.js";
import { registerWebApp } from "./platform/web.js";

/** The platform's dependencies and the services built once for the modules that need them. */
export type ModuleDeps = AppDeps & {
  directory: DirectoryCache;
  /** Where buyers pay (config.payments): shared by checkout and subscription purchases. */
  paymentProvider: PaymentProvider;
  /** The Telegram bot while TELEGRAM_BOT_TOKEN is set (main.ts starts its polling). */
  telegram: TelegramBot | undefined;
};

export type App = FastifyInstance & { registeredRoutes: RegisteredRoute[]; deps: ModuleDeps };

// Each domain adds one line here.
const MODULES = [
  health,
  auth,
  users,
  invites,
  clientImport,
  clients,
  profiles,
  files,
  admin,
  applications,
  debug,
  credits,
  subscriptions,
  payments,
  agencies,
  agencyPage,
  reviews,
  analytics,
  chat,
  notifications,
  matching,
  introductions,
  quiz,
  recalibration,
  packages,
  dataRights,
  apiKeys,
  webhooks,
  telegram,
];

/** Builds the whole HTTP app on an open, migrated database. No side effects at import. */
export async function buildApp(input: { config: Config; database: Database }): Promise<App> {
  const { config, database } = input;
  const app = Fastify({
    ...loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL Fastify cannot even route (a bad percent-escape) still gets the API's error shape.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toErrorBody(Object.assign(error, { statusCode: 400 }));
      void (reply as FastifyReply).status(status).send(body);
    },
  });
  const registeredRoutes: RegisteredRoute[] = [];
  const deps: ModuleDeps = {
    config,
    database,
    db: database.db,
    limiter: createRateLimiter(database.db),
    mailer: createMailer({
      db: database.db,
      log: app.log,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      printKeptMail: database.kind === "pglite",
    }),
    storage: openStorage(config),
    directory: await openDirectoryCache(database),
    paymentProvider: openPaymentProvider(config.payments),
    telegram: undefined,
  };
  if (config.telegram) deps.telegram = createTelegramBot(deps, config.telegram, app.log);
  app.addHook("onClose", async () => deps.directory.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  // The security headers, one helmet middleware made once. (@fastify/helmet made a new one, and
  // parsed the policy again, on every request: about a third of the bare health route's time, 1,843
  // -> 2,612 requests a second on PGlite with ten connections.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isHttps ? [] : null,
      },
    },
    strictTransportSecurity: config.isHttps,
    // As the policy's frame-ancestors 'none' says, for browsers that only read this header.
    xFrameOptions: { action: "deny" },
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 100, fields: 10, parts: 110, headerPairs: 100 },
  });
  registerOriginCheck(app, config.publicUrl);
  const sessionCache = await openSessionCache(database);
  app.addHook("onClose", async () => sessionCache.close());
  registerSessionHook(app, { db: deps.db, isHttps: config.isHttps, cache: sessionCache.cache });
  registerApiKeyHook(app, { db: deps.db, limiter: deps.limiter, rateLimit: config.apiKeyRateLimit });
  registerAccessControl(app, registeredRoutes);
  // Routes whose definition carries `audit` write the client's access log (issue 20).
  registerAccessLog(app, deps.db);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.0.3",
      info: { title: `${PRODUCT_NAME} API`, version: "0.1.0" },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "sid" },
          // Issue 18: `Authorization: Bearer mdk_...` acts as the key's owner on every route.
          apiKey: {
            type: "http",
            scheme: "bearer",
            description: "An API key made on the Integrations page (mdk_...), acting as its owner",
          },
        },
      },
      // Either way in works on every route; a public route needs neither (route() says so).
      security: [{ session: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  for (const module of MODULES) module.register(app, deps);

  await registerWebApp(app, config);
  await app.ready();
  return Object.assign(app, { registeredRoutes, deps }) as unknown as App;
}
