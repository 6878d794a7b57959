import type { Review, ReviewCreated, ReviewList } from "@reelmart/core/api/reviews";
import { REVIEW_LIST_LIMIT } from "@reelmart/core/api/reviews";
import type { Kysely, Selectable } from "kysely";
import type { DB, ReviewsTable } from "../../db/schema.ts";
import type { Viewer } from "../../shared/viewer.ts";
import { conflict, notFound } from "../../shared/errors.ts";
import { productRating } from "../catalog/catalog.mappers.ts";

function toReview(row: Selectable<ReviewsTable>, viewerId: string | null): Review {
  return {
    id: row.id,
    productId: row.product_id,
    authorName: row.author_name,
    rating: row.rating,
    body: row.body,
    createdAt: row.created_at.toISOString(),
    isMine: viewerId !== null && row.user_id === viewerId,
  };
}

async function activeProduct(db: Kysely<DB>, productId: string) {
  const product = await db
    .selectFrom("products")
    .select(["rating_sum", "review_count"])
    .where("id", "=", productId)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (!product) throw notFound(`Product with ID ${productId} not found`);
  return product;
}

export async function listReviews(db: Kysely<DB>, productId: string, viewerId: string | null): Promise<ReviewList> {
  const product = await activeProduct(db, productId);
  const [rows, mine] = await Promise.all([
    db
      .selectFrom("reviews")
      .selectAll()
      .where("product_id", "=", productId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(REVIEW_LIST_LIMIT)
      .execute(),
    viewerId
      ? db.selectFrom("reviews").select("id").where("product_id", "=", productId).where("user_id", "=", viewerId).executeTakeFirst()
      : undefined,
  ]);
  return {
    items: rows.map((row) => toReview(row, viewerId)),
    rating: productRating(product.rating_sum, product.review_count),
    reviews: product.review_count,
    viewerHasReviewed: mine !== undefined,
  };
}

/** The name shown on a review: the profile's first and last name, else the account name, else 'Anonymous'. */
async function authorName(db: Kysely<DB>, viewer: Viewer): Promise<string> {
  const profile = await db.selectFrom("profiles").select(["first_name", "last_name"]).where("id", "=", viewer.userId).executeTakeFirst();
  const full = [profile?.first_name, profile?.last_name].filter(Boolean).join(" ").trim();
  return full || viewer.name.trim() || "Anonymous";
}

/**
 * One review per user per product (unique constraint); the review row and the product's
 * rating_sum/review_count change in one transaction, so the average never drifts from the rows.
 */
export async function createReview(
  db: Kysely<DB>,
  productId: string,
  viewer: Viewer,
  input: { rating: number; body: string },
): Promise<ReviewCreated> {
  await activeProduct(db, productId);
  const name = await authorName(db, viewer);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("reviews")
      .values({ product_id: productId, user_id: viewer.userId, author_name: name, rating: input.rating, body: input.body })
      .onConflict((oc) => oc.columns(["product_id", "user_id"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw conflict("You have already reviewed this product");
    const product = await trx
      .updateTable("products")
      .set((eb) => ({ rating_sum: eb("rating_sum", "+", input.rating), review_count: eb("review_count", "+", 1) }))
      .where("id", "=", productId)
      .returning(["rating_sum", "review_count"])
      .executeTakeFirstOrThrow();
    return {
      review: toReview(row, viewer.userId),
      rating: productRating(product.rating_sum, product.review_count),
      reviews: product.review_count,
    };
  });
}
