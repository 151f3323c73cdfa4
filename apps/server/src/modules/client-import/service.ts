import { pipeline, Readable } from "node:stream";
import {
  CLIENT_CSV_FIELDS,
  type ClientCsvField,
  CONTACT_REQUIRED_MESSAGE,
  type DuplicateMode,
  Email,
  IMPORT_ERRORS_SHOWN,
  IMPORT_PREVIEW_ROWS,
  ImportMapping,
  type ImportResult,
  type ImportRowError,
  Name,
  normalizePhone,
  ProfilePatchBody,
  phoneKey,
} from "@matchdesk/contract";
import { stringify } from "csv-stringify";
import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { clientProfiles, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, badRequest, notFound } from "../../platform/errors.js";
import { createClient } from "../clients/service.js";
import {
  insertClientProfiles,
  readClientProfile,
  toFields,
  writeClientProfile,
} from "../profiles/service.js";
import { createClientUsers, findUser, type NewClientUser, takenEmails } from "../users/service.js";
import { clientEventData } from "../webhooks/events.js";
import { emitWebhookEvents } from "../webhooks/service.js";
import { detectFormat, readRecords, receiveCsv } from "./csv.js";
import { type CellValue, guessMapping, isProblem, parseCell, toCells } from "./fields.js";

/** Whose clients the rows become: the matchmaker themself, or the one an admin names. */
async function importOwner(db: Db, caller: SessionUser, matchmakerId: string | undefined): Promise<string> {
  if (caller.role !== "ADMIN") return caller.id;
  if (!matchmakerId) throw new AppError("MATCHMAKER_REQUIRED", 400, "Choose the clients' matchmaker");
  const matchmaker = await findUser(db, matchmakerId);
  if (matchmaker?.role !== "INVITER") throw notFound("USER_NOT_FOUND", "Matchmaker not found");
  return matchmaker.id;
}

/** The owner's clients by e-mail and by phone key: who a row is a duplicate of. */
async function knownClients(db: Db, ownerId: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, phone: users.phone, country: clientProfiles.country })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(and(eq(users.role, "INVITEE"), eq(users.inviterId, ownerId)));
  const byEmail = new Map<string, string>();
  const byPhone = new Map<string, string>();
  for (const r of rows) {
    if (r.email) byEmail.set(r.email.toLowerCase(), r.id);
    if (r.phone) byPhone.set(phoneKey(r.phone, r.country), r.id);
  }
  return { byEmail, byPhone };
}

function readMapping(raw: string | undefined): Record<string, ClientCsvField | null> | null {
  if (raw === undefined || raw.trim() === "") return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest("VALIDATION_FAILED", "The mapping is not valid JSON", { mapping: ["Invalid JSON"] });
  }
  const parsed = ImportMapping.safeParse(json);
  if (!parsed.success) {
    throw badRequest("VALIDATION_FAILED", "The mapping is not valid", {
      mapping: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
    });
  }
  return parsed.data;
}

/** Which column index feeds which field; a mapping naming an unknown column or a field twice is 400. */
function columnsOf(headers: string[], mapping: Record<string, ClientCsvField | null>) {
  const problems: string[] = [];
  const columns: { index: number; header: string; field: ClientCsvField }[] = [];
  const seen = new Set<ClientCsvField>();
  for (const [header, field] of Object.entries(mapping)) {
    const index = headers.indexOf(header);
    if (index < 0) problems.push(`No column "${header}" in the file`);
    if (!field || index < 0) continue;
    if (seen.has(field)) problems.push(`Two columns are mapped to ${field}`);
    seen.add(field);
    columns.push({ index, header, field });
  }
  if (problems.length > 0) {
    throw badRequest("VALIDATION_FAILED", "The mapping does not fit the file", { mapping: problems });
  }
  return columns;
}

type Row = {
  email: string | undefined;
  patch: ProfilePatchBody;
  errors: ImportRowError[];
};

/** One record as the questionnaire's patch, checked by the questionnaire's own contract. */
function readRow(rowNo: number, record: string[], columns: ReturnType<typeof columnsOf>): Row {
  const errors: ImportRowError[] = [];
  const columnOf = new Map<string, string>(columns.map((c) => [c.field, c.header]));
  const fail = (field: string, code: ImportRowError["code"], message: string) =>
    errors.push({ row: rowNo, field, column: columnOf.get(field) ?? null, code, message });
  const values = new Map<ClientCsvField, CellValue>();
  for (const { index, field } of columns) {
    const cell = (record[index] ?? "").trim();
    if (cell === "") continue;
    const value = parseCell(field, cell);
    if (isProblem(value)) fail(field, value.code, value.message);
    else values.set(field, value);
  }
  let email: string | undefined;
  const rawEmail = values.get("email");
  if (rawEmail !== undefined) {
    const parsed = Email.safeParse(rawEmail);
    if (parsed.success) email = parsed.data;
    else fail("email", "invalid", parsed.error.issues[0]?.message ?? "Invalid e-mail format");
  }
  const draft: Record<string, unknown> = {};
  const interests: Record<string, unknown> = {};
  const psychology: Record<string, unknown> = {};
  for (const [field, value] of values) {
    if (field === "email") continue;
    const [head, sub] = field.split(".") as [string, string | undefined];
    if (head === "interests" && sub) interests[sub] = value;
    else if (head === "psychology" && sub) psychology[sub] = value;
    else draft[field] = value;
  }
  // A number without its country code is read as the row's country's, else as the default
  // region's; one that does not read as a valid number there is the row's error.
  if (typeof draft.phone === "string") {
    const phone = normalizePhone(draft.phone, typeof draft.country === "string" ? draft.country : null);
    if (phone) draft.phone = phone;
    else {
      fail("phone", "invalid", "Invalid phone");
      delete draft.phone;
    }
  }
  if (Object.keys(interests).length > 0) draft.interests = interests;
  if (Object.keys(psychology).length > 0) draft.psychology = psychology;
  const checked = ProfilePatchBody.safeParse(draft);
  if (!checked.success) {
    const seen = new Set<string>();
    for (const issue of checked.error.issues) {
      const [head, sub] = issue.path.map(String);
      const field = head === "interests" || head === "psychology" ? `${head}.${sub}` : String(head);
      if (seen.has(field)) continue;
      seen.add(field);
      fail(field, "invalid", issue.message);
    }
  }
  return { email, patch: checked.success ? checked.data : {}, errors };
}

export type ImportOptions = { dryRun: boolean; duplicates: DuplicateMode; matchmakerId?: string | undefined };

/**
 * Imports a CSV of clients (issue 18). Each row is read by the questionnaire's contract; a row
 * with any error is reported and nothing of it is written; a good row creates a client and their
 * questionnaire in one transaction, or, when its e-mail or phone is a client's already (or an
 * earlier row's), updates or skips that client as asked. `dryRun` answers the same counts and
 * errors without writing. The file streams from disk; memory holds one row and the owner's
 * e-mail and phone index. `touched` receives the id of each client created or updated as they
 * are written (for their access logs), so a caller sees them even when the import fails part way.
 */
export async function importClients(
  db: Db,
  caller: SessionUser,
  options: ImportOptions,
  request: Pick<FastifyRequest, "isMultipart" | "parts">,
  touched: string[] = [],
): Promise<ImportResult> {
  const ownerId = await importOwner(db, caller, options.matchmakerId);
  const csv = await receiveCsv(request);
  try {
    const mapping = readMapping(csv.fields.mapping);
    const format = await detectFormat(csv.path);
    const records = readRecords(csv.path, format);
    const first = await records.next();
    if (first.done) throw new AppError("IMPORT_FILE_UNREADABLE", 400, "The file is empty");
    const headers = first.value.map((h) => h.trim());
    const mappingGuess = guessMapping(headers);
    const used = mapping ?? mappingGuess;
    const columns = columnsOf(headers, used);
    const known = await knownClients(db, ownerId);
    const result: ImportResult = {
      dryRun: options.dryRun,
      duplicates: options.duplicates,
      encoding: format.encoding,
      separator: format.separator,
      headers,
      mappingGuess,
      mapping: used,
      preview: [],
      rows: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      errorRows: 0,
      errors: [],
    };
    const report = (errors: ImportRowError[]) => {
      result.errorRows++;
      for (const e of errors) if (result.errors.length < IMPORT_ERRORS_SHOWN) result.errors.push(e);
    };
    // New people wait in a batch, written together; a later row naming one of them flushes first.
    const batch: NewRow[] = [];
    const flush = async () => {
      const outcome = await createBatch(db, caller, ownerId, batch.splice(0), options.dryRun);
      for (const item of outcome) {
        if (Array.isArray(item.result)) {
          report(item.result);
          // It made no one: a later row with its e-mail or phone is new again.
          if (item.row.email && known.byEmail.get(item.row.email) === PENDING) {
            known.byEmail.delete(item.row.email);
          }
          if (item.row.key && known.byPhone.get(item.row.key) === PENDING) known.byPhone.delete(item.row.key);
          continue;
        }
        result.created++;
        if (!options.dryRun) touched.push(item.result);
        if (item.row.email) known.byEmail.set(item.row.email, item.result);
        if (item.row.key) known.byPhone.set(item.row.key, item.result);
      }
    };
    for await (const record of records) {
      const rowNo = ++result.rows;
      if (result.preview.length < IMPORT_PREVIEW_ROWS) result.preview.push({ row: rowNo, cells: record });
      const row = readRow(rowNo, record, columns);
      if (row.errors.length > 0) {
        report(row.errors);
        continue;
      }
      const key = row.patch.phone ? phoneKey(row.patch.phone, row.patch.country) : undefined;
      const find = () =>
        (row.email && known.byEmail.get(row.email)) || (key && known.byPhone.get(key)) || undefined;
      let existing = find();
      if (existing === PENDING) {
        await flush();
        existing = find();
      }
      if (existing) {
        if (options.duplicates === "skip") {
          result.skipped++;
          continue;
        }
        const errors = options.dryRun ? [] : await updateOne(db, existing, row.patch, rowNo);
        if (errors.length > 0) report(errors);
        else {
          result.updated++;
          if (!options.dryRun) touched.push(existing);
        }
        continue;
      }
      const missing = requiredForNew(row, rowNo);
      if (missing.length > 0) {
        report(missing);
        continue;
      }
      if (row.email) known.byEmail.set(row.email, PENDING);
      if (key) known.byPhone.set(key, PENDING);
      batch.push({ rowNo, email: row.email, key, patch: row.patch });
      if (batch.length >= BATCH_ROWS) await flush();
    }
    await flush();
    result.errors.sort((a, b) => a.row - b.row);
    return result;
  } finally {
    await csv.dispose();
  }
}

/** Field errors a write refused with (the questionnaire's cross-field rules) as the row's errors. */
function refusal(error: unknown, rowNo: number): ImportRowError[] {
  if (!(error instanceof AppError)) throw error;
  if (error.code === "EMAIL_TAKEN") {
    return [{ row: rowNo, field: "email", column: null, code: "email_taken", message: error.message }];
  }
  if (error.code !== "VALIDATION_FAILED") throw error;
  const fields = Object.entries(error.fieldErrors ?? { row: [error.message] });
  return fields.map(([field, messages]) => ({
    row: rowNo,
    field,
    column: null,
    code: "invalid" as const,
    message: messages[0] ?? error.message,
  }));
}

const PENDING = "pending";
const BATCH_ROWS = 500;

type NewRow = { rowNo: number; email: string | undefined; key: string | undefined; patch: ProfilePatchBody };

/**
 * What a new client needs at least: an e-mail or a phone (a client known by phone is invited once an
 * address is added) and both names; and no more children's ages than children.
 */
function requiredForNew(row: Row, rowNo: number): ImportRowError[] {
  const problems: ImportRowError[] = [];
  const need = (field: string, ok: boolean) => {
    if (!ok) problems.push({ row: rowNo, field, column: null, code: "required", message: "Required field" });
  };
  if (row.email === undefined && !row.patch.phone) {
    problems.push({
      row: rowNo,
      field: "email",
      column: null,
      code: "required",
      message: CONTACT_REQUIRED_MESSAGE,
    });
  }
  need("firstName", Name.safeParse(row.patch.firstName ?? "").success);
  need("lastName", Name.safeParse(row.patch.lastName ?? "").success);
  if ((row.patch.childrenAges?.length ?? 0) > (row.patch.childrenCount ?? 0)) {
    problems.push({
      row: rowNo,
      field: "childrenAges",
      column: null,
      code: "invalid",
      message: "More children's ages than children",
    });
  }
  return problems;
}

/**
 * Creates a batch of new clients: e-mails someone has already are refused, the rest are written in
 * one transaction (accounts, then questionnaires). Should that fail on a row (an e-mail taken
 * meanwhile), each row is tried alone, so one bad row never takes the others with it and is
 * itself never half-written. Answers each row's new id, or its errors.
 */
async function createBatch(
  db: Db,
  caller: SessionUser,
  ownerId: string,
  rows: NewRow[],
  dryRun: boolean,
): Promise<{ row: NewRow; result: string | ImportRowError[] }[]> {
  if (rows.length === 0) return [];
  const taken = await takenEmails(
    db,
    rows.flatMap((r) => (r.email ? [r.email] : [])),
  );
  const emailTaken = (r: NewRow): ImportRowError[] => [
    {
      row: r.rowNo,
      field: "email",
      column: null,
      code: "email_taken",
      message: "A user with this e-mail already exists",
    },
  ];
  const isTaken = (r: NewRow) => r.email !== undefined && taken.has(r.email);
  const free = rows.filter((r) => !isTaken(r));
  const outcome: { row: NewRow; result: string | ImportRowError[] }[] = rows
    .filter(isTaken)
    .map((row) => ({ row, result: emailTaken(row) }));
  if (dryRun) return [...outcome, ...free.map((row) => ({ row, result: `dry-run-${row.rowNo}` }))];
  const asAccount = (r: NewRow): NewClientUser => ({
    email: r.email ?? null,
    firstName: r.patch.firstName!,
    lastName: r.patch.lastName!,
    phone: r.patch.phone ?? null,
    gender: r.patch.gender ?? null,
  });
  try {
    const created = await db.transaction(async (tx) => {
      const accounts = await createClientUsers(tx, ownerId, free.map(asAccount));
      await insertClientProfiles(
        tx,
        accounts.map((user, i) => ({ user, patch: free[i]!.patch })),
      );
      await emitWebhookEvents(
        tx,
        [ownerId],
        "client.created",
        accounts.map((a) => clientEventData(a)),
      );
      return accounts;
    });
    return [...outcome, ...free.map((row, i) => ({ row, result: created[i]!.id }))];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  for (const row of free) outcome.push({ row, result: await createOne(db, caller, ownerId, row) });
  return outcome;
}

/** One new client alone: account and questionnaire in one transaction, as the client page makes them. */
async function createOne(
  db: Db,
  caller: SessionUser,
  ownerId: string,
  row: NewRow,
): Promise<string | ImportRowError[]> {
  const { firstName, lastName, ...rest } = row.patch;
  try {
    return await db.transaction(async (tx) => {
      const user = await createClient(tx, caller, {
        email: row.email,
        firstName: firstName!,
        lastName: lastName!,
        phone: rest.phone ?? undefined,
        matchmakerId: ownerId,
      });
      if (Object.keys(rest).length > 0) await writeClientProfile(tx, user, rest, { announce: false });
      return user.id;
    });
  } catch (error) {
    return refusal(error, row.rowNo);
  }
}

/** Writes the row's fields over the client's; interests merge by category with those stored. */
async function updateOne(db: Db, clientId: string, patch: ProfilePatchBody, rowNo: number) {
  try {
    const target = await findUser(db, clientId);
    if (!target) throw notFound("CLIENT_NOT_FOUND", "Client not found");
    const merged = patch.interests
      ? {
          ...patch,
          interests: { ...(await readClientProfile(db, clientId)).fields.interests, ...patch.interests },
        }
      : patch;
    await writeClientProfile(db, target, merged);
    return [];
  } catch (error) {
    return refusal(error, rowNo);
  }
}

const EXPORT_PAGE = 500;

/**
 * The caller's clients (an admin's: every client) as CSV: a header of CLIENT_CSV_FIELDS, then one
 * row per client, read from the database a page at a time as the answer streams. UTF-8 with a BOM,
 * so spreadsheet programs read it as UTF-8.
 */
export function exportClients(db: Db, caller: SessionUser): Readable {
  const owned: SQL =
    caller.role === "ADMIN"
      ? eq(users.role, "INVITEE")
      : and(eq(users.role, "INVITEE"), eq(users.inviterId, caller.id))!;
  async function* rows() {
    let after: string | null = null;
    for (;;) {
      const page = await db
        .select({ user: users, profile: clientProfiles })
        .from(users)
        .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
        .where(after ? and(owned, gt(users.id, after)) : owned)
        .orderBy(asc(users.id))
        .limit(EXPORT_PAGE);
      for (const { user, profile } of page)
        yield toCells(user.email ?? "", toFields(user, profile ?? undefined));
      if (page.length < EXPORT_PAGE) return;
      after = page[page.length - 1]!.user.id;
    }
  }
  const csv = stringify({ header: true, columns: [...CLIENT_CSV_FIELDS], bom: true });
  // A failure while reading (the database gone) ends the answer with that error, not a short file.
  pipeline(Readable.from(rows()), csv, () => {});
  return csv;
}
