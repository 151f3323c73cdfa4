import { type ComponentType, type LazyExoticComponent, lazy } from "react";

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

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy for a named export: `lazyPage(() => import("./FaqPage"), "FaqPage")`. `preload()` starts
 * loading the chunk early (from a route loader) so it does not wait for the page to render.
 */
export function lazyPage<K extends string, P extends object>(
  importer: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyPage<P> {
  let loading: Promise<Record<K, ComponentType<P>>> | undefined;
  const load = () => {
    loading ??= importWithReload(importer, window.sessionStorage, () => window.location.reload());
    return loading;
  };
  const Page = lazy(async () => ({ default: (await load())[name] }));
  return Object.assign(Page, { preload: load });
}
