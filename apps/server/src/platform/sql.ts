/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
