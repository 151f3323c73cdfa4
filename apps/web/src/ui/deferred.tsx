import { type ComponentType, Suspense, useState } from "react";
import { withFullCatalog } from "../i18n/i18n";
import { lazyPage } from "../lib/lazy-page";

/**
 * A dialog whose code loads when it first opens, so a page's first load carries no dialogs (their
 * forms, schemas and Mantine's modal), with the whole catalog (the shell has only its "app" part).
 * Once opened it stays mounted, so closing keeps its transition.
 */
export function deferred<K extends string, P extends { opened: boolean }>(
  importer: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  const Dialog = lazyPage(withFullCatalog(importer), name);
  return function Deferred(props: P) {
    const [wasOpened, setWasOpened] = useState(props.opened);
    if (props.opened && !wasOpened) setWasOpened(true);
    if (!wasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
