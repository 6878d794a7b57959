import type { ErrorBody } from "@reelmart/core/api/errors";
import type { ReviewCreated, ReviewList } from "@reelmart/core/api/reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";


describe("reviews API", () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let productId: string;

  const post = <T = ReviewCreated>(user: TestUser | null, id: string, body: unknown) =>
    server.json<T>(`/api/products/${id}/reviews`, {
      method: "POST",
      headers: { ...(user?.headers ?? {}), "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer();
    productId = (await createProduct(server.deps.database.db)).id;
    alice = await signUpUser(server, { name: "Alice" });
    bob = await signUpUser(server, { name: "Bob" });
  });
  afterAll(() => server.close());

  it("lists no reviews with the default 4.5 rating", async () => {
    const { status, body } = await server.json<ReviewList>(`/api/products/${productId}/reviews`);
    expect(status).toBe(200);
    expect(body).toEqual({ items: [], rating: 4.5, reviews: 0, viewerHasReviewed: false });
    const product = await server.json<{ rating: number; reviews: number }>(`/api/products/${productId}`);
    expect(product.body).toMatchObject({ rating: 4.5, reviews: 0 });
  });

  it("requires sign-in to write, before validating the body", async () => {
    const { status } = await post<ErrorBody>(null, productId, { rating: 9 });
    expect(status).toBe(401);
  });

  it("validates rating and text, naming the field", async () => {
    for (const [body, field] of [
      [{ rating: 0 }, "rating"],
      [{ rating: 6 }, "rating"],
      [{ rating: 4.5 }, "rating"],
      [{ rating: 4, body: "x".repeat(2001) }, "body"],
    ] as const) {
      const reply = await post<ErrorBody>(alice, productId, body);
      expect(reply.status).toBe(400);
      expect(reply.body.error.field).toBe(field);
    }
  });

  it("writes a review and updates the product's rating and count together", async () => {
    const first = await post(alice, productId, { rating: 5, body: "  Love it  " });
    expect(first.status).toBe(201);
    expect(first.body.review).toMatchObject({ authorName: "Alice", rating: 5, body: "Love it", isMine: true });
    expect(first.body).toMatchObject({ rating: 5, reviews: 1 });
    const second = await post(bob, productId, { rating: 2 });
    expect(second.body).toMatchObject({ rating: 3.5, reviews: 2 });

    const list = await server.json<ReviewList>(`/api/products/${productId}/reviews`, { headers: alice.headers });
    expect(list.body.items.map((review) => [review.authorName, review.isMine])).toEqual([
      ["Bob", false],
      ["Alice", true],
    ]);
    expect(list.body).toMatchObject({ rating: 3.5, reviews: 2, viewerHasReviewed: true });
    const product = await server.json<{ rating: number; reviews: number }>(`/api/products/${productId}`);
    expect(product.body).toMatchObject({ rating: 3.5, reviews: 2 });
  });

  it("allows one review per user per product: 409, even when racing, and the counters stay right", async () => {
    const again = await post<ErrorBody>(alice, productId, { rating: 1 });
    expect(again.status).toBe(409);
    const other = (await createProduct(server.deps.database.db)).id;
    const replies = await Promise.all(Array.from({ length: 5 }, () => post<ErrorBody>(alice, other, { rating: 3 })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const list = await server.json<ReviewList>(`/api/products/${other}/reviews`);
    expect(list.body).toMatchObject({ rating: 3, reviews: 1 });
  });

  it("answers 404 for unknown or inactive products and 400 for malformed ids", async () => {
    expect((await server.json(`/api/products/${crypto.randomUUID()}/reviews`)).status).toBe(404);
    const draft = (await createProduct(server.deps.database.db, { status: "draft" })).id;
    expect((await post(alice, draft, { rating: 4 })).status).toBe(404);
    const bad = await server.json<ErrorBody>("/api/products/nope/reviews");
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("id");
  });
});
