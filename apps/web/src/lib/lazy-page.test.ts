import { describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_FLAG, importWithReload } from "./lazy-page";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe("importWithReload", () => {
  it("returns the module and clears an earlier reload flag", async () => {
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_FLAG, "1");
    const reload = vi.fn();
    await expect(importWithReload(async () => "page", storage, reload)).resolves.toBe("page");
    expect(storage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads once when the chunk fails to load", async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    void importWithReload(() => Promise.reject(new Error("chunk")), storage, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(storage.getItem(CHUNK_RELOAD_FLAG)).toBe("1");
  });

  it("throws instead of reloading again after a reload", async () => {
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_FLAG, "1");
    const reload = vi.fn();
    await expect(importWithReload(() => Promise.reject(new Error("chunk")), storage, reload)).rejects.toThrow(
      "chunk",
    );
    expect(reload).not.toHaveBeenCalled();
    expect(storage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });
});
