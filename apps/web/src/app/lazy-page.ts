import { type ComponentType, lazy } from "react";

export const CHUNK_RELOAD_FLAG = "matchdesk:chunk-reload";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;

/**
 * SPEC 2: a page whose chunk fails to load (usually a deploy replaced it) reloads the page once.
 * The sessionStorage flag makes a second failure surface as an error instead of a reload loop.
 */
export async function importWithReload<T>(
  importer: () => Promise<T>,
  storage: Storage,
  reload: () => void,
): Promise<T> {
  try {
    const module = await importer();
    storage.removeItem(CHUNK_RELOAD_FLAG);
    return module;
  } catch (error) {
    if (storage.getItem(CHUNK_RELOAD_FLAG)) {
      storage.removeItem(CHUNK_RELOAD_FLAG);
      throw error;
    }
    storage.setItem(CHUNK_RELOAD_FLAG, "1");
    reload();
    return new Promise<T>(() => {});
  }
}

/** React.lazy for a named export: `lazyPage(() => import("./FaqPage"), "FaqPage")`. */
export function lazyPage<M, K extends keyof M>(importer: () => Promise<M>, name: K) {
  return lazy(async () => {
    const module = await importWithReload(importer, window.sessionStorage, () => window.location.reload());
    return { default: module[name] as ComponentType };
  });
}
