import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { normalizePath, type Plugin } from "vite";

/**
 * Modules whose exports the production build computes once and bundles as plain data, so the
 * pages that use them load neither zod nor the contract's schemas, which only the forms need.
 * Types are unchanged: TypeScript reads the modules' own files.
 * - The contract's endpoint definitions keep their plain fields (method, path, access, body
 *   kind...) and leave their zod schemas out. The web app reaches an endpoint by method and path
 *   (`call`, `queryOf`, `href`) and checks answers against the schemas only in development.
 * - `src/lib/url-queries.ts`: the list pages' URL filters, computed from the query schemas.
 */
export function buildTimeData(endpointsDir: string, dataFiles: string[]): Plugin {
  const dir = normalizePath(endpointsDir);
  const files = new Set(dataFiles.map(normalizePath));
  let isBuild = false;
  return {
    name: "matchdesk-build-time-data",
    enforce: "pre",
    configResolved(config) {
      isBuild = config.command === "build";
    },
    async load(id) {
      const file = normalizePath(id.split("?")[0] ?? id);
      const isEndpoints = path.posix.dirname(file) === dir && isDomainFile(file);
      if (!isBuild || !(isEndpoints || files.has(file))) return undefined;
      const module: Record<string, unknown> = await tsImport(pathToFileURL(file).href, import.meta.url);
      return Object.entries(module)
        .map(([name, value]) => {
          // Only plain data survives JSON: a function or a class instance would become nothing.
          const odd = oddValue(value, name);
          if (odd) this.error(`${file}: ${odd} is not plain data; this module may export plain data only`);
          return `export const ${name} = ${JSON.stringify(value, withoutSchemas)};`;
        })
        .join("\n");
    },
  };
}

/** A domain's definitions: not the lists that gather them (index.ts, all.ts). */
const isDomainFile = (file: string) => file.endsWith(".ts") && !/(^|\/)(index|all)\.ts$/.test(file);

const isSchema = (value: unknown) =>
  typeof (value as { safeParse?: unknown } | null)?.safeParse === "function";

const withoutSchemas = (_key: string, value: unknown) => (isSchema(value) ? undefined : value);

/** The path of the first value below `value` that is neither a schema nor plain JSON data. */
function oddValue(value: unknown, at: string): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : at;
  if (isSchema(value) || value === null || ["string", "boolean"].includes(typeof value)) return undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const odd = oddValue(item, `${at}[${i}]`);
      if (odd) return odd;
    }
    return undefined;
  }
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const odd = oddValue(item, `${at}.${key}`);
      if (odd) return odd;
    }
    return undefined;
  }
  return at;
}
