import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built SPA: hashed assets cached for a year, index.html always revalidated, and
 * index.html for every non-API path the router should handle. Precompressed .br/.gz are used
 * when the build made them.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const indexFile = distDir ? path.join(distDir, "index.html") : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      list: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", isHashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split("?")[0] ?? "/";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    const isApi = pathOnly === "/api" || pathOnly.startsWith("/api/");
    if (!isApi && hasWeb && wantsPage) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({
      statusCode: 404,
      code: "ROUTE_NOT_FOUND",
      message: `No route ${request.method} ${pathOnly}`,
    });
  });
}
