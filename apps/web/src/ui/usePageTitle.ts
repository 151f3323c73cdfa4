import { PRODUCT_NAME } from "@matchdesk/contract";
import { useEffect } from "react";

/** Sets the tab title to `Page · MatchDesk`, or the product name alone. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
