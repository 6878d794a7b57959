import { type Insertable, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { buildAuthOptions } from "../../modules/auth/auth-options.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import type { Database } from "../database.ts";
import { migrateToLatest, migrateUpTo } from "../migrate.ts";
import type { ProductMediaTable } from "../schema.ts";

// Decision 207: products.thumbnail_url is the product's picture by one rule over its media, kept
// by triggers whoever writes the media: the cover image, else the first ready image in display
// order, else the main video's poster, else the first ready video's poster (the owner's before
// shoppers'); nothing when the product has none of these.
describe("migration 0207 (a product's picture follows its media)", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase({ migrated: true });
  });
  afterAll(() => database?.close());

  const db = () => database.db;
  const newProduct = async () =>
    (await db().insertInto("products").values({ title: "Lamp", price: "999.00", discount_percentage: "0", specifications: "{}" }).returning("id").executeTakeFirstOrThrow()).id;
  const pictureOf = async (productId: string) => (await db().selectFrom("products").select("thumbnail_url").where("id", "=", productId).executeTakeFirstOrThrow()).thumbnail_url;
  let files = 0;
  /** A media row as the upload pipeline leaves it once processed (status 'ready' unless given). */
  const addMedia = async (productId: string, type: "image" | "video", columns: Partial<Insertable<ProductMediaTable>> = {}) => {
    const name = `file-${(files += 1)}`;
    const row = await db()
      .insertInto("product_media")
      .values({
        product_id: productId,
        type,
        url: type === "image" ? `/media/product-media/${name}-1080.webp` : `/media/product-media/${name}-720.mp4`,
        thumbnail_url: type === "image" ? `/media/product-media/${name}-320.webp` : `/media/product-media/${name}-720-thumbnail.jpg`,
        metadata: "{}",
        ...columns,
      })
      .returning(["id", "url", "thumbnail_url"])
      .executeTakeFirstOrThrow();
    return row;
  };
  const setMedia = (id: string, columns: Partial<Insertable<ProductMediaTable>>) => db().updateTable("product_media").set(columns).where("id", "=", id).execute();

  it("is nothing without ready media, a video's poster, then an image, in display order unless one is the cover", async () => {
    const product = await newProduct();
    const uploading = await addMedia(product, "video", { url: "", thumbnail_url: null, status: "processing", is_main: true });
    expect(await pictureOf(product)).toBeNull();

    await setMedia(uploading.id, { url: "/media/product-media/clip-720.mp4", thumbnail_url: "/media/product-media/clip-720-thumbnail.jpg", status: "ready" });
    expect(await pictureOf(product)).toBe("/media/product-media/clip-720-thumbnail.jpg");
    // A shopper's approved video, earlier in the list, does not take the owner's main video's place.
    await addMedia(product, "video", { category: "ugc", display_order: -1 });
    expect(await pictureOf(product)).toBe("/media/product-media/clip-720-thumbnail.jpg");

    const failed = await addMedia(product, "image", { status: "failed", display_order: 0 });
    expect(await pictureOf(product)).toBe("/media/product-media/clip-720-thumbnail.jpg");
    const second = await addMedia(product, "image", { display_order: 2 });
    expect(await pictureOf(product)).toBe(second.url);
    const first = await addMedia(product, "image", { display_order: 1 });
    expect(await pictureOf(product)).toBe(first.url);
    await setMedia(failed.id, { status: "ready" });
    expect(await pictureOf(product)).toBe(failed.url);

    // Reordered, made the cover, the cover taken back.
    await setMedia(failed.id, { display_order: 3 });
    expect(await pictureOf(product)).toBe(first.url);
    await setMedia(second.id, { is_cover: true });
    expect(await pictureOf(product)).toBe(second.url);
    await setMedia(second.id, { is_cover: false });
    expect(await pictureOf(product)).toBe(first.url);

    // Removed one by one, back to the video's poster, then nothing.
    await db().deleteFrom("product_media").where("type", "=", "image").where("product_id", "=", product).execute();
    expect(await pictureOf(product)).toBe("/media/product-media/clip-720-thumbnail.jpg");
    await db().deleteFrom("product_media").where("product_id", "=", product).execute();
    expect(await pictureOf(product)).toBeNull();
  });

  it("follows an image moved to another product on both, and goes with a deleted product", async () => {
    const [from, to] = [await newProduct(), await newProduct()];
    const image = await addMedia(from, "image");
    await addMedia(to, "video");
    await setMedia(image.id, { product_id: to, is_cover: true });
    expect([await pictureOf(from), await pictureOf(to)]).toEqual([null, image.url]);
    await db().deleteFrom("products").where("id", "=", to).execute();
    expect(await db().selectFrom("product_media").select("id").where("product_id", "=", to).execute()).toEqual([]);
  });

  it("leaves the product row alone when a like, a view or a title changes, or the picture stays the same", async () => {
    const product = await newProduct();
    const video = await addMedia(product, "video");
    await db().updateTable("products").set({ updated_at: new Date("2020-01-01T00:00:00Z") }).where("id", "=", product).execute();
    await setMedia(video.id, { like_count: 3, view_count: 40, title: "Lamp at night" });
    await addMedia(product, "video", { display_order: 5 });
    const row = await db().selectFrom("products").select(["thumbnail_url", "updated_at"]).where("id", "=", product).executeTakeFirstOrThrow();
    expect(row).toEqual({ thumbnail_url: video.thumbnail_url, updated_at: new Date("2020-01-01T00:00:00Z") });
  });

  it("is nothing for any product once the media are truncated", async () => {
    const product = await newProduct();
    await addMedia(product, "image");
    await sql`truncate product_media cascade`.execute(db());
    expect(await pictureOf(product)).toBeNull();
  });

  it("gives the products made before it their picture, and the demo's stays its cover photo", { timeout: 90_000 }, async () => {
    const older = await openTestDatabase();
    try {
      const authOptions = buildAuthOptions({ config: loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent" }), database: older, secret: "test-secret-test-secret-test-secret-0123" });
      await migrateUpTo(older, authOptions, "0106_cart_versions");
      const insertProduct = async (thumbnail: string | null) =>
        (await older.db.insertInto("products").values({ title: "Kettle", price: "10.00", discount_percentage: "0", specifications: "{}", thumbnail_url: thumbnail }).returning("id").executeTakeFirstOrThrow()).id;
      // An owner's product as the admin left it, without a picture; a demo product as the seed wrote it.
      const owners = await insertProduct(null);
      const demo = await insertProduct("/media/demo/front.webp");
      await older.db
        .insertInto("product_media")
        .values([
          { product_id: owners, type: "video", url: "/media/o-720.mp4", thumbnail_url: "/media/o-720-thumbnail.jpg", is_main: true, metadata: "{}" },
          { product_id: demo, type: "image", url: "/media/demo/front.webp", thumbnail_url: "/media/demo/front.webp", is_cover: true, display_order: 1, metadata: "{}" },
          { product_id: demo, type: "image", url: "/media/demo/angle.webp", thumbnail_url: "/media/demo/angle.webp", display_order: 2, metadata: "{}" },
          { product_id: demo, type: "video", url: "", thumbnail_url: "/media/demo/stand-in.webp", status: "processing", display_order: 0, metadata: "{}" },
        ])
        .execute();
      await migrateToLatest(older, authOptions);
      const pictures = await older.db.selectFrom("products").select(["id", "thumbnail_url"]).where("id", "in", [owners, demo]).execute();
      expect(Object.fromEntries(pictures.map((row) => [row.id, row.thumbnail_url]))).toEqual({ [owners]: "/media/o-720-thumbnail.jpg", [demo]: "/media/demo/front.webp" });
    } finally {
      await older.close();
    }
  });
});
