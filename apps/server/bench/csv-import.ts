// Issue 18's figure: a 10,000-row client CSV through POST /api/clients/import (multipart, the
// whole pipeline: parse, validate, duplicates, batched writes), timed in-process against a fresh
// database, with the process's resident memory sampled while it runs. A second file of three
// times the rows shows the memory does not grow with the file (the rows stream from disk).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { Database } from "../src/db/client.js";
import { seedMatchmaker } from "../src/seed/seed.js";
import { signIn } from "../test/app.js";

export type CsvImportFigures = {
  rows: number;
  seconds: number;
  created: number;
  baselineRssMb: number;
  peakRssMb: number;
  /** The same for the larger file. */
  largeRows: number;
  largeSeconds: number;
  largePeakRssMb: number;
};

const HEADER =
  "E-mail;Имя;Фамилия;Телефон;Пол;Дата рождения;Рост;Страна;Город;Профессия;Вероисповедание;Курение;Языки;О себе";

function csvFile(rows: number, prefix: string): Buffer {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    lines.push(
      [
        `${prefix}-${i}@import.example.test`,
        `Имя${i}`,
        "Импортова",
        `+7 901 ${String(i).padStart(7, "0")}`,
        i % 2 ? "Мужчина" : "Женщина",
        `${String(1 + (i % 28)).padStart(2, "0")}.0${1 + (i % 9)}.${1970 + (i % 30)}`,
        String(150 + (i % 50)),
        "Россия",
        `Город ${i % 100}`,
        "Инженер",
        "Христианство",
        "Нет",
        '"русский, английский"',
        `"Строка ${i}; о себе, с ""кавычками"""`,
      ].join(";"),
    );
  }
  return Buffer.from(`${lines.join("\r\n")}\r\n`);
}

function form(file: Buffer) {
  const boundary = "----matchdeskbench";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clients.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const mb = (bytes: number) => bytes / 1024 / 1024;

export async function csvImportFigures(database: Database, rows = 10_000): Promise<CsvImportFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "matchdesk-bench-import-"));
  const config = { ...loadConfig({ NODE_ENV: "test", DEMO_DATA: "false" }), webDistDir: undefined, dataDir };
  const app = await buildApp({ config, database });
  try {
    const run = async (n: number, prefix: string) => {
      const matchmaker = await seedMatchmaker(database.db, { email: `${prefix}@bench.example.test` });
      const { cookie } = await signIn(app, matchmaker.email);
      const body = form(csvFile(n, prefix));
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 25);
      const start = performance.now();
      const res = await app.inject({
        method: "POST",
        url: "/api/clients/import",
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      if (res.statusCode !== 200)
        throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
      const created = res.json<{ created: number }>().created;
      if (created !== n) throw new Error(`import created ${created} of ${n}`);
      return { seconds, created, baseline, peak };
    };
    const small = await run(rows, "csv-a");
    const large = await run(rows * 3, "csv-b");
    return {
      rows,
      seconds: small.seconds,
      created: small.created,
      baselineRssMb: mb(small.baseline),
      peakRssMb: mb(small.peak),
      largeRows: rows * 3,
      largeSeconds: large.seconds,
      largePeakRssMb: mb(large.peak),
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
