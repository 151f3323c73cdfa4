import type { ClientListItem } from "@matchdesk/contract";
import { useEffect, useReducer } from "react";

let formatPhone: ((phone: string) => string) | undefined;
let loading: Promise<unknown> | undefined;

/**
 * How a client is reached, as lists show it: the e-mail, else the phone (a client known by phone
 * only), formatted for reading once the formatter has loaded and as stored (E.164) until then.
 */
export function useClientContact(client: Pick<ClientListItem, "email" | "phone"> | undefined): string {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const phone = client && client.email === null ? client.phone : null;
  useEffect(() => {
    if (!phone || formatPhone) return;
    let current = true;
    loading ??= import("./phone-format").then((m) => {
      formatPhone = m.formatPhone;
    });
    // A failed load keeps the stored form on screen; the next client with a phone tries again.
    loading.then(
      () => current && loaded(),
      () => {
        loading = undefined;
      },
    );
    return () => {
      current = false;
    };
  }, [phone]);
  if (!client) return "";
  return client.email ?? (phone ? (formatPhone?.(phone) ?? phone) : "");
}
