import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp, testConfig } from "../../../test/app.js";
import { connectSocket, listenOnLoopback } from "../../../test/ws.js";
import { type App, buildApp } from "../../app.js";
import { type Database, openDatabase } from "../../db/client.js";
import { seedMatchmaker } from "../../seed/seed.js";

// Two app instances on one PostgreSQL database, as behind a load balancer. PGlite is one process
// by nature, so this test needs TEST_DATABASE_URL.
describe.skipIf(!process.env.TEST_DATABASE_URL)("[chat] two instances", () => {
  let t: TestApp;
  let second: { app: App; database: Database; dataDir: string };
  let base1: string;
  let base2: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const database = await openDatabase({ kind: "postgres", url: t.databaseUrl!, poolSize: 5 });
    const dataDir = mkdtempSync(path.join(tmpdir(), "matchdesk-test-"));
    second = { app: await buildApp({ config: testConfig({ dataDir }), database }), database, dataDir };
    base1 = await listenOnLoopback(t.app);
    base2 = await listenOnLoopback(second.app);
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    if (second) rmSync(second.dataDir, { recursive: true, force: true });
    await t?.close();
  });

  it("a message sent through one instance reaches a socket on the other within a second", async () => {
    const alice = await seedMatchmaker(t.database.db);
    const bob = await seedMatchmaker(t.database.db);
    const aliceCookie = (await signIn(t.app, alice.email)).cookie;
    const bobCookie = (await signIn(second.app, bob.email)).cookie;
    const opened = await fetch(`${base1}/api/chats`, {
      method: "POST",
      headers: { cookie: aliceCookie, origin: base1, "content-type": "application/json" },
      body: JSON.stringify({ participantId: bob.id }),
    });
    expect(opened.status).toBe(201);
    const chatId = ((await opened.json()) as { id: string }).id;
    const bobSocket = await connectSocket(base2, { cookie: bobCookie });
    const aliceSocket = await connectSocket(base1, { cookie: aliceCookie });
    try {
      const started = performance.now();
      const sent = await fetch(`${base1}/api/chats/${chatId}/messages`, {
        method: "POST",
        headers: { cookie: aliceCookie, origin: base1, "content-type": "application/json" },
        body: JSON.stringify({ body: "across instances" }),
      });
      expect(sent.status).toBe(201);
      const message = (await sent.json()) as { id: string };
      const event = await bobSocket.next((e) => e.type === "message" && e.message.id === message.id, 1000);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(event).toMatchObject({
        type: "message",
        message: { body: "across instances", senderId: alice.id },
      });

      // And back: typing on instance 2 reaches instance 1; each event arrives once.
      bobSocket.ws.send(JSON.stringify({ type: "typing", chatId }));
      await aliceSocket.next((e) => e.type === "typing" && e.userId === bob.id, 1000);
      await bobSocket.none((e) => e.type === "typing", 200);
      expect(bobSocket.events.filter((e) => e.type === "message")).toHaveLength(1);
      expect(aliceSocket.events.filter((e) => e.type === "typing")).toHaveLength(1);
    } finally {
      await Promise.all([bobSocket.close(), aliceSocket.close()]);
    }
  });
});
