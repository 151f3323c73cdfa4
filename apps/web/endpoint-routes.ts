import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import type { Plugin } from "vite";

/**
 * In the production bundle an endpoint definition keeps its plain fields (method, path, access,
 * body kind...) and leaves its zod schemas out. The web app reaches an endpoint by method and path
 * (`call`, `queryOf`, `href`) and checks answers against the schemas only in development; with the
 * schemas, every page that calls the API would load zod and the contract's schemas, which only the
 * forms need. Types are unchanged: TypeScript reads the contract's own files.
 */
export function endpointRoutes(endpointsDir: string): Plugin {
  let isBuild = false;
  return {
    name: "matchdesk-endpoint-routes",
    enforce: "pre",
    configResolved(config) {
      isBuild = config.command === "build";
    },
    async load(id) {
      const file = id.split("?")[0] ?? id;
      if (!isBuild || path.dirname(file) !== endpointsDir || !isDomainFile(file)) return undefined;
      const module: Record<string, unknown> = await tsImport(pathToFileURL(file).href, import.meta.url);
      return Object.entries(module)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value, withoutSchemas)};`)
        .join("\n");
    },
  };
}

/** A domain's definitions: not the lists that gather them (index.ts, all.ts). */
const isDomainFile = (file: string) => file.endsWith(".ts") && !/(^|\/)(index|all)\.ts$/.test(file);

const withoutSchemas = (_key: string, value: unknown) =>
  typeof (value as { safeParse?: unknown } | null)?.safeParse === "function" ? undefined : value;
