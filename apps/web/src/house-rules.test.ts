import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The web app reaches the API only through the contract's endpoint definitions (lib/api.ts).
const SRC = path.dirname(new URL(import.meta.url).pathname);

const files = readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
  .map((name) => ({ file: name, text: readFileSync(path.join(SRC, name), "utf8") }));

describe("[house rules] web", () => {
  it("writes no API path by hand: call(), queryOf() and href() build them from the definitions", () => {
    expect(files.filter((f) => /["'`]\/api\//.test(f.text)).map((f) => f.file)).toEqual([]);
  });
});
