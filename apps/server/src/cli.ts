import { parseArgs } from "node:util";
import { Email, Password } from "@matchdesk/contract";
import { ConfigError, loadConfig } from "./config.js";
import { openConfiguredDatabase } from "./db/open.js";
import { createUser } from "./modules/users/service.js";
import { AppError } from "./platform/errors.js";

const HELP = `Usage: npm run cli -- <command> [options]

Commands:
  create-admin --email E --password P [--first-name F] [--last-name L]
      Creates an administrator, for the first sign-in of a real deployment.
      Uses DATABASE_URL when set, else the embedded database in DATA_DIR.

Options:
  --help    Show this help.
`;

async function createAdmin(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string", default: "Admin" },
      "last-name": { type: "string", default: "" },
    },
  });
  const email = Email.safeParse(values.email ?? "");
  if (!email.success) return fail(`--email: "${values.email ?? ""}" is not a valid e-mail address`);
  const password = Password.safeParse(values.password ?? "");
  if (!password.success) return fail("--password: must be at least 6 characters");
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await database.migrate();
    const user = await createUser(database.db, {
      email: email.data,
      password: password.data,
      firstName: values["first-name"],
      lastName: values["last-name"],
      role: "ADMIN",
      termsAccepted: true,
    });
    console.log(`Created admin ${user.email} (id ${user.id}). Sign in at /login.`);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === "EMAIL_TAKEN")
      return fail(`--email: ${email.data} already has an account`);
    throw error;
  } finally {
    await database.close();
  }
}

function fail(message: string): number {
  console.error(`Error: ${message}\nRun "npm run cli -- --help" for usage.`);
  return 2;
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || rest.includes("--help")) {
    console.log(HELP);
    return 0;
  }
  if (command === "create-admin") return createAdmin(rest);
  return fail(`unknown command "${command}"`);
}

run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error instanceof ConfigError || (error instanceof TypeError && "code" in error)) {
      console.error(`Error: ${error.message}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  });
