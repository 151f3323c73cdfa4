import { deferred } from "./deferred";

/** Asks once, in plain words, before a destructive action (its code loads on first use). */
export const ConfirmDialog = deferred(() => import("./ConfirmModal"), "ConfirmModal");
