import { createRoute } from "@hono/zod-openapi";
import { IdParamSchema, type ProductSummary, WatchVideoSchema } from "@reelmart/core/api/catalog";
import { UuidSchema } from "@reelmart/core/api/ids";
import { MARKETPLACE_COOKIE } from "@reelmart/core/constants";
import { FEED_APP_PAGE_SIZE, firstCardPoster } from "@reelmart/core/feed-order";
import { coverImageUrl, firstGalleryImageUrl } from "@reelmart/core/product-images";
import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AppDeps, RegisterRoutes } from "../../context.ts";
import { joinPieces } from "../../http/body-pieces.ts";
import { publicCacheMiddleware } from "../../read-model/public-cache.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";
import type { AppEnv } from "../../http/viewer.ts";
import type { Logger } from "../../logger.ts";
import { notFound } from "../../shared/errors.ts";
import { getProduct } from "../catalog/products.service.ts";
import { getFeedPage } from "../feed/feed.service.ts";
import type { FirstFeed, FirstPicture, PageHead, ShellTemplate } from "./page-head.ts";
import { type Site, brandHead, homeHead, notFoundHead, productHead, watchHead } from "./page-meta.ts";
import { StoreName, brandForPage, productForPage, readyVideoOf, videoForPage } from "./share-pages.service.ts";
import { parseSitemapFileName, robotsTxt, sitemapFiles, sitemapIndexXml, sitemapUrls, urlsetXml } from "./sitemap.ts";

// Server-rendered heads for the pages people share and crawlers index (docs/decisions/160): the
// app shell with each page's own title, preview tags and JSON-LD; robots.txt and the sitemaps; and
// the one API read the /v/{mediaId} watch page needs.

const videoRoute = createRoute({
  method: "get",
  path: "/videos/{id}",
  tags: ["catalogue"],
  summary: "One ready video of an active product, with the product (the /v/{id} watch page)",
  request: { params: IdParamSchema },
  responses: {
    200: jsonResponse(WatchVideoSchema, "The video and its product"),
    400: errorResponse("id is not a uuid"),
    404: errorResponse("No such video, or not one shoppers see"),
  },
});

export const registerSharePagesRoutes: RegisterRoutes = (app, { database, readModel }) => {
  const source = { db: database.db, cache: readModel?.catalogue };
  app.openapi(videoRoute, async (c) => {
    const { id } = c.req.valid("param");
    const found = await videoForPage(source, id);
    // The product with live counters (as GET /api/products/{id}); the video is one of its media.
    const product = found && (await getProduct(source, found.product.id));
    const media = product && readyVideoOf(product, id);
    if (!product || !media) throw notFound(`Video with ID ${id} not found`, "id");
    return c.json({ media, product }, 200);
  });
};

/** robots.txt and the sitemaps, served with or without the web app. */
export function mountCrawlerFiles(app: Hono<AppEnv>, { config, database }: AppDeps): void {
  const origin = config.publicUrl;
  const crawlerCache = (c: Context) => c.header("Cache-Control", "public, max-age=3600");
  app.get("/robots.txt", (c) => {
    crawlerCache(c);
    return c.text(robotsTxt(origin));
  });
  app.get("/sitemap.xml", async (c) => {
    crawlerCache(c);
    return c.body(sitemapIndexXml(origin, await sitemapFiles(database.db)), 200, { "Content-Type": "application/xml; charset=utf-8" });
  });
  app.get("/sitemaps/:file", async (c) => {
    const file = parseSitemapFileName(c.req.param("file"));
    const urls = file ? await sitemapUrls(database.db, file.section, file.page) : [];
    // Page 1 of a section exists even when empty (the index always names it); later pages only with URLs.
    if (!file || (!urls.length && file.page > 1)) return c.text("No such sitemap", 404);
    crawlerCache(c);
    return c.body(urlsetXml(origin, urls), 200, { "Content-Type": "application/xml; charset=utf-8" });
  });
}

/** How long a share page is answered from memory before it is rendered again (when no catalogue write cleared it). */
const SHARE_PAGE_FRESH_MS = 30_000;

/**
 * The routes below held in the public cache; SHARE_PAGE_PATHS (read-model/public-cache.ts) matches the
 * same URLs. Not the home page: it carries a first feed page with a seed of its own (decision 183).
 */
const CACHED_SHARE_PAGE_ROUTES = ["/product/:id", "/purchase/:id", "/product-profile/:id", "/brand-shop/:id", "/v/:id"];

/**
 * The shell routes that have a head of their own. Registered before the static files (which would
 * answer / with the plain index.html) and the SPA fallback, which keeps every other URL as it was.
 */
export function mountSharePages(app: Hono<AppEnv>, { config, database, readModel, logger }: AppDeps, shell: ShellTemplate): void {
  const source = { db: database.db, cache: readModel?.catalogue };
  if (readModel) {
    // A page is the same for every viewer, so its HTML is held like the API's public reads: the
    // fast lane answers repeats before the framework, and a catalogue write clears it (decision 160).
    // Fresh for longer than the API's answers (decision 181): what a catalogue write does not clear
    // is the store's name (itself read once a minute) and a watch page's counts.
    const cached = publicCacheMiddleware(readModel.publicCache, { fetch: (request) => app.fetch(request), freshMs: SHARE_PAGE_FRESH_MS });
    for (const route of CACHED_SHARE_PAGE_ROUTES) app.use(route, cached);
  }
  const storeName = new StoreName(database.db, logger);
  const site = async (): Promise<Site> => ({ origin: config.publicUrl, storeName: await storeName.get() });
  const page = (c: Context<AppEnv>, head: PageHead, status: 200 | 404 = 200) => {
    const pieces = shell.pieces(head);
    // The public cache holds the page as these pieces, the shell's once for all pages (decision 181).
    c.set("bodyPieces", pieces);
    c.header("Cache-Control", "no-cache");
    return c.body(joinPieces(pieces) as Uint8Array<ArrayBuffer>, status, { "Content-Type": "text/html; charset=UTF-8" });
  };
  // Each product page preloads and paints the picture its first screen shows (decisions 094, 162):
  // the landing and purchase pages' gallery starts with the first image, the profile's header is the cover.
  const product = (pictureOf: (product: ProductSummary) => string | null, shape: FirstPicture["shape"]) => async (c: Context<AppEnv>) => {
    const [found, where] = await Promise.all([productForPage(source, c.req.param("id") ?? ""), site()]);
    if (!found) return page(c, notFoundHead(where), 404);
    const url = pictureOf(found);
    return page(c, { ...productHead(where, found, readyVideoOf(found, c.req.query("media"))), firstPicture: url ? { url, shape } : null });
  };

  // A visit's feed opens on a page with a new seed, for the marketplace its cookie names, written
  // into the HTML with its first poster (decision 183); a page the server cannot make (the database
  // down) is left to the app to ask for.
  const firstFeed = async (marketplaceId: string | null, log: Logger): Promise<FirstFeed | null> => {
    try {
      const first = await getFeedPage(database.db, { marketplaceId: marketplaceId ?? undefined, limit: FEED_APP_PAGE_SIZE }, readModel?.feed);
      return { marketplaceId, page: first, poster: firstCardPoster(first, { seed: first.seed, similarTo: null }) };
    } catch (error) {
      log.warn({ err: error }, "home page: the first feed page could not be made; the app asks for it");
      return null;
    }
  };
  app.get("/", async (c) => {
    // A 'similar' feed leads with a product the visitor chose: the app asks for that one itself.
    const chosen = UuidSchema.safeParse(getCookie(c, MARKETPLACE_COOKIE));
    const [where, feed] = await Promise.all([site(), c.req.query("similar") === undefined ? firstFeed(chosen.success ? chosen.data : null, c.var.log) : null]);
    c.header("Vary", "Cookie");
    return page(c, { ...homeHead(where), firstFeed: feed });
  });
  app.get("/product/:id", product(firstGalleryImageUrl, "square"));
  app.get("/purchase/:id", product(firstGalleryImageUrl, "square"));
  app.get("/product-profile/:id", product(coverImageUrl, "cover"));
  app.get("/brand-shop/:id", async (c) => {
    const [brand, where] = await Promise.all([brandForPage(database.db, c.req.param("id")), site()]);
    return brand ? page(c, brandHead(where, brand)) : page(c, notFoundHead(where), 404);
  });
  app.get("/v/:id", async (c) => {
    const [found, where] = await Promise.all([videoForPage(source, c.req.param("id")), site()]);
    return found ? page(c, watchHead(where, found.product, found.video)) : page(c, notFoundHead(where), 404);
  });
}
