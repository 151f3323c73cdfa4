import { LIMITS, PRODUCT_NAME } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { fileUrl } from "../../platform/storage.js";
import { type SitePage, sitePage } from "../../platform/web.js";
import { findPublicAgency } from "./service.js";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The page's title, description and image as meta tags, for link previews in messengers and search. */
export function previewTags(p: { title: string; description: string; image: string | null; url: string }) {
  const tags = [
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}" />`,
    `<meta property="og:title" content="${escapeHtml(p.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(p.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(p.url)}" />`,
    `<meta name="twitter:card" content="${p.image ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${escapeHtml(p.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(p.description)}" />`,
  ];
  if (p.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(p.image)}" />`);
    tags.push(`<meta name="twitter:image" content="${escapeHtml(p.image)}" />`);
  }
  return tags.join("\n    ");
}

/**
 * /agency/{userIdOrLogin} gets index.html with the agency's own title, description and logo, so a
 * shared link previews well; crawlers run no JavaScript. An unknown agency gets the plain page (the
 * app shows its not-found state).
 */
export function registerAgencyPreview(
  app: FastifyInstance,
  deps: { db: Db; config: SitePage & { publicUrl: string } },
) {
  const readTemplate = sitePage(deps.config);
  app.get<{ Params: { id: string } }>(
    "/agency/:id",
    { config: { access: "public" } },
    async (request, reply) => {
      const html = await readTemplate();
      if (html === null) {
        return reply
          .status(404)
          .send({ statusCode: 404, code: "ROUTE_NOT_FOUND", message: "No web app built" });
      }
      const id = request.params.id;
      const agency = /^[A-Za-z0-9_-]{1,64}$/.test(id)
        ? await findPublicAgency(deps.db, id).catch(() => null)
        : null;
      let page = html;
      if (agency) {
        const { agency: a, user: u } = agency;
        const place = [a.city].filter(Boolean).join(", ");
        const description = (a.about || a.services || `${a.agencyName}${place ? `, ${place}` : ""}`).slice(
          0,
          LIMITS.descriptionPreviewChars,
        );
        const title = `${a.agencyName} | ${PRODUCT_NAME}`;
        page = html
          // Replacer functions: a `$&` or `$'` in an agency's text must stay text, not a pattern.
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
          .replace(
            /<meta name="description" content="[^"]*" \/>/,
            () => `<meta name="description" content="${escapeHtml(description)}" />`,
          )
          .replace(
            "</head>",
            () =>
              `  ${previewTags({
                title,
                description,
                image: u.avatarKey ? `${deps.config.publicUrl}${fileUrl(u.avatarKey)}` : null,
                url: `${deps.config.publicUrl}/agency/${a.login}`,
              })}\n  </head>`,
          );
      }
      return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(page);
    },
  );
}
