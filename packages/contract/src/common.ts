import { z } from "zod";
import { LIMITS } from "./constants.js";

export const Id = z.string().min(1).max(64);

/** Whether the runtime knows this IANA time zone (`Europe/Moscow`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

/** An IANA time zone name: a meeting's local clock. */
export const TimeZone = z.string().min(1).max(64).refine(isTimeZone, "Unknown time zone");

/**
 * A yes/no filter of a query string. On the wire it is "true" or "false"; the web app may hand it
 * the boolean it read back from a URL, which becomes the same string.
 */
export const BoolParam = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .transform((value) => value === true || value === "true");

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/**
 * One page of a list, as every paged endpoint answers it. `totalCapped`: counting stopped at
 * `total`, and there are more (the client list's searches, `LIMITS.clientMatchesCounted`).
 */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number; totalCapped?: boolean };

export const HealthView = z.object({ status: z.enum(["ok", "error"]), db: z.enum(["ok", "down"]) });
export type HealthView = z.infer<typeof HealthView>;

export const MemoryView = z.object({
  rss: z.number(),
  heapUsed: z.number(),
  heapTotal: z.number(),
  external: z.number(),
  arrayBuffers: z.number(),
  uptimeSeconds: z.number(),
});
export type MemoryView = z.infer<typeof MemoryView>;
