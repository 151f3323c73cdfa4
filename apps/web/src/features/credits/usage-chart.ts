import type { CreditTransactionType, UsageView } from "@matchdesk/contract";

export type UsageBar = {
  day: string;
  total: number;
  parts: { type: CreditTransactionType; spent: number }[];
};

/** One bar per UTC day of the range, empty days included, with the spent credits by type. */
export function usageBars(usage: UsageView): UsageBar[] {
  const start = new Date(`${usage.from.slice(0, 10)}T00:00:00.000Z`);
  const end = usage.to.slice(0, 10);
  const bars: UsageBar[] = [];
  for (let d = start; d.toISOString().slice(0, 10) <= end; d = new Date(d.getTime() + 86_400_000)) {
    const day = d.toISOString().slice(0, 10);
    const parts = usage.days.filter((row) => row.day === day).map(({ type, spent }) => ({ type, spent }));
    bars.push({ day, total: parts.reduce((sum, p) => sum + p.spent, 0), parts });
  }
  return bars;
}

/** The types that appear anywhere in the range, for the legend. */
export function usageTypes(usage: UsageView): CreditTransactionType[] {
  return [...new Set(usage.days.map((row) => row.type))];
}

/** One colour per type, in the chart and the history badges. */
export const TYPE_COLOR: Record<CreditTransactionType, string> = {
  registration: "blue",
  pay: "teal",
  compensation: "cyan",
  gift: "grape",
  contest: "orange",
  aiMatch: "rose",
  subscription_gold: "yellow",
  subscription_silver: "gray",
};
