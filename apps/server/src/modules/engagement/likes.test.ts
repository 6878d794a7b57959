import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpMany, signUpUser } from "../../testing/users.ts";

const likeCount = async (server: TestServer, mediaId: string) =>
  (await server.deps.database.db.selectFrom("product_media").select("like_count").where("id", "=", mediaId).executeTakeFirstOrThrow())
    .like_count;

describe("likes", () => {
  let server: TestServer;
  let mediaId: string;
  let alice: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    const product = await createProduct(server.deps.database.db);
    mediaId = (await createMedia(server.deps.database.db, product.id)).id;
    alice = await signUpUser(server);
  });
  afterAll(() => server.close());

  it("refuses anonymous likes with 401 and leaves the count alone", async () => {
    const { status, body } = await server.json<{ error: { code: string } }>(`/api/media/${mediaId}/like`, { method: "PUT" });
    expect(status).toBe(401);
    expect(body.error.code).toBe("unauthenticated");
    expect(await likeCount(server, mediaId)).toBe(0);
  });

  it("is idempotent: liking twice is one like, unliking twice removes it once", async () => {
    const like = () => server.json<{ liked: boolean; likeCount: number }>(`/api/media/${mediaId}/like`, { method: "PUT", headers: alice.headers });
    expect((await like()).body).toEqual({ liked: true, likeCount: 1 });
    expect((await like()).body).toEqual({ liked: true, likeCount: 1 });
    const engagement = await server.json<{ likedByMe: boolean; likeCount: number }>(`/api/media/${mediaId}/engagement`, { headers: alice.headers });
    expect(engagement.body).toMatchObject({ likedByMe: true, likeCount: 1 });
    const unlike = () => server.json(`/api/media/${mediaId}/like`, { method: "DELETE", headers: alice.headers });
    expect((await unlike()).body).toEqual({ liked: false, likeCount: 0 });
    expect((await unlike()).body).toEqual({ liked: false, likeCount: 0 });
    expect(await likeCount(server, mediaId)).toBe(0);
  });

  it("answers malformed and unknown media ids with 400 and 404 naming the field", async () => {
    const malformed = await server.json<{ error: { field: string; message: string } }>("/api/media/not-a-uuid/like", { method: "PUT", headers: alice.headers });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ field: "id", message: "Invalid media ID" });
    const unknown = await server.json<{ error: { field: string } }>("/api/media/00000000-0000-4000-8000-000000000000/like", { method: "PUT", headers: alice.headers });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.field).toBe("id");
    expect((await server.request("/api/media/00000000-0000-4000-8000-000000000000/engagement")).status).toBe(404);
  });

  it("counts exactly when 200 users like at once and 100 of them unlike at once", async () => {
    const users = await signUpMany(server, 200);
    const likes = await Promise.all(users.map((user) => server.request(`/api/media/${mediaId}/like`, { method: "PUT", headers: user.headers })));
    expect(likes.every((response) => response.status === 200)).toBe(true);
    expect(await likeCount(server, mediaId)).toBe(200);
    const unlikes = await Promise.all(
      users.slice(0, 100).map((user) => server.request(`/api/media/${mediaId}/like`, { method: "DELETE", headers: user.headers })),
    );
    expect(unlikes.every((response) => response.status === 200)).toBe(true);
    expect(await likeCount(server, mediaId)).toBe(100);
    const rows = await server.deps.database.db.selectFrom("video_likes").select((eb) => eb.fn.countAll<number>().as("n")).where("media_id", "=", mediaId).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(100);
  }, 180_000);
});
