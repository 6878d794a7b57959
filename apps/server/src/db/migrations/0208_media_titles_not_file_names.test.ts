import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { buildAuthOptions } from "../../modules/auth/auth-options.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { migrateToLatest, migrateUpTo } from "../migrate.ts";

// Decision 209: uploads titled with their file's name before it lose that title and go by their
// product's; titles people typed, and media nobody uploaded (the demo's), keep theirs.
describe("migration 0208 (media titles that were file names)", () => {
  it("clears file names from uploaded media and submissions, and nothing else", { timeout: 90_000 }, async () => {
    const older = await openTestDatabase();
    try {
      const authOptions = buildAuthOptions({ config: loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent" }), database: older, secret: "test-secret-test-secret-test-secret-0123" });
      await migrateUpTo(older, authOptions, "0207_product_picture");
      await older.db.insertInto("user").values({ id: "shopper-before-0208", name: "Asha", email: "asha@example.test", emailVerified: true, image: null, createdAt: new Date(), updatedAt: new Date() }).execute();
      const { id: productId } = await older.db.insertInto("products").values({ title: "Stool", price: "10.00", discount_percentage: "0", specifications: "{}" }).returning("id").executeTakeFirstOrThrow();
      const media = (title: string, metadata: object) => ({ product_id: productId, url: `/media/${title}`, title, metadata: JSON.stringify(metadata) });
      await older.db
        .insertInto("product_media")
        .values([
          media("clip.mp4", { uploadedBy: "owner" }),
          media("IMG_2041.HEIC", { uploadedBy: "owner" }),
          media("VID_0001.mov", { submissionId: "a-submission" }),
          media("The stool, unboxed", { uploadedBy: "owner" }),
          media("Stool in action", {}),
          media("front.webp", {}),
        ])
        .execute();
      await older.db
        .insertInto("media_submissions")
        .values([
          { user_id: "shopper-before-0208", product_id: productId, title: "PXL_2024.mp4" },
          { user_id: "shopper-before-0208", product_id: productId, title: "My stool" },
        ])
        .execute();
      await migrateToLatest(older, authOptions);
      const titles = async (table: "product_media" | "media_submissions") => (await older.db.selectFrom(table).select("title").execute()).map((row) => row.title ?? "(none)").sort();
      expect(await titles("product_media")).toEqual(["(none)", "(none)", "(none)", "Stool in action", "The stool, unboxed", "front.webp"]);
      expect(await titles("media_submissions")).toEqual(["(none)", "My stool"]);
    } finally {
      await older.close();
    }
  });
});
