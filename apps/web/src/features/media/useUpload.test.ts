import { describe, expect, it, vi } from "vitest";
import { runUpload, type UploadPhase, type UploadSteps } from "./useUpload";

const file = (name: string) => new File(["x"], name, { type: "image/jpeg" });

function recorder() {
  const phases: UploadPhase[] = [];
  const fractions: number[] = [];
  return {
    phases,
    fractions,
    sink: { phase: (p: UploadPhase) => phases.push(p), fraction: (f: number) => fractions.push(f) },
  };
}

function steps(overrides: Partial<UploadSteps<string>> = {}) {
  return {
    prepare: vi.fn(async (files: File[]) => files),
    send: vi.fn(async (files: File[], onProgress: (f: number) => void) => {
      onProgress(0.5);
      return files.map((f) => f.name).join(",");
    }),
    onStart: vi.fn(),
    onUploaded: vi.fn(),
    onFailed: vi.fn(),
    ...overrides,
  };
}

describe("runUpload", () => {
  it("prepares, sends with progress and hands on the answer, ending idle", async () => {
    const s = steps();
    const r = recorder();
    await runUpload(s, [file("a.jpg"), file("b.jpg")], r.sink);
    expect(s.onStart).toHaveBeenCalledOnce();
    expect(s.onUploaded).toHaveBeenCalledWith("a.jpg,b.jpg");
    expect(s.onFailed).not.toHaveBeenCalled();
    expect(r.phases).toEqual(["preparing", "uploading", "idle"]);
    expect(r.fractions).toEqual([0, 0.5, 0]);
  });

  it("does nothing for an empty pick", async () => {
    const s = steps();
    const r = recorder();
    await runUpload(s, [], r.sink);
    expect(s.onStart).not.toHaveBeenCalled();
    expect(r.phases).toEqual([]);
  });

  it("reports a refused pick without preparing or sending", async () => {
    const refusal = { code: "FILE_TYPE_NOT_ALLOWED" as const, fileName: "a.doc" };
    const s = steps({ check: () => refusal });
    const r = recorder();
    await runUpload(s, [file("a.doc")], r.sink);
    expect(s.onFailed).toHaveBeenCalledWith(refusal);
    expect(s.prepare).not.toHaveBeenCalled();
    expect(r.phases).toEqual([]);
  });

  it("reports prepared files that are still refused, and a failed send, ending idle", async () => {
    const tooLarge = { code: "FILE_TOO_LARGE" as const, fileName: "a.jpg", maxBytes: 1 };
    const late = steps({ checkPrepared: () => tooLarge });
    const r = recorder();
    await runUpload(late, [file("a.jpg")], r.sink);
    expect(late.onFailed).toHaveBeenCalledWith(tooLarge);
    expect(late.send).not.toHaveBeenCalled();
    expect(r.phases).toEqual(["preparing", "idle"]);

    const error = new Error("offline");
    const failing = steps({ send: async () => Promise.reject(error) });
    await runUpload(failing, [file("a.jpg")], recorder().sink);
    expect(failing.onFailed).toHaveBeenCalledWith(error);
    expect(failing.onUploaded).not.toHaveBeenCalled();
  });
});
