import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built SPA: hashed assets cached for a year, index.html always revalidated, and
 * index.html for every non-API path the router should handle. Precompressed .br/.gz are used
 * when the build made them.
 */
export async function registerWebApp(app: FastifyInstance, site: SitePage) {
  const distDir = site.webDistDir;
  const indexFile = distDir ? path.join(distDir, "index.html") : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);
  const page = sitePage(site);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      list: false,
      // index.html only as the server renders it (sitePage), never the build's raw file.
      allowedPath: (pathName) => pathName !== "/index.html",
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", isHashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathOnly = request.url.split("?")[0] ?? "/";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    const isApi = pathOnly === "/api" || pathOnly.startsWith("/api/");
    if (!isApi && hasWeb && wantsPage) {
      const html = await page();
      if (html !== null) return reply.header("cache-control", "no-cache").type("text/html").send(html);
    }
    return reply.status(404).send({
      statusCode: 404,
      code: "ROUTE_NOT_FOUND",
      message: `No route ${request.method} ${pathOnly}`,
    });
  });
}

/** What the page needs to know of the server: where the build is and whether an AI model is connected. */
export type SitePage = { webDistDir: string | undefined; ai: unknown };

/**
 * index.html as the server sends it: the build's file with `matchdesk-analysis` saying whether the
 * operator connected an AI model ("ai") or the rule engine answers alone ("rules"), so the site
 * names the analysis truthfully from its first paint. Read once; null without a build.
 */
export function sitePage(site: SitePage): () => Promise<string | null> {
  const indexFile = site.webDistDir ? path.join(site.webDistDir, "index.html") : undefined;
  let html: Promise<string | null> | undefined;
  return () => {
    html ??= indexFile
      ? readFile(indexFile, "utf8").then(
          (text) => withAnalysis(text, site.ai ? "ai" : "rules"),
          () => null,
        )
      : Promise.resolve(null);
    return html;
  };
}

export const withAnalysis = (html: string, analysis: "ai" | "rules") =>
  html.replace(
    /<meta name="matchdesk-analysis" content="[^"]*" \/>/,
    `<meta name="matchdesk-analysis" content="${analysis}" />`,
  );
