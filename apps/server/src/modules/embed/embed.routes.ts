import { createRoute } from "@hono/zod-openapi";
import { EmbedLayoutQuerySchema, type OEmbed, OEmbedQuerySchema, OEmbedSchema } from "@reelmart/core/api/embed";
import { type EmbedKind, type EmbedLayout, type EmbedTarget, embedSize, iframeSnippet } from "@reelmart/core/embed";
import { Hono } from "hono";
import type { AppDeps, RegisterRoutes } from "../../context.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";
import { badRequest, notFound, notImplemented } from "../../shared/errors.ts";
import { embedContent, type EmbedContent } from "./embed.service.ts";
import { renderEmbedNotFound, renderEmbedPage } from "./embed.page.ts";

// The shoppable embed's two doors (decision 165): the pages other sites frame (/embed/*, mounted
// beside /api like /media) and oEmbed (/api/oembed), through which a CMS turns a store URL into
// that frame. Neither reads or sets a cookie: they answer every visitor the same.

/** The embed pages, mounted at /embed. Every other /embed path is a 404 here, never the (unframeable) app shell. */
export function embedPageRoutes(database: AppDeps["database"]): Hono {
  const app = new Hono();
  app.get("/:kind{v|product|brand}/:id", async (c) => {
    const kind = c.req.param("kind") as EmbedKind;
    const query = EmbedLayoutQuerySchema.safeParse({ layout: c.req.query("layout") });
    // The frame shows plain text: a page, not an API, but the field is named as everywhere else.
    if (!query.success) return c.text("layout: must be carousel or feed", 400);
    const content = await embedContent(database.db, { kind, id: c.req.param("id") });
    if (!content) return c.html(renderEmbedNotFound(), 404);
    // Shared caches may keep it a minute: the same for every visitor, and a catalogue edit shows soon after.
    c.header("Cache-Control", "public, max-age=60");
    return c.html(renderEmbedPage(content, kind === "v" ? "feed" : query.data.layout));
  });
  app.all("*", (c) => c.html(renderEmbedNotFound(), 404));
  return app;
}

const KINDS: readonly string[] = ["v", "product", "brand"] satisfies EmbedKind[];

/** Which embed a store URL names, or null when it names none (another origin, another page). */
export function embedTargetOf(url: URL, origin: string): { target: EmbedTarget; layout: EmbedLayout } | null {
  if (url.origin !== origin) return null;
  const layout: EmbedLayout = url.searchParams.get("layout") === "feed" ? "feed" : "carousel";
  const parts = url.pathname.split("/").filter(Boolean);
  const named = (kind: EmbedKind, id: string | null | undefined) => (id ? { target: { kind, id }, layout } : null);
  if (parts[0] === "embed" && parts.length === 3 && KINDS.includes(parts[1]!)) return named(parts[1] as EmbedKind, parts[2]);
  if (parts.length !== 2) return null;
  const [page, id] = parts;
  if (page === "v") return named("v", id);
  if (page === "product-profile" && url.searchParams.get("media")) return named("v", url.searchParams.get("media"));
  if (page === "product" || page === "purchase" || page === "product-profile") return named("product", id);
  if (page === "brand-shop") return named("brand", id);
  return null;
}

const absolute = (origin: string, url: string) => (url.startsWith("/") ? `${origin}${url}` : url);

/** The oEmbed answer for an embed whose content is known. */
export function oEmbedFor(origin: string, target: EmbedTarget, layout: EmbedLayout, content: EmbedContent, max: { maxwidth?: number; maxheight?: number }): OEmbed {
  const size = embedSize(target, layout);
  // One scale for both sides keeps the frame's proportions (a video stays 9:16).
  const scale = Math.min(1, (max.maxwidth ?? Infinity) / size.width, (max.maxheight ?? Infinity) / size.height);
  const width = Math.floor(size.width * scale);
  const height = Math.floor(size.height * scale);
  const first = content.videos[0]?.media;
  const poster = first?.thumbnailUrl;
  const frame = first?.renditions.at(-1);
  return {
    version: "1.0",
    type: target.kind === "v" ? "video" : "rich",
    title: content.title,
    ...(content.brand ? { author_name: content.brand.name, author_url: `${origin}/brand-shop/${content.brand.id}` } : {}),
    provider_name: "Reelmart",
    provider_url: origin,
    cache_age: 3600,
    // oEmbed asks for the thumbnail's size with it; a poster is its video's frame size.
    ...(poster && frame ? { thumbnail_url: absolute(origin, poster), thumbnail_width: frame.width, thumbnail_height: frame.height } : {}),
    html: iframeSnippet(origin, target, { layout, title: content.title, width, height }),
    width,
    height,
  };
}

const oEmbedRoute = createRoute({
  method: "get",
  path: "/oembed",
  tags: ["embed"],
  summary: "oEmbed for a store URL of a video, product or brand",
  description:
    "oEmbed 1.0 (https://oembed.com): url is a store page (/v/{mediaId}, /product-profile/{id}?media={mediaId}, /product/{id}, /brand-shop/{id} or an /embed/ URL). " +
    "Answers type video for one video and rich for a product's or brand's videos, with an iframe of the store's /embed/ page; maxwidth and maxheight scale the frame down. Only format=json (xml is 501).",
  request: { query: OEmbedQuerySchema },
  responses: {
    200: jsonResponse(OEmbedSchema, "The oEmbed answer"),
    400: errorResponse("A parameter is invalid; error.field names it"),
    404: errorResponse("url names no video, product or brand of this store"),
    501: errorResponse("format=xml is not offered"),
  },
});

export const registerEmbedRoutes: RegisterRoutes = (app, { database, config }) => {
  const origin = new URL(config.publicUrl).origin;
  app.openapi(oEmbedRoute, async (c) => {
    const query = c.req.valid("query");
    if (query.format === "xml") throw notImplemented("format: only json is offered", "format");
    let url: URL;
    try {
      url = new URL(query.url);
    } catch {
      throw badRequest("The url parameter must be the full address of a page of this shop", "url");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw badRequest("The url parameter must be an http or https address", "url");
    const named = embedTargetOf(url, origin);
    const content = named && (await embedContent(database.db, named.target));
    if (!named || !content) throw notFound("url: names no video, product or brand of this store", "url");
    return c.json(oEmbedFor(origin, named.target, named.layout, content, query), 200);
  });
};
