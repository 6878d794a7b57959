import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import Validator from "@adobe/structured-data-validator";
import { getRequestListener } from "@hono/node-server";
import type { ProductDetail, WatchVideo } from "@reelmart/core/api/catalog";
import type { FeedPage } from "@reelmart/core/api/feed";
import { MARKETPLACE_COOKIE } from "@reelmart/core/constants";
import { FEED_APP_PAGE_SIZE, firstCardPoster } from "@reelmart/core/feed-order";
import { coverImageUrl, firstGalleryImageUrl } from "@reelmart/core/product-images";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { PUBLIC_CACHE_CHANNEL } from "../../read-model/public-cache.ts";
import { createBrand, createMarketplace, createMedia, createProduct } from "../../testing/fixtures.ts";
import { listenWithFastLane, rawGet } from "../../testing/lane-server.ts";
import { notificationsSettled } from "../../testing/notifications.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";

// The share pages as a chat-preview fetcher or a crawler sees them: plain HTTP over a socket, no
// JavaScript, only the first HTML. JSON-LD is checked with @adobe/structured-data-validator (Google's
// rich-result rules for Product, Offer, AggregateRating, BreadcrumbList, VideoObject).

const here = path.dirname(fileURLToPath(import.meta.url));
const ORIGIN = "http://localhost:3000";
// Admin input meant to break out of the head: closing the JSON-LD script, an attribute, a tag.
const HOSTILE_TITLE = `Kurta </script><script>alert("x")</script> "quoted" & 'single' <b>`;

let server: TestServer;
let db: Kysely<DB>;
let http: Server;
let base: string;
let staticDir: string;

beforeAll(async () => {
  // The web app's own index.html as the shell (the build adds only its script and style tags).
  staticDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-shell-"));
  copyFileSync(path.resolve(here, "../../../../web/index.html"), path.join(staticDir, "index.html"));
  server = await startTestServer({ STATIC_DIR: staticDir, PUBLIC_URL: ORIGIN });
  db = server.deps.database.db;
  http = createServer(getRequestListener(server.app.fetch));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** What a link-preview bot does: one GET, no scripts run. */
async function fetchPage(target: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${target}`, { headers: { "user-agent": "WhatsApp/2.23 (preview fetcher)", ...headers } });
  return { status: response.status, html: await response.text() };
}

const decode = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

function meta(html: string, key: string): string[] {
  const pattern = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`, "g");
  return [...html.matchAll(pattern)].map((match) => decode(match[1]!));
}

function title(html: string): string | undefined {
  const found = /<title>([^<]*)<\/title>/.exec(html);
  return found ? decode(found[1]!) : undefined;
}

function link(html: string, rel: string): string | undefined {
  const found = new RegExp(`<link rel="${rel}"(?: type="[^"]*")? href="([^"]*)" />`).exec(html);
  return found ? decode(found[1]!) : undefined;
}

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

/** Everything outside <head> but the first picture's static copy and the home page's first feed page: scripts, splash and root must be the shell's own. */
const body = (html: string) =>
  html
    .slice(html.indexOf("</head>"))
    .replace(/\n\s*<img id="boot-(?:picture|poster)"[^>]*>/, "")
    .replace(/\n\s*<script type="application\/json" id="first-feed-page"[^>]*>[^<]*<\/script>/, "");
/** The first picture's static copy (decision 162): its class (the box's shape) and its URL, decoded. */
function firstPicture(html: string): { shape: string; url: string } | undefined {
  const found = /<img id="boot-picture" class="([^"]*)" src="([^"]*)" alt="" aria-hidden="true" fetchpriority="high" \/>/.exec(html);
  return found ? { shape: found[1]!, url: decode(found[2]!) } : undefined;
}
/** The home page's first feed page (decision 183): JSON in which no "<" can end its element. */
function firstFeedPage(html: string): (FeedPage & { marketplaceId: string }) | undefined {
  const found = /<script type="application\/json" id="first-feed-page" data-marketplace-id="([^"]*)">([^<]*)<\/script>/.exec(html);
  return found ? { ...(JSON.parse(found[2]!) as FeedPage), marketplaceId: found[1]! } : undefined;
}
/** The feed's first poster as the home page paints it, and as its head preloads it. */
const bootPoster = (html: string) => /<img id="boot-poster" src="([^"]*)" alt="" aria-hidden="true" fetchpriority="high" \/>/.exec(html)?.[1];
const preloadedImage = (html: string) => /<link rel="preload" as="image" fetchpriority="high" href="([^"]*)" \/>/.exec(html)?.[1];
const scripts = (html: string) => [...html.matchAll(/<script(?! type="application\/ld\+json")[^>]*>/g)].map((match) => match[0]);

async function validate(items: Record<string, any>[]) {
  const byType: Record<string, object[]> = {};
  for (const item of items) (byType[item["@type"]] ??= []).push(structuredClone(item));
  const issues = await new Validator().validate({ jsonld: byType });
  return issues.filter((issue) => issue.severity === "ERROR").map((issue) => `${issue.rootType}: ${issue.issueMessage}`);
}

async function catalogue() {
  const brand = await createBrand(db, { name: `Loom & "Co" ${Date.now()}`, logo_url: "/media/brands/loom.png" });
  const product = await createProduct(db, {
    title: HOSTILE_TITLE,
    description: "Hand-block printed cotton kurta.",
    price: "2000.00",
    discount_percentage: "10",
    stock: 5,
    brand_id: brand.id,
    rating_sum: 9,
    review_count: 2,
  });
  const video = await createMedia(db, product.id, { title: "Kurta in motion", duration: 65, view_count: 1234, like_count: 56 });
  const processing = await createMedia(db, product.id, { status: "processing" });
  return { brand, product, video, processing };
}

describe("product pages in the first HTML", () => {
  it("carry the product's title, price, image, canonical, preview tags and valid Product JSON-LD, escaped", async () => {
    const { product, brand, video } = await catalogue();
    // The product's picture: its only ready medium is a video, so its poster (decision 207).
    const picture = `${ORIGIN}${video.thumbnail_url}`;
    const plain = await fetchPage("/cart");
    for (const route of [`/product/${product.id}`, `/purchase/${product.id}`, `/product-profile/${product.id}`]) {
      const { status, html } = await fetchPage(route);
      expect(status, route).toBe(200);
      expect(title(html)).toBe(`${HOSTILE_TITLE} | Reelmart`);
      expect(meta(html, "og:title")).toEqual([HOSTILE_TITLE]);
      expect(meta(html, "og:image")).toEqual([picture]);
      expect(meta(html, "og:type")).toEqual(["product"]);
      expect(meta(html, "product:price:amount")).toEqual(["1800.00"]);
      expect(meta(html, "description")[0]).toMatch(/^₹1,800\.00 · In stock · Hand-block/);
      expect(meta(html, "twitter:card")).toEqual(["summary_large_image"]);
      expect(link(html, "canonical")).toBe(`${ORIGIN}/product/${product.id}`);
      expect(link(html, "alternate")).toBe(`${ORIGIN}/api/oembed?url=${encodeURIComponent(`${ORIGIN}/product/${product.id}`)}&format=json`);
      // Nothing the admin typed opens a tag: the only <script> elements are the shell's and the JSON-LD blocks.
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("<b>");
      expect(body(html)).toBe(body(plain.html));
      expect(scripts(html)).toEqual(scripts(plain.html));

      const [productLd, breadcrumbs] = jsonLd(html);
      expect(productLd).toMatchObject({
        "@type": "Product",
        name: HOSTILE_TITLE,
        image: [picture],
        brand: { "@type": "Brand", name: brand.name },
        offers: { "@type": "Offer", price: "1800.00", priceCurrency: "INR", availability: "https://schema.org/InStock" },
        aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2 },
      });
      expect(breadcrumbs!.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Reelmart", brand.name, HOSTILE_TITLE]);
      expect(await validate(jsonLd(html))).toEqual([]);
    }
  });

  it("preload and paint the picture each page's first screen shows, as the app picks it from the product it reads", async () => {
    const { product } = await catalogue();
    // The cover second in the gallery by its place: two quick inserts can share a created_at, and the media id breaks that tie at random.
    await createMedia(db, product.id, { type: "image", display_order: 0 });
    await createMedia(db, product.id, { type: "image", is_cover: true, display_order: 1 });
    const detail = (await (await fetch(`${base}/api/products/${product.id}`)).json()) as ProductDetail;
    const preload = (html: string) => /<link rel="preload" as="image" fetchpriority="high" href="([^"]*)" \/>/.exec(html)?.[1];
    expect(coverImageUrl(detail)).not.toBe(firstGalleryImageUrl(detail));
    for (const route of [`/product/${product.id}`, `/purchase/${product.id}`]) {
      const { html } = await fetchPage(route);
      expect(preload(html), route).toBe(firstGalleryImageUrl(detail));
      expect(firstPicture(html), route).toEqual({ shape: "square", url: firstGalleryImageUrl(detail) });
    }
    const profile = (await fetchPage(`/product-profile/${product.id}`)).html;
    expect(preload(profile)).toBe(coverImageUrl(detail));
    expect(firstPicture(profile)).toEqual({ shape: "cover", url: coverImageUrl(detail) });
    // The static copy sits first in the body, before the root the app renders into, and its box's rules come with it.
    expect(profile.indexOf('<img id="boot-picture"')).toBeGreaterThan(profile.indexOf("<body>"));
    expect(profile.indexOf('<img id="boot-picture"')).toBeLessThan(profile.indexOf('<div id="root">'));
    expect(profile).toContain("#boot-picture.cover { aspect-ratio: 3 / 1; }");
    const cart = (await fetchPage("/cart")).html;
    expect(preload(cart)).toBeUndefined();
    expect(firstPicture(cart)).toBeUndefined();
  });

  it("escape the first picture's URL, and paint nothing for a product without a picture", async () => {
    // Media URLs come from uploads and admin input: one meant to leave the attribute and open a script.
    const hostileUrl = `/media/images/a"><script>alert("x")</script>.webp`;
    const pictured = await createProduct(db);
    await createMedia(db, pictured.id, { type: "image", url: hostileUrl });
    const { html } = await fetchPage(`/product/${pictured.id}`);
    expect(firstPicture(html)).toEqual({ shape: "square", url: hostileUrl });
    expect(html).not.toContain("<script>alert");

    const bare = await createProduct(db);
    const page = await fetchPage(`/product-profile/${bare.id}`);
    expect(page.status).toBe(200);
    expect(firstPicture(page.html)).toBeUndefined();
    expect(page.html).not.toContain("#boot-picture");
  });

  it("with ?media= naming a ready video: og:video with its type and size, the video's page as canonical", async () => {
    const { product, video, processing } = await catalogue();
    const { status, html } = await fetchPage(`/product-profile/${product.id}?media=${video.id}`);
    expect(status).toBe(200);
    expect(meta(html, "og:type")).toEqual(["video.other"]);
    expect(meta(html, "og:image")).toEqual([`${ORIGIN}${video.thumbnail_url}`]);
    expect(meta(html, "og:video")[0]).toMatch(new RegExp(`^${ORIGIN}/media/videos/.+/720\\.mp4$`));
    expect(meta(html, "og:video:type")).toEqual(["video/mp4"]);
    expect(meta(html, "og:video:width")).toEqual(["405"]);
    expect(meta(html, "og:video:height")).toEqual(["720"]);
    expect(link(html, "canonical")).toBe(`${ORIGIN}/v/${video.id}`);

    // A video shoppers do not see yet names nothing: the product's own preview.
    const hidden = await fetchPage(`/product-profile/${product.id}?media=${processing.id}`);
    expect(meta(hidden.html, "og:video")).toEqual([]);
    expect(link(hidden.html, "canonical")).toBe(`${ORIGIN}/product/${product.id}`);
  });

  it("without reviews states no rating, and out of stock says so", async () => {
    const product = await createProduct(db, { stock: 0 });
    const { html } = await fetchPage(`/product/${product.id}`);
    const [productLd] = jsonLd(html);
    expect(productLd!.aggregateRating).toBeUndefined();
    expect(productLd!.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(productLd!.image).toEqual([`${ORIGIN}/icons/icon-512.png`]);
    expect(await validate(jsonLd(html))).toEqual([]);
  });
});

describe("the watch page /v/{mediaId}", () => {
  it("describes the video with a valid VideoObject, the product beside it", async () => {
    const { product, video } = await catalogue();
    const { status, html } = await fetchPage(`/v/${video.id}`);
    expect(status).toBe(200);
    expect(title(html)).toBe("Kurta in motion | Reelmart");
    expect(meta(html, "og:title")).toEqual(["Kurta in motion"]);
    expect(meta(html, "twitter:title")).toEqual(["Kurta in motion"]);
    expect(link(html, "canonical")).toBe(`${ORIGIN}/v/${video.id}`);
    expect(link(html, "alternate")).toBe(`${ORIGIN}/api/oembed?url=${encodeURIComponent(`${ORIGIN}/v/${video.id}`)}&format=json`);
    const [videoLd, productLd] = jsonLd(html);
    expect(videoLd).toMatchObject({
      "@type": "VideoObject",
      name: "Kurta in motion",
      description: "Hand-block printed cotton kurta.",
      thumbnailUrl: [`${ORIGIN}${video.thumbnail_url}`],
      uploadDate: new Date(video.created_at).toISOString(),
      duration: "PT1M5S",
      embedUrl: `${ORIGIN}/embed/v/${video.id}`,
      interactionStatistic: [
        { interactionType: { "@type": "WatchAction" }, userInteractionCount: 1234 },
        { interactionType: { "@type": "LikeAction" }, userInteractionCount: 56 },
      ],
    });
    expect(videoLd!.contentUrl).toMatch(new RegExp(`^${ORIGIN}/media/videos/.+/720\\.mp4$`));
    expect(productLd!.offers.price).toBe("1800.00");
    expect(await validate(jsonLd(html))).toEqual([]);

    const api = await server.json<WatchVideo>(`/api/videos/${video.id}`);
    expect(api.status).toBe(200);
    expect(api.body.media.id).toBe(video.id);
    expect(api.body.product.id).toBe(product.id);
  });

  it("answers 404 with the shell for unknown, hidden and malformed ids (pages) and the API's error body", async () => {
    const { product, processing } = await catalogue();
    const draft = await createProduct(db, { status: "draft" });
    const archived = await createProduct(db, { status: "archived" });
    const archivedVideo = await createMedia(db, archived.id);
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const route of [
      `/product/${unknown}`,
      `/product/${draft.id}`,
      `/purchase/${archived.id}`,
      "/product-profile/not-an-id",
      `/brand-shop/${unknown}`,
      "/brand-shop/x",
      `/v/${processing.id}`,
      `/v/${archivedVideo.id}`,
      `/v/${product.id}`,
      "/v/%3Cscript%3E",
    ]) {
      const { status, html } = await fetchPage(route);
      expect(status, route).toBe(404);
      expect(html, route).toContain('<div id="root"></div>');
      expect(firstPicture(html), route).toBeUndefined();
      expect(meta(html, "robots"), route).toEqual(["noindex"]);
      expect(jsonLd(html), route).toEqual([]);
    }
    expect((await server.json(`/api/videos/${processing.id}`)).status).toBe(404);
    expect(await server.json("/api/videos/nope")).toMatchObject({ status: 400, body: { error: { field: "id" } } });
  });
});

describe("brand and home pages", () => {
  it("name the brand and the store", async () => {
    const { brand } = await catalogue();
    const page = await fetchPage(`/brand-shop/${brand.id}`);
    expect(page.status).toBe(200);
    expect(title(page.html)).toBe(`${brand.name} | Reelmart`);
    expect(meta(page.html, "og:image")).toEqual([`${ORIGIN}/media/brands/loom.png`]);
    expect(jsonLd(page.html).map((item) => item["@type"])).toEqual(["Brand", "BreadcrumbList"]);
    expect(await validate(jsonLd(page.html))).toEqual([]);

    const home = await fetchPage("/");
    expect(home.status).toBe(200);
    expect(title(home.html)).toBe("Reelmart");
    expect(link(home.html, "canonical")).toBe(`${ORIGIN}/`);
    expect(jsonLd(home.html)[0]).toMatchObject({ "@type": "WebSite", url: `${ORIGIN}/` });
  });

  it("give a first visit the feed's first page in the home page, with the poster of the card the app opens on (decision 183)", async () => {
    const { product } = await catalogue();
    const homes = [await fetchPage("/"), await fetchPage("/")];
    for (const { html } of homes) {
      const { marketplaceId, ...page } = firstFeedPage(html)!;
      expect(marketplaceId).toBe("");
      expect(page.items.length).toBeGreaterThan(0);
      // What GET /api/feed answers for that seed and the app's page size: the app adopts it instead of asking.
      expect((await server.json<FeedPage>(`/api/feed?seed=${page.seed}&limit=${FEED_APP_PAGE_SIZE}`)).body).toEqual(page);
      const poster = firstCardPoster(page, { seed: page.seed, similarTo: null });
      expect(poster).toMatch(/^\/media\//);
      expect(decode(bootPoster(html)!)).toBe(poster);
      expect(decode(preloadedImage(html)!)).toBe(poster);
    }
    // Each visit its own order.
    expect(firstFeedPage(homes[0]!.html)!.seed).not.toBe(firstFeedPage(homes[1]!.html)!.seed);
    // Admin text inside cannot end the element: the hostile title reads back whole.
    const titles = (await server.json<FeedPage>(`/api/feed?limit=50`)).body.items.map((item) => item.title);
    expect(titles).toContain(HOSTILE_TITLE);
    const withHostile = await (async () => {
      for (let attempt = 0; attempt < 40; attempt++) {
        const { html } = await fetchPage("/");
        if (firstFeedPage(html)!.items.some((item) => item.title === HOSTILE_TITLE)) return html;
      }
    })();
    expect(withHostile).toBeDefined();
    expect(withHostile).not.toContain("</script><script>alert");
    // For the marketplace the visit's cookie names (the app mirrors its choice there); one that is not an id is no choice.
    const market = await createMarketplace(db);
    const inMarket = await createProduct(db, { marketplaceIds: [market.id] });
    await createMedia(db, inMarket.id, { type: "image", url: "/media/images/market.webp" });
    await createMedia(db, inMarket.id);
    const chosen = firstFeedPage((await fetchPage("/", { cookie: `theme=dark; ${MARKETPLACE_COOKIE}=${market.id}` })).html)!;
    expect(chosen.marketplaceId).toBe(market.id);
    expect(chosen.items.map((item) => item.id)).toEqual([inMarket.id]);
    expect((await server.json<FeedPage>(`/api/feed?marketplaceId=${market.id}&seed=${chosen.seed}&limit=${FEED_APP_PAGE_SIZE}`)).body.items).toEqual(chosen.items);
    const garbled = firstFeedPage((await fetchPage("/", { cookie: `${MARKETPLACE_COOKIE}=%3Cscript%3E` })).html)!;
    expect(garbled.marketplaceId).toBe("");
    expect(garbled.items.length).toBeGreaterThan(1);
    // A 'similar' feed leads with a product the visitor chose: the app asks for it.
    const similar = (await fetchPage(`/?similar=${product.id}`)).html;
    expect(firstFeedPage(similar)).toBeUndefined();
    expect(bootPoster(similar)).toBeUndefined();
  });
});

describe("the app's other paths", () => {
  it("answer the shell for the client router's pages, and 404 for a file that is not there", async () => {
    const shell = body((await fetchPage("/")).html);
    for (const page of ["/saved", "/orders/3f2a", "/admin/products", "/no-such-page"]) {
      const answer = await fetchPage(page);
      expect(answer.status, page).toBe(200);
      expect(body(answer.html), page).toBe(shell);
    }
    for (const file of ["/splash/missing.png", "/assets/entry-0000.js", "/icons/gone.webp", "/deep/path/robots.TXT"]) {
      const response = await fetch(`${base}${file}`);
      expect(response.status, file).toBe(404);
      expect(response.headers.get("content-type"), file).toMatch(/^text\/plain/);
      expect(await response.text(), file).not.toContain("<html");
    }
  });
});

describe("share pages from the public read cache and the fast lane (decision 181)", () => {
  let cached: TestServer;
  let lane: Awaited<ReturnType<typeof listenWithFastLane>>;

  beforeAll(async () => {
    // The read model (and the lane) on, over the same shell.
    cached = await startTestServer({ STATIC_DIR: staticDir, PUBLIC_URL: ORIGIN }, { readModel: true });
    lane = await listenWithFastLane(cached);
  });
  afterAll(async () => {
    await lane?.close();
    await cached?.close();
  });

  it("answer repeats from memory with the first answer's bytes, gzipped when asked, with a stable ETag", async () => {
    const products = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const product = await createProduct(cached.deps.database.db, { title: `Cached page ${n}` });
        await createMedia(cached.deps.database.db, product.id, { type: "image", url: `/media/images/${n}.webp` });
        return product;
      }),
    );
    // The inserts' notifications clear the cache; on PostgreSQL they may arrive after the first page is computed.
    await notificationsSettled(PUBLIC_CACHE_CHANNEL, [cached.deps.database]);
    for (const product of products) {
      const target = `${lane.base}/product/${product.id}`;
      const first = await fetch(target);
      const html = await first.text();
      // Held fresh for 30 s (SHARE_PAGE_FRESH_MS), not the API's 2 s: the fast lane answers it that long.
      expect(cached.deps.readModel!.publicCache.lookup(`/product/${product.id}`)?.entry.freshMs).toBe(30_000);
      expect(title(html)).toBe(`Cached page ${products.indexOf(product) + 1} | Reelmart`);
      expect(firstPicture(html)?.url).toBe(`/media/images/${products.indexOf(product) + 1}.webp`);
      // The shell's scripts, styles, splash and root, as every other page (here, the uncached server's home page).
      expect(body(html)).toBe(body((await fetchPage("/")).html));

      lane.reachedApp.length = 0;
      const plain = await rawGet(target);
      const gzipped = await rawGet(target, { "accept-encoding": "gzip" });
      expect(lane.reachedApp).toEqual([]);
      expect(plain.body.toString()).toBe(html);
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzipped.body).toString()).toBe(html);
      expect(gzipped.headers.etag).toBe(first.headers.get("etag"));
      expect(plain.headers["content-length"]).toBe(String(Buffer.byteLength(html)));
      expect((await rawGet(target, { "if-none-match": first.headers.get("etag")! })).status).toBe(304);
    }
  });
});
