import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatPrice } from "@reelmart/core/format";
import { sql } from "kysely";
import type { AppDeps } from "../../context.ts";
import { renderProductCard } from "../media/image.ts";
import { MediaCache } from "../media/cache.ts";
import { DEMO_VIDEO_JOB, type DemoVideoPayload, PRODUCT_MEDIA_BUCKET } from "../media/media-jobs.ts";
import { FFMPEG_MISSING_MESSAGE, findFfmpeg } from "../media/ffmpeg.ts";
import { enqueueJob } from "../media/queue.ts";
import { DEMO_BRANDS, DEMO_CATEGORY_ROWS, DEMO_MARKETPLACES, DEMO_PRODUCTS, type DemoProduct } from "./demo-data.ts";

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

/**
 * Stable ids for demo rows (UUID layout, version 5 bits, from a SHA-1 of kind and key): the same
 * product has the same id in every install, and the first brand's id doubles as the "already
 * seeded" marker.
 */
export function demoId(kind: string, key: string): string {
  const hex = createHash("sha1").update(`reelmart-demo/${kind}/${key}`).digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const DEMO_MARKER_BRAND_ID = demoId("brand", DEMO_BRANDS[0]!.key);

/**
 * Adds the demo catalogue unless it is already there: catalogue rows and images now (a second or
 * two), videos as background jobs whose rows show a generated card until the video is ready.
 * Safe to run concurrently from several processes (an advisory lock serialises them).
 */
export async function seedDemoCatalogue(deps: SeedDeps): Promise<SeedResult> {
  const { db } = deps.database;
  const alreadySeeded = () => ({ created: false, products: 0, videoJobs: 0 });
  if (await markerExists(deps)) return alreadySeeded();

  const ffmpeg = await findFfmpeg(deps.config.ffmpegPath);
  if (!ffmpeg) deps.logger.warn(FFMPEG_MISSING_MESSAGE);
  const files = await uploadDemoFiles(deps);
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
          website_url: brand.websiteUrl,
          featured: brand.featured,
          created_at: new Date(now - index * 60_000),
        })),
      )
      .execute();

    let videoJobs = 0;
    for (const [index, product] of DEMO_PRODUCTS.entries()) {
      const productId = demoId("product", product.key);
      const [front, detail] = files.cards.get(product.key)!;
      const createdAt = new Date(now - index * 3_600_000); // newest first = the data file's order
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
          thumbnail_url: front,
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
            image_url: null,
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
            created_at: new Date(createdAt.getTime() + (order + 1) * 86_400_000),
          })),
        )
        .execute();

      const videos = ffmpeg ? demoVideos(product, productId, { front, detail }) : [];
      const images = [
        { id: demoId("media", `${product.key}/front`), url: front, isCover: true },
        { id: demoId("media", `${product.key}/detail`), url: detail, isCover: false },
      ];
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
            is_main: !ffmpeg && image.isCover,
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
    return { created: true, products: DEMO_PRODUCTS.length, videoJobs, videosSkipped: ffmpeg ? undefined : FFMPEG_MISSING_MESSAGE };
  });
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

async function markerExists(deps: SeedDeps): Promise<boolean> {
  return Boolean(await deps.database.db.selectFrom("brands").select("id").where("id", "=", DEMO_MARKER_BRAND_ID).executeTakeFirst());
}

function demoVideos(product: DemoProduct, productId: string, cards: { front: string; detail: string }) {
  const review = product.reviews[0]!;
  const video = (key: string, payload: Omit<DemoVideoPayload, "mediaId" | "productId">, extra: { category: "product" | "ugc"; title: string; standIn: string }) => ({
    ...extra,
    payload: { mediaId: demoId("media", `${product.key}/${key}`), productId, ...payload } satisfies DemoVideoPayload,
  });
  return [
    video(
      "video",
      { isMain: true, spec: { title: product.title, caption: formatPrice(product.price), colors: product.colors, durationSeconds: PRODUCT_VIDEO_SECONDS, toneHz: product.toneHz } },
      { category: "product", title: `${product.title} in action`, standIn: cards.front },
    ),
    video(
      "ugc",
      {
        isMain: false,
        spec: {
          title: product.title,
          caption: `Customer video by ${review.author}`,
          colors: [product.colors[1], product.colors[0]],
          durationSeconds: UGC_VIDEO_SECONDS,
          toneHz: Math.round(product.toneHz * 1.5),
        },
      },
      { category: "ugc", title: `${review.author} tried ${product.title}`, standIn: cards.detail },
    ),
  ];
}

interface DemoFiles {
  flags: Map<string, string>;
  logos: Map<string, string>;
  /** Product key → [front card URL, detail card URL]. */
  cards: Map<string, [string, string]>;
}

/** Flags, logos and product cards into storage under content-hashed keys (re-uploading is harmless). */
async function uploadDemoFiles(deps: SeedDeps): Promise<DemoFiles> {
  const { storage } = deps;
  const cache = new MediaCache(deps.config.mediaCacheDir);
  const assets = assetsDir();
  const put = async (key: (hash: string) => string, body: Buffer, contentType: string) => {
    const fullKey = key(createHash("sha256").update(body).digest("hex").slice(0, 16));
    await storage.put(PRODUCT_MEDIA_BUCKET, fullKey, body, { contentType });
    return storage.publicUrl(PRODUCT_MEDIA_BUCKET, fullKey);
  };
  const svg = "image/svg+xml";
  const [flags, logos, cards] = await Promise.all([
    Promise.all(
      DEMO_MARKETPLACES.map(async (m) => [m.key, await put((h) => `marketplaces/flag-${m.key}-${h}.svg`, await readFile(path.join(assets, "flags", m.flag)), svg)] as const),
    ),
    Promise.all(
      DEMO_BRANDS.map(async (b) => [b.key, await put((h) => `brands/${demoId("brand", b.key)}/logo-${h}.svg`, await readFile(path.join(assets, "logos", b.logo)), svg)] as const),
    ),
    Promise.all(
      DEMO_PRODUCTS.map(async (product) => {
        const productId = demoId("product", product.key);
        const brand = DEMO_BRANDS.find((b) => b.key === product.brand)!;
        const urls = await Promise.all(
          (["front", "detail"] as const).map(async (layout) => {
            const file = await renderProductCard(cache, {
              title: product.title,
              caption: layout === "front" ? formatPrice(product.price) : product.highlights[0]!,
              label: `${brand.name} · ${product.category}`,
              colors: layout === "front" ? product.colors : [product.colors[1], product.colors[0]],
              layout,
            });
            return put((h) => `products/${productId}/image-${h}.jpg`, await readFile(file), "image/jpeg");
          }),
        );
        return [product.key, urls as [string, string]] as const;
      }),
    ),
  ]);
  return { flags: new Map(flags), logos: new Map(logos), cards: new Map(cards) };
}

/** The committed SVG assets, from source (tests, tsx) or from the bundle in apps/server/dist. */
function assetsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, "assets"), path.resolve(here, "../src/modules/seed/assets")];
  const found = candidates.find((dir) => existsSync(path.join(dir, "flags")));
  if (!found) throw new Error(`demo assets not found (looked in ${candidates.join(", ")})`);
  return found;
}
