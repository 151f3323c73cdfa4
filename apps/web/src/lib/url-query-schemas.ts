import { ApplicationStatus, PageQuery, ReviewStatus } from "@matchdesk/contract";
import { z } from "zod";

// The URL queries of two admin lists whose filter has an "all" value the API does not take (the
// page sends no status then). url-queries.ts computes their URL filters from these.

const PageOnly = PageQuery.omit({ pageSize: true });

export const ModerationUrlQuery = PageOnly.extend({
  status: z.enum([...ReviewStatus.options, "all"]).default("pending"),
});

export const InboxUrlQuery = PageOnly.extend({
  tab: z.enum(["applications", "messages"]).default("applications"),
  status: z.enum([...ApplicationStatus.options, "all"]).default("new"),
});
