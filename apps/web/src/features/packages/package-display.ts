import type { PackageView } from "@matchdesk/contract";

/** The share of the promise delivered, in percent; a package that delivered more shows full. */
export const deliveredPercent = (p: Pick<PackageView, "delivered" | "introductionsPromised">) =>
  Math.min(100, Math.round((p.delivered / p.introductionsPromised) * 100));

/**
 * The package that matters now among a client's (newest first): the running one, else the next to
 * start, else the last that ended.
 */
export function currentPackage<P extends Pick<PackageView, "status">>(items: readonly P[]): P | undefined {
  return (
    items.find((p) => p.status === "active" || p.status === "paused") ??
    items.findLast((p) => p.status === "upcoming") ??
    items[0]
  );
}
