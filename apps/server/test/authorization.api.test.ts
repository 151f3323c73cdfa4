import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agencyLeads,
  apiKeys,
  clientPackages,
  matchmakerApplications,
  webhookDeliveries,
  webhookEndpoints,
} from "../src/db/schema/index.js";
import { createUser, type UserRow } from "../src/modules/users/service.js";
import { newId } from "../src/platform/ids.js";
import { seedAdmin, seedClient, seedManyClients, seedMatchmaker } from "../src/seed/seed.js";
import { buildTestApp, signIn, type TestApp } from "./app.js";
import { jpegWithGps, multipart } from "./images.js";

// Who gets what from every route. A route missing here fails the first test: each new route
// must state its answer for the five kinds of caller.
type Actor = "anonymous" | "client" | "otherMatchmaker" | "owner" | "admin";
const ACTORS: Actor[] = ["anonymous", "client", "otherMatchmaker", "owner", "admin"];
type Fixture = {
  owner: UserRow;
  client: UserRow;
  pendingClient: UserRow;
  clientPhotoId: string;
  disposable: () => string;
  /** A chat between the owner and the admin. */
  chatId: string;
  /** Requests from the owner's agency page: one to invite, one to dismiss. */
  leadIds: { invite: string; dismiss: string };
  /** A running package of the client, never paused. */
  packageId: string;
  /** Waiting applications of new agencies: one to approve, one to decline. */
  applicationIds: { approve: string; decline: string };
  /** A live API key of the owner's, a fresh one each call. */
  apiKeyId: () => string;
  /** The owner's webhook endpoint with one delivery; and a fresh endpoint of theirs each call. */
  webhook: { id: string; deliveryId: string };
  disposableWebhookId: () => string;
};
type Call = { url: string; payload?: Record<string, unknown>; multipart?: true };
/** `codes` pins the error code where a status alone could hide a wrong reason (404 for two causes). */
type Row = {
  call: (f: Fixture) => Call;
  expect: Record<Actor, number>;
  codes?: Partial<Record<Actor, string>>;
};

const all = (status: number): Record<Actor, number> => ({
  anonymous: status,
  client: status,
  otherMatchmaker: status,
  owner: status,
  admin: status,
});
const signedIn = (status: number) => ({ ...all(status), anonymous: 401 });
const matchmakers = (status: number) => ({ ...signedIn(status), client: 403 });
const ownerOnly = (status: number) => ({ ...matchmakers(status), otherMatchmaker: 404 });
const adminOnly = (status: number) => ({ ...all(403), anonymous: 401, admin: status });
// The client's own profile: the client, their matchmaker and admins; another matchmaker gets 404.
const clientProfile = (status: number) => ({ ...signedIn(status), otherMatchmaker: 404 });
// An empty multipart form: allowed callers get 400 (no file), so nothing changes between actors.
const emptyForm = (url: string): Call => ({ url, multipart: true });
let n = 0;
let packageYears = 0;
const fresh = () => `matrix-${n++}@example.test`;

const MATRIX: Record<string, Row> = {
  "GET /api/health": { call: () => ({ url: "/api/health" }), expect: all(200) },
  "GET /api/auth/status": { call: () => ({ url: "/api/auth/status" }), expect: all(200) },
  "POST /api/auth/login": {
    call: () => ({ url: "/api/auth/login", payload: { email: "none@example.test", password: "wrong-pass" } }),
    expect: all(401),
  },
  "POST /api/auth/logout": { call: () => ({ url: "/api/auth/logout" }), expect: all(204) },
  "POST /api/auth/email/request": {
    call: () => ({ url: "/api/auth/email/request", payload: { email: "none@example.test" } }),
    expect: all(202),
  },
  "POST /api/auth/email/verify": {
    call: () => ({ url: "/api/auth/email/verify", payload: { token: "t".repeat(43) } }),
    expect: all(410),
  },
  "POST /api/auth/register": {
    call: () => ({
      url: "/api/auth/register",
      payload: {
        inviteCode: "zzzzzzzzzz",
        firstName: "A",
        lastName: "B",
        email: fresh(),
        password: "secret-pass",
        confirmPassword: "secret-pass",
        termsAccepted: true,
      },
    }),
    expect: all(404),
  },
  "GET /api/auth/methods": { call: () => ({ url: "/api/auth/methods" }), expect: all(200) },
  // Without OIDC settings both answer 503 OIDC_NOT_CONFIGURED; oidc.api.test.ts covers the flow.
  "GET /api/auth/oidc/start": { call: () => ({ url: "/api/auth/oidc/start" }), expect: all(503) },
  "POST /api/auth/oidc/callback": {
    call: () => ({ url: "/api/auth/oidc/callback", payload: { code: "c", state: "s" } }),
    expect: all(503),
  },
  "GET /api/users/me": { call: () => ({ url: "/api/users/me" }), expect: signedIn(200) },
  "GET /api/invites/me": { call: () => ({ url: "/api/invites/me" }), expect: matchmakers(200) },
  "GET /api/invites/me/qr.png": { call: () => ({ url: "/api/invites/me/qr.png" }), expect: matchmakers(200) },
  "GET /api/invites/:code": {
    call: (f) => ({ url: `/api/invites/${f.owner.inviteCode}` }),
    expect: all(200),
  },
  "POST /api/invites": {
    call: () => ({ url: "/api/invites", payload: { email: fresh(), firstName: "A", lastName: "B" } }),
    expect: { ...matchmakers(201), admin: 403 },
  },
  "GET /api/clients": { call: () => ({ url: "/api/clients" }), expect: matchmakers(200) },
  "GET /api/api-keys": { call: () => ({ url: "/api/api-keys" }), expect: matchmakers(200) },
  "POST /api/api-keys": {
    call: () => ({ url: "/api/api-keys", payload: { name: "matrix" } }),
    expect: matchmakers(201),
  },
  // Only the key's owner revokes it, an admin included: it is theirs, not the agency's.
  "DELETE /api/api-keys/:id": {
    call: (f) => ({ url: `/api/api-keys/${f.apiKeyId()}` }),
    expect: { ...ownerOnly(204), admin: 404 },
  },
  // Matchmakers and clients link Telegram (issue 18); this app runs without a bot token.
  "GET /api/me/telegram": {
    call: () => ({ url: "/api/me/telegram" }),
    expect: { ...signedIn(200), admin: 403 },
  },
  "POST /api/me/telegram": {
    call: () => ({ url: "/api/me/telegram" }),
    expect: { ...signedIn(503), admin: 403 },
    codes: { client: "TELEGRAM_DISABLED", owner: "TELEGRAM_DISABLED" },
  },
  "DELETE /api/me/telegram": {
    call: () => ({ url: "/api/me/telegram" }),
    expect: { ...signedIn(204), admin: 403 },
  },
  "GET /api/webhooks": { call: () => ({ url: "/api/webhooks" }), expect: matchmakers(200) },
  "POST /api/webhooks": {
    // A public address as a literal: no name to resolve.
    call: () => ({
      url: "/api/webhooks",
      payload: { url: "https://93.184.216.34/hook", events: ["client.created"] },
    }),
    expect: matchmakers(201),
  },
  // An endpoint is its owner's, an admin included.
  "DELETE /api/webhooks/:id": {
    call: (f) => ({ url: `/api/webhooks/${f.disposableWebhookId()}` }),
    expect: { ...ownerOnly(204), admin: 404 },
  },
  "GET /api/webhooks/:id/deliveries": {
    call: (f) => ({ url: `/api/webhooks/${f.webhook.id}/deliveries` }),
    expect: { ...ownerOnly(200), admin: 404 },
  },
  "POST /api/webhooks/:id/deliveries/:deliveryId/retry": {
    call: (f) => ({ url: `/api/webhooks/${f.webhook.id}/deliveries/${f.webhook.deliveryId}/retry` }),
    expect: { ...ownerOnly(202), admin: 404 },
  },
  "POST /api/clients/import": { call: () => emptyForm("/api/clients/import"), expect: matchmakers(400) },
  "GET /api/clients/export": {
    call: () => ({ url: "/api/clients/export?format=csv" }),
    expect: matchmakers(200),
  },
  "GET /api/search/profiles": {
    call: () => ({ url: "/api/search/profiles?gender=FEMALE" }),
    expect: matchmakers(200),
  },
  "GET /api/clients/:id": {
    call: (f) => ({ url: `/api/clients/${f.client.id}` }),
    expect: ownerOnly(200),
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  // Matching: the fixture client has no complete profile, so the owner and admins get 409.
  "GET /api/matching/price": {
    call: (f) => ({ url: `/api/matching/price?clientId=${f.client.id}` }),
    expect: ownerOnly(200),
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "POST /api/matching/compatibility": {
    call: (f) => ({
      url: "/api/matching/compatibility",
      payload: { clientId: f.client.id, candidateId: f.pendingClient.id },
    }),
    expect: { ...matchmakers(409), otherMatchmaker: 404 },
    codes: { owner: "PROFILE_INCOMPLETE", otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "GET /api/matching/results": {
    call: (f) => ({ url: `/api/matching/results?clientId=${f.client.id}` }),
    expect: ownerOnly(200),
  },
  "GET /api/matching/validity": { call: () => ({ url: "/api/matching/validity" }), expect: matchmakers(200) },
  "GET /api/clients/:id/candidates": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/candidates` }),
    expect: { ...matchmakers(409), otherMatchmaker: 404 },
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "PUT /api/clients/:id/candidates/:candidateId": {
    call: (f) => ({
      url: `/api/clients/${f.client.id}/candidates/${f.pendingClient.id}`,
      payload: { priority: "yes" },
    }),
    expect: { ...matchmakers(409), otherMatchmaker: 404 },
  },
  "GET /api/clients/:id/candidates/:candidateId/profile": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/candidates/${f.pendingClient.id}/profile` }),
    expect: { ...matchmakers(409), otherMatchmaker: 404 },
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "POST /api/introductions": {
    call: (f) => ({
      url: "/api/introductions",
      payload: { clientId: f.client.id, candidateId: f.pendingClient.id },
    }),
    expect: { ...matchmakers(409), otherMatchmaker: 404 },
  },
  "GET /api/introductions": { call: () => ({ url: "/api/introductions" }), expect: matchmakers(200) },
  "POST /api/introductions/:id/:action": {
    call: () => ({ url: "/api/introductions/none/accept" }),
    expect: matchmakers(404),
  },
  "GET /api/introductions/settings": {
    call: () => ({ url: "/api/introductions/settings" }),
    expect: { ...matchmakers(200), admin: 403 },
  },
  "PUT /api/introductions/settings": {
    call: () => ({
      url: "/api/introductions/settings",
      payload: { reminderDays: [2, 5], matchmakerAlertDay: 7, expiryDays: 8 },
    }),
    expect: { ...matchmakers(200), admin: 403 },
  },
  "GET /api/introductions/:id": {
    call: () => ({ url: "/api/introductions/none" }),
    expect: matchmakers(404),
  },
  "POST /api/introductions/:id/ask-client": {
    call: () => ({ url: "/api/introductions/none/ask-client", payload: {} }),
    expect: matchmakers(404),
  },
  "GET /api/introductions/:id/contacts": {
    call: () => ({ url: "/api/introductions/none/contacts" }),
    expect: signedIn(404),
  },
  "PUT /api/introductions/:id/date": {
    call: () => ({
      url: "/api/introductions/none/date",
      payload: { startsAt: "2030-01-01T18:00:00Z", place: "Cafe" },
    }),
    expect: matchmakers(404),
  },
  "POST /api/introductions/:id/feedback": {
    call: (f) => ({
      url: "/api/introductions/none/feedback",
      payload: { clientId: f.client.id, happened: false, meetAgain: "no" },
    }),
    expect: matchmakers(404),
  },
  "GET /api/clients/:id/consent-ledger": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/consent-ledger` }),
    expect: ownerOnly(200),
  },
  // A one-click link works without signing in: a forged token is 401 for everyone.
  "GET /api/public/introductions/:id/answer": {
    call: () => ({ url: `/api/public/introductions/none/answer?token=${"x".repeat(43)}` }),
    expect: all(401),
    codes: { anonymous: "INTRODUCTION_LINK_INVALID", owner: "INTRODUCTION_LINK_INVALID" },
  },
  "POST /api/public/introductions/:id/answer": {
    call: () => ({
      url: `/api/public/introductions/none/answer?token=${"x".repeat(43)}`,
      payload: { answer: "yes" },
    }),
    expect: all(401),
    codes: { anonymous: "INTRODUCTION_LINK_INVALID" },
  },
  "GET /api/public/introductions/:id/feedback": {
    call: () => ({ url: `/api/public/introductions/none/feedback?token=${"x".repeat(43)}` }),
    expect: all(401),
  },
  "POST /api/public/introductions/:id/feedback": {
    call: () => ({
      url: `/api/public/introductions/none/feedback?token=${"x".repeat(43)}`,
      payload: { happened: false, meetAgain: "no" },
    }),
    expect: all(401),
  },
  "GET /api/me/introductions": {
    call: () => ({ url: "/api/me/introductions" }),
    expect: { ...all(403), anonymous: 401, client: 200 },
  },
  "POST /api/me/introductions/:id/answer": {
    call: () => ({ url: "/api/me/introductions/none/answer", payload: { answer: "yes" } }),
    expect: { ...all(403), anonymous: 401, client: 404 },
  },
  "POST /api/me/introductions/:id/date-response": {
    call: () => ({
      url: "/api/me/introductions/none/date-response",
      payload: { response: "confirmed", startsAt: "2030-01-01T18:00:00Z" },
    }),
    expect: { ...all(403), anonymous: 401, client: 404 },
  },
  "POST /api/me/introductions/:id/feedback": {
    call: () => ({
      url: "/api/me/introductions/none/feedback",
      payload: { happened: false, meetAgain: "no" },
    }),
    expect: { ...all(403), anonymous: 401, client: 404 },
  },
  // Recalibration: the fixture client has no declines, so there is nothing to accept or dismiss.
  "GET /api/clients/:id/recalibration": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/recalibration` }),
    expect: ownerOnly(200),
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "POST /api/clients/:id/recalibration/accept": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/recalibration/accept`, payload: { version: "v" } }),
    expect: { ...matchmakers(409), otherMatchmaker: 404 },
    codes: { owner: "RECALIBRATION_NOT_AVAILABLE", otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "POST /api/clients/:id/recalibration/dismiss": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/recalibration/dismiss`, payload: { version: "v" } }),
    expect: { ...matchmakers(409), otherMatchmaker: 404 },
    codes: { owner: "RECALIBRATION_NOT_AVAILABLE", otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "GET /api/me/candidates": {
    call: () => ({ url: "/api/me/candidates" }),
    expect: { ...all(403), anonymous: 401, client: 200 },
  },
  "GET /api/me/partner": { call: () => ({ url: "/api/me/partner" }), expect: signedIn(200) },
  "PUT /api/me/partner": {
    call: () => ({ url: "/api/me/partner", payload: { smId: null } }),
    expect: signedIn(200),
  },
  // Public but signed: without the partner secret configured it answers 503 to everyone.
  "POST /api/partner/likes": {
    call: () => ({ url: "/api/partner/likes", payload: { items: [] } }),
    expect: all(503),
  },
  "POST /api/ai/advice": {
    call: () => ({ url: "/api/ai/advice", payload: { question: "How can profiles be improved?" } }),
    expect: matchmakers(200),
  },
  "GET /api/clients/stats": { call: () => ({ url: "/api/clients/stats" }), expect: matchmakers(200) },
  "POST /api/clients": {
    call: (f) => ({
      url: "/api/clients",
      payload: { email: fresh(), firstName: "A", lastName: "B", matchmakerId: f.owner.id },
    }),
    expect: matchmakers(201),
  },
  "DELETE /api/clients/:id": {
    // A fresh client each call, made by the owner, so each caller tries to delete one that exists.
    call: (f) => ({ url: `/api/clients/${f.disposable()}` }),
    expect: { ...matchmakers(204), otherMatchmaker: 404 },
  },
  "PUT /api/clients/:id/verification": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/verification`, payload: { verified: true } }),
    expect: { ...matchmakers(200), otherMatchmaker: 404 },
  },
  "PUT /api/clients/:id/search": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/search`, payload: { participates: true } }),
    expect: { ...matchmakers(200), otherMatchmaker: 404 },
  },
  "PUT /api/clients/:id/status": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/status`, payload: { status: "active" } }),
    expect: { ...matchmakers(200), otherMatchmaker: 404 },
  },
  "PUT /api/clients/:id/email": {
    // The not yet registered client's address, a new one each call.
    call: (f) => ({ url: `/api/clients/${f.pendingClient.id}/email`, payload: { email: fresh() } }),
    expect: ownerOnly(200),
  },
  "POST /api/clients/:id/resend-invite": {
    call: (f) => ({ url: `/api/clients/${f.pendingClient.id}/resend-invite` }),
    expect: ownerOnly(204),
  },
  "GET /api/admin/users": { call: () => ({ url: "/api/admin/users" }), expect: adminOnly(200) },
  "POST /api/admin/matchmakers": {
    call: () => ({
      url: "/api/admin/matchmakers",
      payload: { email: fresh(), firstName: "A", lastName: "B" },
    }),
    expect: adminOnly(201),
  },
  "POST /api/applications": {
    call: () => ({
      url: "/api/applications",
      payload: {
        agencyName: "A",
        firstName: "A",
        lastName: "B",
        email: fresh(),
        phone: "+7 900 000 00 00",
        city: "Kazan",
        website: "x",
      },
    }),
    expect: all(202),
  },
  "POST /api/contact": {
    call: () => ({
      url: "/api/contact",
      payload: { name: "A", email: fresh(), message: "Hello", website: "x" },
    }),
    expect: all(202),
  },
  "GET /api/admin/applications": { call: () => ({ url: "/api/admin/applications" }), expect: adminOnly(200) },
  "POST /api/admin/applications/:id/approve": {
    call: (f) => ({ url: `/api/admin/applications/${f.applicationIds.approve}/approve` }),
    expect: adminOnly(200),
  },
  "POST /api/admin/applications/:id/decline": {
    call: (f) => ({ url: `/api/admin/applications/${f.applicationIds.decline}/decline` }),
    expect: adminOnly(200),
  },
  "GET /api/admin/contact-messages": {
    call: () => ({ url: "/api/admin/contact-messages" }),
    expect: adminOnly(200),
  },
  "PUT /api/admin/users/:id": {
    call: (f) => ({ url: `/api/admin/users/${f.client.id}`, payload: { verified: true } }),
    expect: adminOnly(200),
  },
  "GET /api/credits": { call: () => ({ url: "/api/credits" }), expect: matchmakers(200) },
  "GET /api/credits/transactions": {
    call: () => ({ url: "/api/credits/transactions" }),
    expect: matchmakers(200),
  },
  "GET /api/admin/users/:id/credits": {
    call: (f) => ({ url: `/api/admin/users/${f.owner.id}/credits` }),
    expect: adminOnly(200),
  },
  "POST /api/admin/users/:id/credits": {
    call: (f) => ({ url: `/api/admin/users/${f.owner.id}/credits`, payload: { amount: 10 } }),
    expect: adminOnly(201),
  },
  "GET /api/admin/usage": { call: () => ({ url: "/api/admin/usage" }), expect: adminOnly(200) },
  "GET /api/subscriptions/me": { call: () => ({ url: "/api/subscriptions/me" }), expect: matchmakers(200) },
  // A paid tier opens a payment request (200); the subscription starts once it is paid.
  "POST /api/subscriptions": {
    call: () => ({ url: "/api/subscriptions", payload: { tier: "silver" } }),
    expect: matchmakers(200),
  },
  "DELETE /api/subscriptions/me": {
    call: () => ({ url: "/api/subscriptions/me" }),
    expect: matchmakers(409),
    codes: { owner: "SUBSCRIPTION_NOT_ACTIVE" },
  },
  "GET /api/admin/users/:id/subscription": {
    call: (f) => ({ url: `/api/admin/users/${f.owner.id}/subscription` }),
    expect: adminOnly(200),
  },
  "PUT /api/admin/users/:id/subscription": {
    call: (f) => ({ url: `/api/admin/users/${f.owner.id}/subscription`, payload: { tier: "gold" } }),
    expect: adminOnly(200),
  },
  "POST /api/payments/checkout": {
    call: () => ({ url: "/api/payments/checkout", payload: { product: "credits_500" } }),
    expect: matchmakers(201),
  },
  "GET /api/payments": { call: () => ({ url: "/api/payments" }), expect: matchmakers(200) },
  "POST /api/payments/:id/cancel": {
    call: () => ({ url: "/api/payments/00000000-0000-7000-8000-000000000000/cancel" }),
    expect: matchmakers(404),
    codes: { owner: "PAYMENT_NOT_FOUND" },
  },
  "GET /api/payments/instructions": {
    call: () => ({ url: "/api/payments/instructions" }),
    expect: matchmakers(200),
  },
  "PUT /api/admin/payments/instructions": {
    call: () => ({ url: "/api/admin/payments/instructions", payload: { text: "Bank: Demo Bank" } }),
    expect: adminOnly(200),
  },
  // The manual provider (the default) has no webhook; payments.api.test.ts covers Stripe's.
  "POST /api/payments/webhook": {
    call: () => ({ url: "/api/payments/webhook", payload: { id: "evt_1", type: "ping" } }),
    expect: all(404),
  },
  "GET /api/admin/payments": { call: () => ({ url: "/api/admin/payments" }), expect: adminOnly(200) },
  "POST /api/admin/payments/:id/confirm": {
    call: () => ({ url: "/api/admin/payments/00000000-0000-7000-8000-000000000000/confirm" }),
    expect: adminOnly(404),
    codes: { admin: "PAYMENT_NOT_FOUND" },
  },
  "POST /api/profiles/me/complete-onboarding": {
    call: () => ({
      url: "/api/profiles/me/complete-onboarding",
      payload: { agencyName: "Any", login: "any-login", termsAccepted: true },
    }),
    expect: { anonymous: 401, client: 403, otherMatchmaker: 409, owner: 409, admin: 403 },
  },
  "GET /api/profiles/:id": {
    call: (f) => ({ url: `/api/profiles/${f.client.id}` }),
    expect: clientProfile(200),
  },
  "PATCH /api/profiles/me": {
    call: () => ({ url: "/api/profiles/me", payload: { city: "Kazan" } }),
    expect: { ...matchmakers(403), anonymous: 401, client: 200 },
  },
  "PATCH /api/profiles/:id": {
    call: (f) => ({ url: `/api/profiles/${f.client.id}`, payload: { city: "Kazan" } }),
    expect: clientProfile(200),
  },
  "POST /api/profiles/me/avatar": { call: () => emptyForm("/api/profiles/me/avatar"), expect: signedIn(400) },
  "POST /api/profiles/:id/avatar": {
    call: (f) => emptyForm(`/api/profiles/${f.client.id}/avatar`),
    expect: clientProfile(400),
  },
  "GET /api/profiles/me/gallery": {
    call: () => ({ url: "/api/profiles/me/gallery" }),
    expect: signedIn(200),
  },
  "GET /api/profiles/:id/gallery": {
    call: (f) => ({ url: `/api/profiles/${f.client.id}/gallery` }),
    expect: clientProfile(200),
  },
  "POST /api/profiles/me/gallery": {
    call: () => emptyForm("/api/profiles/me/gallery"),
    expect: signedIn(400),
  },
  "POST /api/profiles/:id/gallery": {
    call: (f) => emptyForm(`/api/profiles/${f.client.id}/gallery`),
    expect: clientProfile(400),
  },
  "POST /api/profiles/me/certificates": {
    call: () => ({ url: "/api/profiles/me/certificates", multipart: true }),
    expect: signedIn(400),
  },
  "POST /api/profiles/:id/certificates": {
    call: (f) => ({ url: `/api/profiles/${f.client.id}/certificates`, multipart: true }),
    expect: clientProfile(400),
  },
  "DELETE /api/profiles/me/certificates/file": {
    call: () => ({
      url: "/api/profiles/me/certificates/file",
      payload: { fileUrl: "/api/files/certificates/none.pdf" },
    }),
    expect: signedIn(404),
  },
  "DELETE /api/profiles/:id/certificates/file": {
    call: (f) => ({
      url: `/api/profiles/${f.client.id}/certificates/file`,
      payload: { fileUrl: "/api/files/certificates/none.pdf" },
    }),
    expect: clientProfile(404),
    codes: { owner: "CERTIFICATE_NOT_FOUND", otherMatchmaker: "PROFILE_NOT_FOUND" },
  },
  "PUT /api/profiles/me/certificates/batch-remove": {
    call: () => ({ url: "/api/profiles/me/certificates/batch-remove", payload: { fileIds: ["none"] } }),
    expect: signedIn(404),
  },
  "PUT /api/profiles/:id/certificates/batch-remove": {
    call: (f) => ({
      url: `/api/profiles/${f.client.id}/certificates/batch-remove`,
      payload: { fileIds: ["none"] },
    }),
    expect: clientProfile(404),
    codes: { owner: "CERTIFICATE_NOT_FOUND", otherMatchmaker: "PROFILE_NOT_FOUND" },
  },
  "GET /api/profiles/me/certificates": {
    call: () => ({ url: "/api/profiles/me/certificates" }),
    expect: signedIn(200),
  },
  "GET /api/profiles/:id/certificates": {
    call: (f) => ({ url: `/api/profiles/${f.client.id}/certificates` }),
    expect: clientProfile(200),
  },
  "PUT /api/profiles/:id/gallery/main": {
    call: (f) => ({
      url: `/api/profiles/${f.client.id}/gallery/main`,
      payload: { photoId: f.clientPhotoId },
    }),
    expect: clientProfile(200),
  },
  "PUT /api/profiles/:id/gallery/batch-remove": {
    call: (f) => ({
      url: `/api/profiles/${f.client.id}/gallery/batch-remove`,
      payload: { photoIds: ["no-such-photo"] },
    }),
    expect: { ...clientProfile(404), anonymous: 401 },
    codes: {
      client: "PHOTO_NOT_FOUND",
      owner: "PHOTO_NOT_FOUND",
      admin: "PHOTO_NOT_FOUND",
      otherMatchmaker: "PROFILE_NOT_FOUND",
    },
  },
  "GET /api/profiles/:id/display-settings": {
    call: (f) => ({ url: `/api/profiles/${f.client.id}/display-settings` }),
    expect: { ...matchmakers(200), otherMatchmaker: 404 },
  },
  "PUT /api/profiles/:id/display-settings": {
    call: (f) => ({
      url: `/api/profiles/${f.client.id}/display-settings`,
      payload: { fields: { city: true } },
    }),
    expect: { ...matchmakers(200), otherMatchmaker: 404 },
  },
  "GET /api/profiles/:id/password": {
    call: (f) => ({ url: `/api/profiles/${f.client.id}/password` }),
    expect: { ...matchmakers(200), otherMatchmaker: 404 },
  },
  "PUT /api/profiles/:id/password": {
    call: (f) => ({
      url: `/api/profiles/${f.client.id}/password`,
      payload: { password: "", confirmPassword: "" },
    }),
    expect: { ...matchmakers(200), otherMatchmaker: 404 },
  },
  "POST /api/clients/:id/edit-link": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/edit-link` }),
    expect: { ...matchmakers(201), otherMatchmaker: 404 },
  },
  // Public: the password or the token is the key, whoever calls.
  "POST /api/public/profiles/:id/access": {
    call: (f) => ({ url: `/api/public/profiles/${f.client.id}/access`, payload: { password: "x" } }),
    expect: all(404),
  },
  // The cookie of a browser that gave the password is the key; nobody here has one.
  "GET /api/public/profiles/:id": {
    call: (f) => ({ url: `/api/public/profiles/${f.client.id}` }),
    expect: all(401),
  },
  "DELETE /api/public/profiles/:id/access": {
    call: (f) => ({ url: `/api/public/profiles/${f.client.id}/access` }),
    expect: all(204),
  },
  "GET /api/public/edit-profile/:id": {
    call: (f) => ({ url: `/api/public/edit-profile/${f.client.id}?token=${"t".repeat(43)}` }),
    expect: all(401),
  },
  "PATCH /api/public/edit-profile/:id": {
    call: (f) => ({
      url: `/api/public/edit-profile/${f.client.id}?token=${"t".repeat(43)}`,
      payload: { city: "X" },
    }),
    expect: all(401),
  },
  "GET /api/files/:folder/:name": {
    call: () => ({ url: "/api/files/photos/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.webp" }),
    expect: all(404),
  },
  "GET /api/export-files/:token": {
    call: () => ({ url: "/api/export-files/not-a-link" }),
    expect: all(404),
    codes: { anonymous: "FILE_NOT_FOUND" },
  },
  "GET /api/debug/memory": { call: () => ({ url: "/api/debug/memory" }), expect: matchmakers(200) },
  // Marketplace: a matchmaker's own agency profile, the public directory and agency pages.
  "GET /api/agencies/me": {
    call: () => ({ url: "/api/agencies/me" }),
    expect: { ...matchmakers(200), admin: 403 },
  },
  "PATCH /api/agencies/me": {
    call: () => ({ url: "/api/agencies/me", payload: { about: "About us" } }),
    expect: { ...matchmakers(200), admin: 403 },
  },
  "PUT /api/agencies/me/password": {
    call: () => ({ url: "/api/agencies/me/password", payload: { password: "", confirmPassword: "" } }),
    expect: { ...matchmakers(200), admin: 403 },
  },
  "GET /api/agencies/me/leads": {
    call: () => ({ url: "/api/agencies/me/leads" }),
    expect: { ...matchmakers(200), admin: 403 },
  },
  "POST /api/agencies/me/leads/:id/invite": {
    call: (f) => ({ url: `/api/agencies/me/leads/${f.leadIds.invite}/invite` }),
    expect: { ...matchmakers(200), otherMatchmaker: 404, admin: 403 },
    codes: { otherMatchmaker: "LEAD_NOT_FOUND" },
  },
  "DELETE /api/agencies/me/leads/:id": {
    call: (f) => ({ url: `/api/agencies/me/leads/${f.leadIds.dismiss}` }),
    expect: { ...matchmakers(204), otherMatchmaker: 404, admin: 403 },
    codes: { otherMatchmaker: "LEAD_NOT_FOUND" },
  },
  "GET /api/directory": { call: () => ({ url: "/api/directory?q=agency" }), expect: all(200) },
  "GET /api/quiz": { call: () => ({ url: "/api/quiz?locale=en-US" }), expect: all(200) },
  // Missing answers keep it cheap; quiz.api.test.ts covers results.
  "POST /api/quiz/result": {
    call: () => ({ url: "/api/quiz/result", payload: { answers: {} } }),
    expect: all(400),
  },
  "GET /api/agencies/:id": { call: (f) => ({ url: `/api/agencies/${f.owner.id}` }), expect: all(200) },
  // The honeypot keeps these from filling the per-address limits; reviews.api.test.ts covers the rest.
  "POST /api/agencies/:id/join": {
    call: (f) => ({
      url: `/api/agencies/${f.owner.id}/join`,
      payload: { firstName: "A", lastName: "B", email: fresh(), website: "x" },
    }),
    expect: all(202),
  },
  "POST /api/agencies/:id/reviews": {
    call: (f) => ({
      url: `/api/agencies/${f.owner.id}/reviews`,
      payload: { authorName: "A", authorEmail: fresh(), text: "A long enough review text.", website: "x" },
    }),
    expect: { ...all(202), owner: 403 },
    codes: { owner: "REVIEW_OWN_AGENCY" },
  },
  "POST /api/agencies/:id/ratings": {
    call: (f) => ({
      url: `/api/agencies/${f.owner.id}/ratings`,
      payload: { trust: 5, friendliness: 5, speed: 5, resultPerCost: 5, overall: 5 },
    }),
    expect: { ...matchmakers(200), owner: 403, admin: 403 },
    codes: { owner: "RATING_OWN_AGENCY" },
  },
  "GET /api/admin/reviews": {
    call: () => ({ url: "/api/admin/reviews?status=pending" }),
    expect: adminOnly(200),
  },
  "PUT /api/admin/reviews/:id": {
    call: () => ({ url: "/api/admin/reviews/no-such-review", payload: { status: "approved" } }),
    expect: adminOnly(404),
  },
  "DELETE /api/admin/reviews/:id": {
    call: () => ({ url: "/api/admin/reviews/no-such-review" }),
    expect: adminOnly(404),
  },
  "POST /api/analytics/views": {
    call: (f) => ({ url: "/api/analytics/views", payload: { profileId: f.owner.id } }),
    expect: all(204),
  },
  "GET /api/analytics/views": { call: () => ({ url: "/api/analytics/views" }), expect: signedIn(200) },
  // Chat: matchmakers and admins, members of the chat only (the owner and the admin here).
  "GET /api/chats": { call: () => ({ url: "/api/chats" }), expect: matchmakers(200) },
  "POST /api/chats": {
    // With the owner: new for the other matchmaker, existing for the admin, oneself for the owner.
    call: (f) => ({ url: "/api/chats", payload: { participantId: f.owner.id } }),
    expect: { anonymous: 401, client: 403, otherMatchmaker: 201, owner: 400, admin: 200 },
    codes: { owner: "CHAT_PARTICIPANT_INVALID" },
  },
  "GET /api/chats/:id/messages": {
    call: (f) => ({ url: `/api/chats/${f.chatId}/messages` }),
    expect: { ...matchmakers(200), otherMatchmaker: 404 },
    codes: { otherMatchmaker: "CHAT_NOT_FOUND" },
  },
  "POST /api/chats/:id/messages": {
    call: (f) => ({ url: `/api/chats/${f.chatId}/messages`, payload: { body: "hello" } }),
    expect: { ...matchmakers(201), otherMatchmaker: 404 },
    codes: { otherMatchmaker: "CHAT_NOT_FOUND" },
  },
  "POST /api/chats/:id/read": {
    call: (f) => ({ url: `/api/chats/${f.chatId}/read`, payload: {} }),
    expect: { ...matchmakers(200), otherMatchmaker: 404 },
    codes: { otherMatchmaker: "CHAT_NOT_FOUND" },
  },
  // The socket needs our Origin, which no injected call has; chat.api.test.ts covers it on a real port.
  "GET /api/ws": {
    call: () => ({ url: "/api/ws" }),
    expect: { ...signedIn(403) },
    codes: { owner: "CROSS_ORIGIN_REQUEST", client: "CROSS_ORIGIN_REQUEST" },
  },
  "GET /api/clients/:id/packages": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/packages` }),
    expect: ownerOnly(200),
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  // Each allowed call records a package for a period of its own: no two overlap.
  "POST /api/clients/:id/packages": {
    call: (f) => {
      const year = 2030 + packageYears++;
      return {
        url: `/api/clients/${f.client.id}/packages`,
        payload: {
          introductionsPromised: 5,
          startsOn: `${year}-01-01`,
          endsOn: `${year}-06-30`,
          price: 1000,
          currency: "EUR",
        },
      };
    },
    expect: ownerOnly(201),
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  // The owner pauses the package; the admin, next, finds it already paused.
  "POST /api/clients/:id/packages/:packageId/pause": {
    call: (f) => ({
      url: `/api/clients/${f.client.id}/packages/${f.packageId}/pause`,
      payload: { until: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) },
    }),
    expect: { ...ownerOnly(200), admin: 409 },
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND", admin: "PACKAGE_ALREADY_PAUSED" },
  },
  "GET /api/packages/overview": { call: () => ({ url: "/api/packages/overview" }), expect: matchmakers(200) },
  "GET /api/me/packages": {
    call: () => ({ url: "/api/me/packages" }),
    expect: { ...all(403), anonymous: 401, client: 200 },
  },
  // Data rights: the client's own export and summary; a client's export and log for their matchmaker.
  "GET /api/me/export": {
    call: () => ({ url: "/api/me/export" }),
    expect: { ...all(403), anonymous: 401, client: 200 },
  },
  "GET /api/clients/:id/export": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/export` }),
    expect: ownerOnly(200),
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "GET /api/clients/:id/access-log": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/access-log` }),
    expect: ownerOnly(200),
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "GET /api/me/access-log": {
    call: () => ({ url: "/api/me/access-log" }),
    expect: { ...all(403), anonymous: 401, client: 200 },
  },
  // Erasure, unconfirmed so the fixture survives: whoever may erase gets 400 and nothing changes
  // (erasure.api.test.ts erases for real). A client and a matchmaker may erase themselves.
  "POST /api/me/erase": {
    call: () => ({ url: "/api/me/erase", payload: { confirm: false } }),
    expect: { ...signedIn(400), admin: 403 },
    codes: { client: "ERASURE_NOT_CONFIRMED", owner: "ERASURE_NOT_CONFIRMED" },
  },
  // The client's consents; withdrawing the public profile (the fixture's client has none open).
  "GET /api/me/consents": {
    call: () => ({ url: "/api/me/consents" }),
    expect: { ...all(403), anonymous: 401, client: 200 },
  },
  "POST /api/me/consents/:kind/withdraw": {
    call: () => ({ url: "/api/me/consents/public_profile/withdraw" }),
    expect: { ...all(403), anonymous: 401, client: 200 },
  },
  "POST /api/clients/:id/erase": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/erase`, payload: { confirm: false } }),
    expect: ownerOnly(400),
    codes: {
      otherMatchmaker: "CLIENT_NOT_FOUND",
      owner: "ERASURE_NOT_CONFIRMED",
      admin: "ERASURE_NOT_CONFIRMED",
    },
  },
  // The client's consents for their matchmaker; retention of inactive clients (issue 20).
  "GET /api/clients/:id/consents": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/consents` }),
    expect: ownerOnly(200),
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "GET /api/retention/settings": {
    call: () => ({ url: "/api/retention/settings" }),
    expect: { ...matchmakers(200), admin: 403 },
  },
  "GET /api/retention/due": {
    call: () => ({ url: "/api/retention/due" }),
    expect: { ...matchmakers(200), admin: 403 },
  },
  "PUT /api/retention/settings": {
    call: () => ({ url: "/api/retention/settings", payload: { months: null } }),
    expect: { ...matchmakers(200), admin: 403 },
  },
  "GET /api/clients/:id/retention": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/retention` }),
    expect: ownerOnly(200),
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "PUT /api/clients/:id/retention": {
    call: (f) => ({ url: `/api/clients/${f.client.id}/retention`, payload: { keep: false } }),
    expect: ownerOnly(200),
    codes: { otherMatchmaker: "CLIENT_NOT_FOUND" },
  },
  "GET /api/notifications": { call: () => ({ url: "/api/notifications" }), expect: signedIn(200) },
  "POST /api/notifications/read": {
    call: () => ({ url: "/api/notifications/read", payload: { all: true } }),
    expect: signedIn(200),
  },
};

let t: TestApp;
let fixture: Fixture;
const emails: Partial<Record<Actor, string>> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const owner = await seedMatchmaker(db);
  const other = await seedMatchmaker(db);
  const client = await seedClient(db, owner.id);
  const admin = await seedAdmin(db);
  const pendingClient = await createUser(db, {
    email: "pending@example.test",
    firstName: "P",
    lastName: "C",
    role: "INVITEE",
    inviterId: owner.id,
  });
  const form = multipart("photos", [{ name: "p.jpg", data: await jpegWithGps(64, 48) }]);
  const uploaded = await t.app.inject({
    method: "POST",
    url: `/api/profiles/${client.id}/gallery`,
    headers: { ...form.headers, cookie: (await signIn(t.app, owner.email)).cookie },
    payload: form.payload,
  });
  const spares = await seedManyClients(db, owner.id, 40, "spare");
  const chat = await t.app.inject({
    method: "POST",
    url: "/api/chats",
    headers: { cookie: (await signIn(t.app, owner.email)).cookie },
    payload: { participantId: admin.id },
  });
  const leadIds = { invite: newId(), dismiss: newId() };
  await db.insert(agencyLeads).values(
    Object.values(leadIds).map((id, i) => ({
      id,
      agencyUserId: owner.id,
      firstName: "Lead",
      lastName: `N${i}`,
      email: `lead-${i}@example.test`,
    })),
  );
  const applicationIds = { approve: newId(), decline: newId() };
  await db.insert(matchmakerApplications).values(
    Object.values(applicationIds).map((id, i) => ({
      id,
      agencyName: `Agency ${i}`,
      firstName: "Applicant",
      lastName: `N${i}`,
      email: `applicant-${i}@example.test`,
      phone: "+7 900 000 00 00",
      city: "Kazan",
      locale: "en-US",
    })),
  );
  const today = new Date().toISOString().slice(0, 10);
  const [pkg] = await db
    .insert(clientPackages)
    .values({
      id: newId(),
      clientId: client.id,
      introductionsPromised: 4,
      startsOn: today,
      endsOn: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
      price: 500,
      currency: "USD",
    })
    .returning();
  const keyIds = Array.from({ length: 6 }, () => newId());
  await db
    .insert(apiKeys)
    .values(
      keyIds.map((id) => ({ id, userId: owner.id, name: "matrix", secretHash: `hash-${id}`, hint: "abcd" })),
    );
  const hookIds = Array.from({ length: 7 }, () => newId());
  await db.insert(webhookEndpoints).values(
    hookIds.map((id) => ({
      id,
      userId: owner.id,
      url: "https://93.184.216.34/hook",
      events: ["client.created"],
      secret: `whsec_${id}`,
    })),
  );
  const webhook = { id: hookIds.pop()!, deliveryId: newId() };
  await db.insert(webhookDeliveries).values({
    id: webhook.deliveryId,
    endpointId: webhook.id,
    eventId: newId(),
    type: "client.created",
    body: "{}",
    status: "failed",
  });
  fixture = {
    webhook,
    disposableWebhookId: () => hookIds.pop()!,
    apiKeyId: () => keyIds.pop()!,
    applicationIds,
    packageId: pkg!.id,
    leadIds,
    owner,
    client,
    pendingClient,
    clientPhotoId: uploaded.json().items[0].id,
    disposable: () => spares.pop()!,
    chatId: chat.json().id,
  };
  Object.assign(emails, {
    client: client.email,
    otherMatchmaker: other.email,
    owner: owner.email,
    admin: admin.email,
  });
});
afterAll(() => t.close());

describe("[authorization] every route, every kind of caller", () => {
  it("the matrix lists every API route", () => {
    const routes = t.app.registeredRoutes
      .filter((r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs"))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !routes.includes(k))).toEqual([]);
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(route, async () => {
      const method = route.split(" ")[0] as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      const got: Partial<Record<Actor, number>> = {};
      for (const actor of ACTORS) {
        const headers: Record<string, string> = {};
        if (actor !== "anonymous") headers.cookie = (await signIn(t.app, emails[actor]!)).cookie;
        const call = row.call(fixture);
        const form = call.multipart ? multipart("files", []) : undefined;
        const res = await t.app.inject({
          method,
          url: call.url,
          headers: { ...headers, ...form?.headers },
          ...(form && { payload: form.payload }),
          ...(call.payload !== undefined && { payload: call.payload }),
        });
        got[actor] = res.statusCode;
        const code = row.codes?.[actor];
        if (code) expect(res.json().code, `${route} as ${actor}`).toBe(code);
      }
      expect(got).toEqual(row.expect);
    });
  }
});
