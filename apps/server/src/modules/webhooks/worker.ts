import http from "node:http";
import https from "node:https";

import type { WebhookDeliveryError } from "@matchdesk/contract";
import { and, asc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { users, webhookDeliveries, webhookEndpoints } from "../../db/schema/index.js";
import { signWebhookBody } from "../../platform/signed-webhook.js";
import { type NotifyDeps, notify } from "../notifications/service.js";
import { resolveTarget } from "./address-guard.js";

// The outbox's sender (issue 18), on every instance. Each round claims due deliveries with
// FOR UPDATE SKIP LOCKED and pushes their next try past the attempt's time limit (a lease), so
// two workers never send the same row at once and a worker that dies mid-send leaves the row to
// be tried again once the lease runs out. The HTTP call happens outside any transaction.

/** The first try and five retries, at base × 4, 16, 64, 256 and 1,024 (minutes with the default base). */
export const MAX_ATTEMPTS = 6;
/** How many deliveries one round sends, in parallel. */
const BATCH = 20;

export type WebhookSettings = {
  allowPrivate: boolean;
  timeoutMs: number;
  /** The first retry's delay; each next one is four times longer. */
  retryBaseMs: number;
  pollMs: number;
};

export type WorkerDeps = NotifyDeps & { webhooks: WebhookSettings };

/** The delay before the try after `attempt` failed ones (1-based): base, ×4, ×16, ×64, ×256. */
export const retryDelayMs = (attempt: number, baseMs: number) => baseMs * 4 ** (attempt - 1);

type Outcome = {
  ok: boolean;
  statusCode: number | null;
  error: WebhookDeliveryError | null;
  durationMs: number;
};

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (docs/webhooks.md). */
export function signatureHeader(body: string, secret: string, seconds = Math.floor(Date.now() / 1000)) {
  return `t=${seconds},v1=${signWebhookBody(body, secret, seconds)}`;
}

/**
 * One POST to the endpoint: its name resolved and checked now, the connection made to the checked
 * address (TLS still checks the certificate against the name). 2xx is success; anything else, a
 * refused address, a connection error or no answer within the time limit is a failure.
 */
export async function send(
  target: { url: string; secret: string; deliveryId: string; type: string; body: string },
  settings: Pick<WebhookSettings, "allowPrivate" | "timeoutMs">,
): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const resolved = await resolveTarget(target.url, settings.allowPrivate);
  if (!resolved.ok) return { ok: false, statusCode: null, error: resolved.code, durationMs: elapsed() };
  const url = new URL(target.url);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Outcome>((resolve) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(target.body),
          "user-agent": "MatchDesk-Webhooks/1",
          "x-matchdesk-event": target.type,
          "x-matchdesk-delivery": target.deliveryId,
          "x-matchdesk-signature": signatureHeader(target.body, target.secret),
        },
        lookup: (_host, options, callback) => {
          const cb = callback as unknown as (
            error: Error | null,
            address: string | { address: string; family: number }[],
            family?: number,
          ) => void;
          if ((options as { all?: boolean }).all)
            cb(null, [{ address: resolved.address, family: resolved.family }]);
          else cb(null, resolved.address, resolved.family);
        },
        timeout: settings.timeoutMs,
      },
      (response) => {
        response.resume();
        response.on("end", () => {
          const code = response.statusCode ?? 0;
          const ok = code >= 200 && code < 300;
          resolve({ ok, statusCode: code, error: ok ? null : "http_status", durationMs: elapsed() });
        });
        response.on("error", () =>
          resolve({
            ok: false,
            statusCode: response.statusCode ?? null,
            error: "connection",
            durationMs: elapsed(),
          }),
        );
      },
    );
    const timer = setTimeout(() => request.destroy(new Error("timeout")), settings.timeoutMs);
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const reason = error.message === "timeout" ? "timeout" : "connection";
      resolve({ ok: false, statusCode: null, error: reason, durationMs: elapsed() });
    });
    request.on("close", () => clearTimeout(timer));
    request.end(target.body);
  });
}

/** Claims up to `limit` due deliveries of live endpoints; each gets one more attempt and a lease. */
async function claim(db: Db, limit: number, leaseMs: number) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(users, eq(users.id, webhookEndpoints.userId))
      .where(
        and(
          // Written out, so a kept plan (PGlite's) uses the due index, whose condition this is.
          sql`${webhookDeliveries.status} = 'pending'`,
          lte(webhookDeliveries.nextAttemptAt, now),
          isNull(webhookEndpoints.disabledAt),
          // A switched-off or erased owner's queue waits (and is swept), never sent.
          eq(users.status, "active"),
          isNull(users.erasedAt),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { of: webhookDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: now,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
        // In flight: no outcome yet. The failure rate counts outcomes, so a backlog sent again
        // after the endpoint is switched back on does not count as failing before it is tried.
        lastError: null,
        lastStatusCode: null,
      })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    const endpoints = await tx
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((c) => c.endpointId))]));
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    return claimed.map((delivery) => ({ delivery, endpoint: byId.get(delivery.endpointId)! }));
  });
}

/** The share of failing deliveries over which an endpoint is switched off (SmartMatchApp's rule). */
export const FAILURE_RATE_LIMIT = 0.4;
/** The window of that rule. */
const FAILURE_WINDOW_MS = 24 * 3_600_000;
/** Fewer deliveries than this in the window say too little: one failure of two is not a broken endpoint. */
export const FAILURE_RATE_MIN_DELIVERIES = 10;

/**
 * Whether over 40 % of the endpoint's deliveries tried in the last 24 hours (and since it was last
 * switched on) are failing: their latest try failed, whether retries are left or not. Delivered
 * ones count as good; a delivery not tried yet does not count. Reads the endpoint's deliveries of
 * the last two days through their (endpoint, created) index: none older is still being tried.
 */
async function failingTooOften(db: Db, endpointId: string): Promise<boolean> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  const [row] = await db
    .select({
      failing:
        sql<number>`count(*) filter (where ${webhookDeliveries.status} <> 'delivered' and ${webhookDeliveries.lastError} is not null)`.mapWith(
          Number,
        ),
      delivered: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'delivered')`.mapWith(
        Number,
      ),
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        gte(webhookDeliveries.createdAt, new Date(Date.now() - 2 * FAILURE_WINDOW_MS)),
        gte(webhookDeliveries.lastAttemptAt, since),
        gte(webhookDeliveries.lastAttemptAt, webhookEndpoints.enabledAt),
      ),
    );
  const tried = (row?.failing ?? 0) + (row?.delivered ?? 0);
  return tried >= FAILURE_RATE_MIN_DELIVERIES && (row?.failing ?? 0) > FAILURE_RATE_LIMIT * tried;
}

/** Switches the endpoint off and tells its owner, once: only the update that switches it off notifies. */
async function switchOff(deps: WorkerDeps, endpoint: typeof webhookEndpoints.$inferSelect) {
  const switchedOff = await deps.db
    .update(webhookEndpoints)
    .set({ disabledAt: new Date() })
    .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  if (switchedOff.length > 0) {
    await notify(deps, endpoint.userId, "webhook_disabled", { url: endpoint.url.slice(0, 500) });
  }
}

/**
 * One round: sends what is due and records each outcome. A delivery that fails its last try is
 * `failed` and switches its endpoint off; so does a failure that takes the endpoint's failing share
 * over 40 % (`failingTooOften`). Answers how many deliveries were tried.
 */
export async function deliverDue(deps: WorkerDeps, limit = BATCH): Promise<number> {
  const { webhooks } = deps;
  const claimed = await claim(deps.db, limit, webhooks.timeoutMs + 30_000);
  await Promise.all(
    claimed.map(async ({ delivery, endpoint }) => {
      const outcome = await send(
        {
          url: endpoint.url,
          secret: endpoint.secret,
          deliveryId: delivery.id,
          type: delivery.type,
          body: delivery.body,
        },
        webhooks,
      );
      const base = {
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        durationMs: outcome.durationMs,
      };
      // The outcome is written only while the claim is still this one: "send again" or an expired
      // lease gave the delivery to another attempt, whose outcome counts instead.
      const stillOurs = and(
        eq(webhookDeliveries.id, delivery.id),
        eq(webhookDeliveries.attempts, delivery.attempts),
        eq(webhookDeliveries.lastAttemptAt, delivery.lastAttemptAt ?? new Date(0)),
        eq(webhookDeliveries.status, "pending"),
      );
      if (outcome.ok) {
        await deps.db
          .update(webhookDeliveries)
          .set({ ...base, status: "delivered", deliveredAt: new Date(), nextAttemptAt: null })
          .where(stillOurs);
        return;
      }
      if (delivery.attempts < MAX_ATTEMPTS) {
        const next = new Date(Date.now() + retryDelayMs(delivery.attempts, webhooks.retryBaseMs));
        const retried = await deps.db
          .update(webhookDeliveries)
          .set({ ...base, nextAttemptAt: next })
          .where(stillOurs)
          .returning({ id: webhookDeliveries.id });
        if (retried.length > 0 && (await failingTooOften(deps.db, endpoint.id))) {
          await switchOff(deps, endpoint);
        }
        return;
      }
      const failed = await deps.db
        .update(webhookDeliveries)
        .set({ ...base, status: "failed", nextAttemptAt: null })
        .where(stillOurs)
        .returning({ id: webhookDeliveries.id });
      if (failed.length > 0) await switchOff(deps, endpoint);
    }),
  );
  return claimed.length;
}

/**
 * Runs rounds every `pollMs` on this instance, and at once when a change of this instance queued
 * something (`kick`). Rounds never overlap; a failed round (the database away) waits for the next.
 */
export function startWebhookWorker(deps: WorkerDeps, log: FastifyBaseLogger) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        while (!stopped && (await deliverDue(deps)) > 0) {}
      } catch (error) {
        log.warn({ err: error }, "webhook round failed");
      } finally {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      }
    })();
  };
  const timer = setInterval(run, deps.webhooks.pollMs);
  timer.unref();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
