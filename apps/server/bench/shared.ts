import pg from "pg";

/** Runs one statement on a PostgreSQL server (creating or dropping a bench's throwaway database). */
export async function adminQuery(serverUrl: string | undefined, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
