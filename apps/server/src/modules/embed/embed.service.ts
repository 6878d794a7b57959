import type { Media, ProductSummary } from "@reelmart/core/api/catalog";
import type { EmbedTarget } from "@reelmart/core/embed";
import { isUuid } from "@reelmart/core/ids";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { activeProducts } from "../catalog/catalog.scope.ts";
import { withMedia } from "../catalog/product-media.service.ts";

// What an embed shows (decision 165): the ready videos of one medium, one product or one brand's
// active products, each with the product it sells. The same reads as the public catalogue
// (activeProducts, ready videos only), so an embed never shows what the store itself hides.

/** One video of an embed and the product its card sells. */
export interface EmbedVideo {
  media: Media;
  product: ProductSummary;
}

export interface EmbedContent {
  /** The page's and the oEmbed answer's title. */
  title: string;
  /** The brand behind it, when there is one (oEmbed author). */
  brand: { id: string; name: string } | null;
  videos: EmbedVideo[];
}

/** A brand's embed shows at most this many videos (newest products first); a frame is not a catalogue. */
const MAX_VIDEOS = 24;

function videosOf(products: ProductSummary[], only?: string): EmbedVideo[] {
  return products
    .flatMap((product) => product.media.filter((media) => !only || media.id === only).map((media) => ({ media, product })))
    .slice(0, MAX_VIDEOS);
}

/** The content of an embed, or null when its id names nothing the store shows. */
export async function embedContent(db: Kysely<DB>, target: EmbedTarget): Promise<EmbedContent | null> {
  if (!isUuid(target.id)) return null;
  if (target.kind === "brand") {
    const brand = await db.selectFrom("brands").select(["id", "name"]).where("id", "=", target.id).executeTakeFirst();
    if (!brand) return null;
    const rows = await activeProducts(db).where("p.brand_id", "=", brand.id).orderBy("p.created_at", "desc").orderBy("p.id", "desc").limit(MAX_VIDEOS).execute();
    return { title: brand.name, brand, videos: videosOf(await withMedia(db, rows, "ready-videos")) };
  }
  let productId = target.id;
  if (target.kind === "v") {
    const media = await db.selectFrom("product_media").select("product_id").where("id", "=", target.id).executeTakeFirst();
    if (!media) return null;
    productId = media.product_id;
  }
  const rows = await activeProducts(db).where("p.id", "=", productId).execute();
  const [product] = await withMedia(db, rows, "ready-videos");
  if (!product) return null;
  const videos = videosOf([product], target.kind === "v" ? target.id : undefined);
  // A single video that is not (or no longer) a ready video of an active product is unknown.
  if (target.kind === "v" && !videos.length) return null;
  const brand = product.brand ? { id: product.brand.id, name: product.brand.name } : null;
  const title = target.kind === "v" ? (videos[0]?.media.title ?? product.title) : product.title;
  return { title, brand, videos };
}
