import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

// Server-side request forgery (issue 18): a webhook URL must be https and reach only public
// addresses, checked when the endpoint is added and again at every delivery, on the addresses the
// name resolves to then; the delivery connects to the address checked, never resolving again
// (a name that answers differently the second time cannot slip past). `allowPrivate`
// (WEBHOOK_ALLOW_PRIVATE) lets plain http and private addresses through, for tests and private
// deployments.

export type GuardResult =
  | { ok: true; address: string; family: 4 | 6 }
  | { ok: false; reason: string; code: "refused" | "unresolved" };

/** Whether an address is one the open internet routes to: not loopback, private, link-local (the cloud metadata 169.254.169.254), CGNAT, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

/** The URL's own refusals, before any lookup: scheme, credentials, a form we do not send to. */
export function checkUrlShape(raw: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "not a URL";
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return "not https";
  if (url.username || url.password) return "credentials in the URL";
  return undefined;
}

/** Resolves the URL's host and answers the address to connect to, or why none may be used. */
export async function resolveTarget(raw: string, allowPrivate: boolean): Promise<GuardResult> {
  const shape = checkUrlShape(raw, allowPrivate);
  if (shape) return { ok: false, reason: shape, code: "refused" };
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  try {
    addresses = ipaddr.isValid(host)
      ? [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }]
      : await lookup(host, { all: true, verbatim: true });
  } catch {
    return { ok: false, reason: "the name does not resolve", code: "unresolved" };
  }
  if (addresses.length === 0) return { ok: false, reason: "the name does not resolve", code: "unresolved" };
  // Every address must be public: a name with one private answer among public ones is refused.
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) {
    return { ok: false, reason: "refused address", code: "refused" };
  }
  const first = addresses[0]!;
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}
