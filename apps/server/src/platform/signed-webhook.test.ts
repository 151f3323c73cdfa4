import { describe, expect, it } from "vitest";
import { AppError } from "./errors.js";
import { readSignedJson, signWebhookBody, verifyWebhookSignature } from "./signed-webhook.js";

const NOW = 1_700_000_000;
const signed = (rawBody: string, timestamp: number | string, signatures: string[]) => ({
  rawBody,
  timestamp: String(timestamp),
  signatures,
});

describe("verifyWebhookSignature", () => {
  const good = signWebhookBody("{}", "s", NOW);

  it("accepts the body's signature within five minutes either way", () => {
    expect(verifyWebhookSignature(signed("{}", NOW, [good]), "s", NOW + 300)).toBe(true);
    expect(verifyWebhookSignature(signed("{}", NOW, [good]), "s", NOW - 300)).toBe(true);
    expect(verifyWebhookSignature(signed("{}", NOW, [good.toUpperCase()]), "s", NOW)).toBe(true);
  });

  it("refuses a late call, another body, another secret, a malformed signature or timestamp", () => {
    expect(verifyWebhookSignature(signed("{}", NOW, [good]), "s", NOW + 301)).toBe(false);
    expect(verifyWebhookSignature(signed("{} ", NOW, [good]), "s", NOW)).toBe(false);
    expect(verifyWebhookSignature(signed("{}", NOW, [good]), "t", NOW)).toBe(false);
    expect(verifyWebhookSignature(signed("{}", NOW, [`${good}00`, "zz", ""]), "s", NOW)).toBe(false);
    expect(verifyWebhookSignature(signed("{}", `${NOW}.5`, [good]), "s", NOW)).toBe(false);
    expect(
      verifyWebhookSignature({ rawBody: "{}", timestamp: undefined, signatures: [good] }, "s", NOW),
    ).toBe(false);
  });

  it("takes any one of several signatures", () => {
    expect(verifyWebhookSignature(signed("{}", NOW, ["00".repeat(32), good]), "s", NOW)).toBe(true);
  });
});

describe("readSignedJson", () => {
  const rejected = () => new AppError("WEBHOOK_SIGNATURE_INVALID", 400, "bad");
  const request = (body: unknown) => ({ body, headers: { "x-sig": "yes", "x-many": ["a", "b"] } });

  it("hands the verifier the raw body and single-valued headers, then parses the JSON", () => {
    const seen: unknown[] = [];
    const json = readSignedJson(
      request('{"a":1}'),
      (raw, header) => {
        seen.push(raw, header("x-sig"), header("x-many"), header("x-none"));
        return true;
      },
      rejected,
    );
    expect(json).toEqual({ a: 1 });
    expect(seen).toEqual(['{"a":1}', "yes", undefined, undefined]);
  });

  it("throws the route's rejection before reading the body, and MALFORMED_JSON after", () => {
    expect(() => readSignedJson(request("not json"), () => false, rejected)).toThrow(
      expect.objectContaining({ code: "WEBHOOK_SIGNATURE_INVALID" }),
    );
    expect(() => readSignedJson(request("not json"), () => true, rejected)).toThrow(
      expect.objectContaining({ code: "MALFORMED_JSON", statusCode: 400 }),
    );
  });

  it("refuses a signed body holding text the database cannot store, naming each field", () => {
    const body = JSON.stringify({ items: [{ smId: "a\u0000b" }, { smId: "x\ud800" }] });
    expect(() => readSignedJson(request(body), () => true, rejected)).toThrow(
      expect.objectContaining({
        code: "VALIDATION_FAILED",
        statusCode: 400,
        fieldErrors: { "items.0.smId": [expect.any(String)], "items.1.smId": [expect.any(String)] },
      }),
    );
  });
});
