import { useCallback, useMemo, useState } from "react";

/** The set with `id` added, or removed when it was there. */
export function toggled(picked: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(picked);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** The picked ids that are still in the list, in the list's order (removed items drop out). */
export function selectedIn(ids: readonly string[], picked: ReadonlySet<string>): string[] {
  return ids.filter((id) => picked.has(id));
}

/** Ticked items of a list, for batch actions; ids that leave the list stop counting as selected. */
export function useSelection(ids: readonly string[]) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const selected = useMemo(() => selectedIn(ids, picked), [ids, picked]);
  const toggle = useCallback((id: string) => setPicked((current) => toggled(current, id)), []);
  const clear = useCallback(() => setPicked(new Set()), []);
  const selectAll = useCallback(() => setPicked(new Set(ids)), [ids]);
  const isSelected = useCallback((id: string) => picked.has(id), [picked]);
  return { selected, isSelected, toggle, clear, selectAll };
}
