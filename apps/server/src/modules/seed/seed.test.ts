import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { findFfmpeg } from "../media/ffmpeg.ts";
import { createMediaContext, mediaJobKinds } from "../media/media-jobs.ts";
import { runNextJob } from "../media/queue.ts";
import { DEMO_CATEGORY_ROWS, DEMO_PRODUCTS } from "./demo-data.ts";
import { demoId } from "./demo-id.ts";
import { seedDemoCatalogue, seedOnFirstStart } from "./seed.ts";

const ffmpeg = await findFfmpeg(process.env.FFMPEG_PATH);

async function counts(server: TestServer) {
  const { rows } = await sql<Record<string, number>>`select
      (select count(*)::int from brands) as brands,
      (select count(*)::int from categories) as categories,
      (select count(*)::int from marketplaces) as marketplaces,
      (select count(*)::int from products where status = 'active') as products,
      (select count(*)::int from reviews) as reviews,
      (select count(*)::int from product_media) as media,
      (select count(*)::int from media_jobs) as jobs`.execute(server.deps.database.db);
  return rows[0]!;
}

describe("demo catalogue seed", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const db = () => server.deps.database.db;

  it("does nothing on first start when SEED_DEMO=false", async () => {
    expect(server.deps.config.seedDemo).toBe(false);
    expect(await seedOnFirstStart(server.deps)).toBeNull();
    expect((await counts(server)).products).toBe(0);
  });

  // On a cold media cache this renders every demo photo (about a hundred sharp renders).
  it("creates 5 brands, the 12 spec categories plus other, 30 active products (10 filmed), marketplaces with flags", { timeout: 120_000 }, async () => {
    const result = await seedDemoCatalogue(server.deps);
    // Only the ten filmed products queue videos (two each): the other twenty are photographed only.
    expect(result).toMatchObject({ created: true, products: 30, videoJobs: ffmpeg ? 20 : 0 });
    const c = await counts(server);
    expect(c).toMatchObject({ brands: 5, categories: 13, marketplaces: 4, products: 30, jobs: ffmpeg ? 20 : 0 });
    const categories = await db().selectFrom("categories").select("name").execute();
    expect(categories.map((row) => row.name).sort()).toEqual([...DEMO_CATEGORY_ROWS].sort());

    for (const marketplace of await db().selectFrom("marketplaces").selectAll().execute()) {
      expect(marketplace.tagline).toBeTruthy();
      const flag = await server.request(marketplace.flag_url);
      expect(flag.status).toBe(200);
      expect(flag.headers.get("content-type")).toBe("image/svg+xml");
      expect(await flag.text()).toContain("<svg");
    }
    for (const brand of await db().selectFrom("brands").selectAll().execute()) {
      expect(await (await server.request(brand.logo_url!)).text()).toContain("<svg");
      const cover = await server.request(brand.cover_image_url!);
      expect(cover.headers.get("content-type")).toBe("image/jpeg");
      expect(await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 400 });
    }
  });

  it("gives every product variants, highlights, 3-5 reviews with consistent rating totals, 3+ listings and media", async () => {
    const products = await db().selectFrom("products").selectAll().orderBy("created_at", "desc").execute();
    expect(new Set(products.map((p) => p.created_at.getTime())).size).toBe(30);
    // The filmed ten are the newest, so they lead every list (the catalogue, Explore's rows, search ties).
    const filmed = new Set(DEMO_PRODUCTS.filter((p) => p.video).map((p) => demoId("product", p.key)));
    expect(products.slice(0, 10).every((p) => filmed.has(p.id))).toBe(true);
    for (const product of products) {
      const reviews = await db().selectFrom("reviews").select(["rating", "created_at"]).where("product_id", "=", product.id).execute();
      expect(reviews.every((r) => r.created_at.getTime() < Date.now() && r.created_at > product.created_at)).toBe(true);
      expect(reviews.length).toBeGreaterThanOrEqual(3);
      expect(reviews.length).toBeLessThanOrEqual(5);
      expect(reviews.every((r) => r.rating >= 3 && r.rating <= 5)).toBe(true);
      expect(product.review_count).toBe(reviews.length);
      expect(product.rating_sum).toBe(reviews.reduce((sum, r) => sum + r.rating, 0));
      const listings = await db().selectFrom("marketplace_listings").select("marketplace_id").where("product_id", "=", product.id).execute();
      expect(listings.length).toBeGreaterThanOrEqual(3);
      const variants = await db().selectFrom("product_variants").selectAll().where("product_id", "=", product.id).execute();
      expect(variants.length).toBeGreaterThan(0);
      expect(variants.every((v) => /^#[0-9a-f]{6}$/i.test(v.color_hex ?? ""))).toBe(true);
      expect(await db().selectFrom("product_highlights").select("id").where("product_id", "=", product.id).execute()).not.toHaveLength(0);
      expect(product.description.length).toBeGreaterThan(20);
      expect(Object.keys(product.specifications).length).toBeGreaterThan(0);

      const media = await db().selectFrom("product_media").selectAll().where("product_id", "=", product.id).orderBy("display_order").execute();
      const images = media.filter((m) => m.type === "image");
      // Front, angle and (filmed products) close-up, plus the front in every other variant colour;
      // each variant shows its colour's photo.
      const colours = new Set(variants.map((v) => v.color_hex));
      expect(images).toHaveLength((filmed.has(product.id) ? 2 : 1) + colours.size);
      expect(new Set(images.map((image) => image.url)).size).toBe(images.length);
      expect(product.thumbnail_url).toBe(images[0]!.url);
      expect(images[0]!.is_cover).toBe(true);
      expect(variants.every((v) => images.some((image) => image.url === v.image_url))).toBe(true);
      const photo = await server.request(images[1]!.url);
      expect(photo.headers.get("content-type")).toBe("image/jpeg");
      expect(await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).toMatchObject({ width: 900, height: 900 });
      if (!filmed.has(product.id)) {
        // Photographed only: no video rows, and the cover photo is the main media.
        expect(media.filter((m) => m.type === "video")).toHaveLength(0);
        expect(images.filter((image) => image.is_main).map((image) => image.url)).toEqual([product.thumbnail_url]);
      } else if (ffmpeg) {
        const videos = media.filter((m) => m.type === "video");
        expect(videos.map((v) => v.category).sort()).toEqual(["product", "ugc"]);
        // Until its job runs, a video row shows a generated card.
        expect(videos.every((v) => v.status === "processing" && v.thumbnail_url?.endsWith(".jpg"))).toBe(true);
        const jobs = await db().selectFrom("media_jobs").select("payload").execute();
        const specs = jobs.map((job) => job.payload.spec as { style: string; callouts: string[] }).filter((_, i) => (jobs[i]!.payload.productId as string) === product.id);
        expect(specs.map((spec) => spec.style).sort()).toEqual(["handheld", "studio"]);
        // No price or title is drawn into any media: the app shows those.
        expect(specs.flatMap((spec) => spec.callouts).some((text) => text.includes("₹") || text.includes(product.title))).toBe(false);
      }
    }
    expect(await db().selectFrom("product_promotions").select("id").execute()).not.toHaveLength(0);
  });

  it("fills Explore's rows: every category in use has 3+ products, 2+ in every marketplace, each with its own photos", async () => {
    const rows = await db()
      .selectFrom("products as p")
      .innerJoin("marketplace_listings as l", "l.product_id", "p.id")
      .select(["p.category", "l.marketplace_id", (eb) => eb.fn.count<number>("p.id").as("products")])
      .groupBy(["p.category", "l.marketplace_id"])
      .execute();
    const categories = new Set(DEMO_PRODUCTS.map((p) => p.category));
    expect(categories.size).toBe(10);
    for (const category of categories) {
      expect(DEMO_PRODUCTS.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(3);
      const perMarketplace = rows.filter((row) => row.category === category);
      expect(perMarketplace, category).toHaveLength(4);
      expect(perMarketplace.every((row) => Number(row.products) >= 2), category).toBe(true);
    }
    // Titles and photos are the product's own: no two products share a title or a stored image file.
    expect(new Set(DEMO_PRODUCTS.map((p) => p.title)).size).toBe(30);
    const images = await db().selectFrom("product_media").select("url").where("type", "=", "image").execute();
    expect(new Set(images.map((image) => image.url)).size).toBe(images.length);
  });

  it.skipIf(!ffmpeg)("queues every main product video before the UGC videos", async () => {
    const jobs = await db().selectFrom("media_jobs").select("payload").orderBy("run_after").execute();
    expect(jobs.map((job) => job.payload.isMain)).toEqual([...Array(10).fill(true), ...Array(10).fill(false)]);
  });

  it("is idempotent: a second run adds nothing", async () => {
    const before = await counts(server);
    const result = await seedDemoCatalogue(server.deps);
    expect(result.created).toBe(false);
    expect(await counts(server)).toEqual(before);
  });

  it("adds the photographed products to a store seeded without them, and nothing else", async () => {
    const before = await counts(server);
    const photographed = DEMO_PRODUCTS.filter((p) => !p.video).map((p) => demoId("product", p.key));
    await db().deleteFrom("products").where("id", "in", photographed).execute();
    expect((await counts(server)).products).toBe(10);
    const result = await seedDemoCatalogue(server.deps);
    expect(result).toMatchObject({ created: true, products: 20, videoJobs: 0 });
    expect(await counts(server)).toEqual(before);
  });

  it.skipIf(!ffmpeg)("a video job publishes the optimized renditions and poster, served with Range support", { timeout: 180_000 }, async () => {
    const kinds = mediaJobKinds(createMediaContext(server.deps));
    expect(await runNextJob(db(), kinds, createLogger({ logLevel: "silent" }))).toBe(true);
    // The attempt's outcome first, so a failed encode fails here with ffmpeg's own words.
    const attempted = await db().selectFrom("media_jobs").select(["status", "last_error"]).where("attempts", ">", 0).execute();
    expect(attempted).toEqual([{ status: "done", last_error: null }]);
    const video = await db().selectFrom("product_media").selectAll().where("status", "=", "ready").where("type", "=", "video").executeTakeFirstOrThrow();
    expect(video.url).toContain("/optimized-");
    expect(video.url).toMatch(/-720\.mp4$/);
    expect(video.thumbnail_url).toBe(video.url.replace(/\.mp4$/, "-thumbnail.jpg"));
    const renditions = await db().selectFrom("media_renditions").selectAll().where("media_id", "=", video.id).orderBy("height").execute();
    expect(renditions.map((r) => [r.width, r.height])).toEqual([[240, 426], [480, 854], [720, 1280]]);
    const product = await db().selectFrom("products").select("video_url").where("id", "=", video.product_id).executeTakeFirstOrThrow();
    expect(product.video_url).toBe(video.url);

    const ranged = await server.request(video.url, { headers: { range: "bytes=0-1023" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("video/mp4");
    expect(ranged.headers.get("content-range")).toMatch(/^bytes 0-1023\/\d+$/);
    expect((await ranged.arrayBuffer()).byteLength).toBe(1024);
    const poster = await server.request(video.thumbnail_url!);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    for (const rendition of renditions) expect((await server.request(rendition.url, { method: "HEAD" })).status).toBe(200);
  });
});
