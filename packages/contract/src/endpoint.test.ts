import { describe, expect, it } from "vitest";
import { endpointId, endpointUrl, successStatusOf, toQueryString } from "./endpoint.js";
import { ENDPOINTS } from "./endpoints/all.js";

describe("endpoint definitions", () => {
  it("name each path parameter in their params schema, and no other", () => {
    const wrong = ENDPOINTS.filter((def) => {
      const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const keys = Object.keys(def.params?.shape ?? {});
      return names.sort().join() !== keys.sort().join();
    }).map(endpointId);
    expect(wrong).toEqual([]);
  });

  it("are one per method and path", () => {
    const ids = ENDPOINTS.map(endpointId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("give a GET no body and a 204 no schema", () => {
    expect(ENDPOINTS.filter((def) => def.method === "GET" && def.body).map(endpointId)).toEqual([]);
    expect(
      ENDPOINTS.filter((def) => def.response === "none").every((def) => successStatusOf(def) === 204),
    ).toBe(true);
  });
});

describe("endpointUrl", () => {
  const def = { path: "/api/clients/:id/candidates/:candidateId" } as const;

  it("encodes each param and leaves empty query values out", () => {
    expect(endpointUrl(def, { params: { id: "a b", candidateId: "x/y" }, query: { q: "", page: 2 } })).toBe(
      "/api/clients/a%20b/candidates/x%2Fy?page=2",
    );
  });

  it("refuses a missing param rather than calling a wrong URL", () => {
    expect(() => endpointUrl(def, { params: { id: "a" } })).toThrow(/candidateId/);
  });

  it("repeats an array's key and writes booleans and dates as the server reads them", () => {
    expect(toQueryString({ c: ["a", "b"], v: false, d: new Date("2026-01-02T03:04:05.000Z"), n: null })).toBe(
      "c=a&c=b&v=false&d=2026-01-02T03%3A04%3A05.000Z",
    );
  });
});
