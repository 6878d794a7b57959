// The demo products' rows: product, listings, highlights, promotion, variants, reviews and media, dated
// newest first in the data file's order, and the filmed products' videos queued for the media workers.
import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import { DEMO_VIDEO_JOB, type DemoVideoPayload } from "../media/media-jobs.ts";
import type { Ffmpeg } from "../media/ffmpeg.ts";
import { enqueueJob } from "../media/queue.ts";
import type { DemoFiles } from "./demo-files.ts";
import { demoId } from "./demo-id.ts";
import { DEMO_PRODUCTS, type DemoProduct } from "./demo-data.ts";
import { type IconNode, backdropSvg, productArtSvg, studioTint } from "./product-art.ts";

const PRODUCT_VIDEO_SECONDS = 8;
const UGC_VIDEO_SECONDS = 6;
const DAY = 86_400_000;
/** The catalogue is dated this far back, so its reviews (a few days after each product) are in the past. */
const CATALOGUE_AGE_DAYS = 40;

/** Inserts products with their rows and media and queues their videos; resolves to the number of video jobs. */
export async function insertDemoProducts(trx: Transaction<DB>, products: DemoProduct[], files: DemoFiles, ffmpeg: Ffmpeg | null, now: number): Promise<number> {
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
