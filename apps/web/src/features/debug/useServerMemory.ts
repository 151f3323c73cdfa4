import { debugApi } from "@matchdesk/contract";
import { useQuery } from "@tanstack/react-query";
import { queryOf } from "../../lib/api";

/** The server's memory figures, asked again every `refreshMs`; an error is not retried (production has no route). */
export function useServerMemory(refreshMs: number) {
  return useQuery({ ...queryOf(debugApi.memory), refetchInterval: refreshMs, retry: false });
}
