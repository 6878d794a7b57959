import { type Transaction, sql } from "kysely";
import type { AppDeps } from "../../context.ts";
import type { DB } from "../../db/schema.ts";
import { DEMO_VIDEO_JOB, type DemoVideoPayload } from "../media/media-jobs.ts";
import { FFMPEG_MISSING_MESSAGE, type Ffmpeg, findFfmpeg } from "../media/ffmpeg.ts";
import { enqueueJob } from "../media/queue.ts";
import { type DemoFiles, uploadDemoFiles } from "./demo-files.ts";
import { demoId } from "./demo-id.ts";
import { DEMO_BRANDS, DEMO_CATEGORY_ROWS, DEMO_MARKETPLACES, DEMO_PRODUCTS, type DemoProduct } from "./demo-data.ts";
import { type IconNode, backdropSvg, productArtSvg, studioTint } from "./product-art.ts";

export type SeedDeps = Pick<AppDeps, "config" | "database" | "storage" | "logger">;

export interface SeedResult {
  /** False when the demo catalogue was already there (nothing was added). */
  created: boolean;
  products: number;
  videoJobs: number;
  /** Why videos were left out, when they were. */
  videosSkipped?: string;
}

const PRODUCT_VIDEO_SECONDS = 8;
const UGC_VIDEO_SECONDS = 6;
const SEED_LOCK = "reelmart:demo-seed";
const DAY = 86_400_000;
/** The catalogue is dated this far back, so its reviews (a few days after each product) are in the past. */
const CATALOGUE_AGE_DAYS = 40;

export const DEMO_MARKER_BRAND_ID = demoId("brand", DEMO_BRANDS[0]!.key);

/** The filmed products come with the store; the photographed ones follow (decision 161). */
const FILMED = DEMO_PRODUCTS.filter((product) => product.video);
const PHOTOGRAPHED = DEMO_PRODUCTS.filter((product) => !product.video);
/** The first photographed product's id marks the second part as done. */
const PHOTOGRAPHED_MARKER_ID = demoId("product", PHOTOGRAPHED[0]!.key);

const alreadySeeded = (): SeedResult => ({ created: false, products: 0, videoJobs: 0 });

/**
 * Adds the demo catalogue unless it is already there, in two parts so the store is up as soon as
 * before: the marketplaces, brands and filmed products with their photos (a second or two), then
 * the photographed products once their photos are rendered (a few seconds more on a cold media
 * cache). Videos are background jobs whose rows show a generated card until the video is ready.
 * Safe to run concurrently from several processes (an advisory lock serialises each part).
 */
export async function seedDemoCatalogue(deps: SeedDeps): Promise<SeedResult> {
  const ffmpeg = await findFfmpeg(deps.config.ffmpegPath);
  const store = await seedStore(deps, ffmpeg);
  const more = await seedPhotographed(deps, ffmpeg);
  return {
    created: store.created || more.created,
    products: store.products + more.products,
    videoJobs: store.videoJobs + more.videoJobs,
    videosSkipped: store.videosSkipped ?? more.videosSkipped,
  };
}

async function seedStore(deps: SeedDeps, ffmpeg: Ffmpeg | null): Promise<SeedResult> {
  const { db } = deps.database;
  if (await markerExists(deps, "brands", DEMO_MARKER_BRAND_ID)) return alreadySeeded();
  if (!ffmpeg) deps.logger.warn(FFMPEG_MISSING_MESSAGE);
  const files = await uploadDemoFiles(deps, FILMED, { store: true });
  const now = Date.now();

  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${SEED_LOCK}))`.execute(trx);
    if (await trx.selectFrom("brands").select("id").where("id", "=", DEMO_MARKER_BRAND_ID).executeTakeFirst()) return alreadySeeded();

    await trx
      .insertInto("categories")
      .values(DEMO_CATEGORY_ROWS.map((name) => ({ name })))
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    await trx
      .insertInto("marketplaces")
      .values(
        DEMO_MARKETPLACES.map((marketplace, index) => ({
          id: demoId("marketplace", marketplace.key),
          name: marketplace.name,
          tagline: marketplace.tagline,
          flag_url: files.flags.get(marketplace.key)!,
          // The flag files are named by ISO country code; checkout applies that country's address rules.
          country_code: marketplace.flag.replace(".svg", "").toUpperCase(),
          display_order: index,
        })),
      )
      .execute();
    await trx
      .insertInto("brands")
      .values(
        DEMO_BRANDS.map((brand, index) => ({
          id: demoId("brand", brand.key),
          name: brand.name,
          description: brand.description,
          logo_url: files.logos.get(brand.key)!,
          cover_image_url: files.covers.get(brand.key)!,
          website_url: brand.websiteUrl,
          featured: brand.featured,
          created_at: new Date(now - index * 60_000),
        })),
      )
      .execute();

    const videoJobs = await insertDemoProducts(trx, FILMED, files, ffmpeg, now);
    return { created: true, products: FILMED.length, videoJobs, videosSkipped: ffmpeg ? undefined : FFMPEG_MISSING_MESSAGE };
  });
}

/**
 * The photographed products, once the store's part is there. On a store seeded before they existed
 * (`npm run seed`) they are added only while every demo brand and marketplace they use is still there.
 */
async function seedPhotographed(deps: SeedDeps, ffmpeg: Ffmpeg | null): Promise<SeedResult> {
  const { db } = deps.database;
  if (await markerExists(deps, "products", PHOTOGRAPHED_MARKER_ID)) return alreadySeeded();
  const [brands, marketplaces] = await Promise.all([
    db.selectFrom("brands").select("id").where("id", "in", DEMO_BRANDS.map((brand) => demoId("brand", brand.key))).execute(),
    db.selectFrom("marketplaces").select("id").where("id", "in", DEMO_MARKETPLACES.map((marketplace) => demoId("marketplace", marketplace.key))).execute(),
  ]);
  if (brands.length < DEMO_BRANDS.length || marketplaces.length < DEMO_MARKETPLACES.length) return alreadySeeded();
  const files = await uploadDemoFiles(deps, PHOTOGRAPHED, { store: false });
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${SEED_LOCK}))`.execute(trx);
    if (await trx.selectFrom("products").select("id").where("id", "=", PHOTOGRAPHED_MARKER_ID).executeTakeFirst()) return alreadySeeded();
    const videoJobs = await insertDemoProducts(trx, PHOTOGRAPHED, files, ffmpeg, now);
    return { created: true, products: PHOTOGRAPHED.length, videoJobs };
  });
}

/** Inserts products with their rows and media and queues their videos; resolves to the number of video jobs. */
async function insertDemoProducts(trx: Transaction<DB>, products: DemoProduct[], files: DemoFiles, ffmpeg: Ffmpeg | null, now: number): Promise<number> {
  let videoJobs = 0;
  for (const product of products) {
    // The position in the data file dates the product (newest first) and orders its video jobs.
    const index = DEMO_PRODUCTS.indexOf(product);
    const productId = demoId("product", product.key);
    const photos = files.photos.get(product.key)!;
    const front = photos[0]!.url;
    const createdAt = new Date(now - CATALOGUE_AGE_DAYS * DAY - index * 3_600_000); // newest first = the data file's order
    await trx
      .insertInto("products")
      .values({
        id: productId,
        title: product.title,
        description: product.description,
        price: product.price,
        discount_percentage: product.discountPercentage,
        category: product.category,
        stock: product.stock,
        status: "active",
        brand_id: demoId("brand", product.brand),
        specifications: JSON.stringify(product.specifications),
        rating_sum: product.reviews.reduce((sum, review) => sum + review.rating, 0),
        review_count: product.reviews.length,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
    await trx
      .insertInto("marketplace_listings")
      .values(product.marketplaces.map((key) => ({ product_id: productId, marketplace_id: demoId("marketplace", key) })))
      .execute();
    await trx
      .insertInto("product_highlights")
      .values(product.highlights.map((text, order) => ({ product_id: productId, text, display_order: order })))
      .execute();
    if (product.promotion) {
      await trx
        .insertInto("product_promotions")
        .values({
          product_id: productId,
          has_promotion: true,
          label: product.promotion.label,
          promo_end_date: new Date(now + product.promotion.endsInDays * 86_400_000),
        })
        .execute();
    }
    await trx
      .insertInto("product_variants")
      .values(
        product.variants.map((variant) => ({
          product_id: productId,
          size: variant.size ?? null,
          color: variant.color ?? null,
          color_hex: variant.colorHex ?? null,
          stock: variant.stock,
          price_adjustment: variant.priceAdjustment ?? "0",
          // The photo in the variant's colour (001 §3: a variant may carry its own image).
          image_url: photos.find((photo) => photo.color === variant.colorHex)?.url ?? null,
        })),
      )
      .execute();
    await trx
      .insertInto("reviews")
      .values(
        product.reviews.map((review, order) => ({
          product_id: productId,
          author_name: review.author,
          rating: review.rating,
          body: review.body,
          created_at: new Date(createdAt.getTime() + (order + 1) * 3 * DAY + index * 3_600_000),
        })),
      )
      .execute();

    const videos = ffmpeg && product.video ? demoVideos(product, product.video, productId, files.icons.get(product.key)!, { front, angle: photos[1]!.url }) : [];
    const images = photos.map((photo, order) => ({ id: demoId("media", `${product.key}/${photo.key}`), url: photo.url, isCover: order === 0 }));
    await trx
      .insertInto("product_media")
      .values([
        // Videos start as 'processing' with a generated card standing in, until their job is done.
        ...videos.map((video, order) => ({
          id: video.payload.mediaId,
          product_id: productId,
          url: video.standIn,
          thumbnail_url: video.standIn,
          type: "video" as const,
          category: video.category,
          title: video.title,
          duration: video.payload.spec.durationSeconds,
          is_main: video.payload.isMain,
          display_order: order,
          status: "processing" as const,
        })),
        ...images.map((image, order) => ({
          id: image.id,
          product_id: productId,
          url: image.url,
          thumbnail_url: image.url,
          type: "image" as const,
          category: "product" as const,
          title: product.title,
          is_cover: image.isCover,
          is_main: videos.length === 0 && image.isCover,
          display_order: videos.length + order,
        })),
      ])
      .execute();
    for (const [order, video] of videos.entries()) {
      // Every product's main video before any UGC video, newest product first: the feed's first
      // cards become playable soonest. (Rows in one transaction share now(), so order by run_after.)
      await enqueueJob(trx, DEMO_VIDEO_JOB, { ...video.payload }, new Date(now + order * DEMO_PRODUCTS.length + index));
      videoJobs++;
    }
  }
  return videoJobs;
}

/**
 * Seeds when SEED_DEMO allows it and the store has no products yet (the first start on an empty
 * database). Called after the server listens, so health checks answer while it runs.
 */
export async function seedOnFirstStart(deps: SeedDeps): Promise<SeedResult | null> {
  if (!deps.config.seedDemo) return null;
  const anyProduct = await deps.database.db.selectFrom("products").select("id").limit(1).executeTakeFirst();
  if (anyProduct) return null;
  const started = Date.now();
  const result = await seedDemoCatalogue(deps);
  if (result.created) {
    deps.logger.info({ products: result.products, videoJobs: result.videoJobs, ms: Date.now() - started }, "demo catalogue seeded; videos encode in the background");
  }
  return result;
}

async function markerExists(deps: SeedDeps, table: "brands" | "products", id: string): Promise<boolean> {
  return Boolean(await deps.database.db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst());
}

function demoVideos(product: DemoProduct, { toneHz }: { toneHz: number }, productId: string, icon: IconNode, standIns: { front: string; angle: string }) {
  const review = product.reviews[0]!;
  const color = product.variants[0]?.colorHex ?? product.colors[1];
  const [tint, accent] = product.colors;
  const video = (key: string, payload: Omit<DemoVideoPayload, "mediaId" | "productId">, extra: { category: "product" | "ugc"; title: string; standIn: string }) => ({
    ...extra,
    payload: { mediaId: demoId("media", `${product.key}/${key}`), productId, ...payload } satisfies DemoVideoPayload,
  });
  return [
    video(
      "video",
      {
        isMain: true,
        spec: {
          style: "studio",
          backdrop: backdropSvg("studio", studioTint(tint, color), 720, 1280),
          art: productArtSvg(icon, color, "front"),
          angleArt: productArtSvg(icon, color, "angle"),
          callouts: product.highlights.slice(0, 3),
          accent,
          durationSeconds: PRODUCT_VIDEO_SECONDS,
          toneHz,
        },
      },
      { category: "product", title: `${product.title} in action`, standIn: standIns.front },
    ),
    video(
      "ugc",
      {
        isMain: false,
        spec: {
          // A customer's own clip: the last variant (often another colour) on a table at home, in their words.
          style: "handheld",
          backdrop: backdropSvg("room", tint, 720, 1280),
          art: productArtSvg(icon, product.variants.at(-1)?.colorHex ?? color, "top"),
          angleArt: productArtSvg(icon, color, "angle"),
          callouts: [review.body],
          accent,
          durationSeconds: UGC_VIDEO_SECONDS,
          toneHz: Math.round(toneHz * 1.5),
        },
      },
      { category: "ugc", title: `${review.author} tried ${product.title}`, standIn: standIns.angle },
    ),
  ];
}
