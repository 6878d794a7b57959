import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";

interface CommentBody {
  id: string;
  userId: string;
  authorName: string;
  authorAvatar: string | null;
  comment: string;
  isEdited: boolean;
}

describe("comments", () => {
  let server: TestServer;
  let mediaId: string;
  let author: TestUser;
  let other: TestUser;
  let admin: TestUser;
  const post = (user: TestUser | null, body: unknown, target = mediaId) =>
    server.json<CommentBody & { error: { field?: string; code: string } }>(`/api/media/${target}/comments`, {
      method: "POST",
      headers: { "content-type": "application/json", ...user?.headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const commentCount = async () =>
    (await server.deps.database.db.selectFrom("product_media").select("comment_count").where("id", "=", mediaId).executeTakeFirstOrThrow())
      .comment_count;

  beforeAll(async () => {
    server = await startTestServer();
    const product = await createProduct(server.deps.database.db);
    mediaId = (await createMedia(server.deps.database.db, product.id)).id;
    author = await signUpUser(server, { name: "Asha Rao" });
    other = await signUpUser(server);
    admin = await signUpUser(server, { admin: true });
  });
  afterAll(() => server.close());

  it("posts trimmed comments with the author's name and lists them newest first", async () => {
    const first = await post(author, { comment: "  first!  " });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ comment: "first!", authorName: "Asha Rao", userId: author.id, isEdited: false });
    await post(author, { comment: "second" });
    const list = await server.json<{ items: CommentBody[]; nextCursor: string | null }>(`/api/media/${mediaId}/comments`);
    expect(list.body.items.map((c) => c.comment)).toEqual(["second", "first!"]);
    expect(await commentCount()).toBe(2);
  });

  it("pages with an opaque cursor without repeating or skipping", async () => {
    const page1 = await server.json<{ items: CommentBody[]; nextCursor: string }>(`/api/media/${mediaId}/comments?limit=1`);
    const page2 = await server.json<{ items: CommentBody[]; nextCursor: string | null }>(
      `/api/media/${mediaId}/comments?limit=1&cursor=${page1.body.nextCursor}`,
    );
    expect([...page1.body.items, ...page2.body.items].map((c) => c.comment)).toEqual(["second", "first!"]);
    expect(page2.body.nextCursor).toBeNull();
  });

  it("rejects anonymous, empty, too long, malformed and unknown-media posts with 4xx", async () => {
    expect((await post(null, { comment: "hi" })).status).toBe(401);
    const blank = await post(author, { comment: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.error.field).toBe("comment");
    const long = await post(author, { comment: "x".repeat(5000) });
    expect(long.status).toBe(400);
    expect(long.body.error.field).toBe("comment");
    expect((await post(author, "{not json")).status).toBe(400);
    expect((await post(author, { text: "wrong field" })).status).toBe(400);
    expect((await post(author, { comment: 42 })).status).toBe(400);
    expect((await post(author, { comment: "hi" }, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await post(author, { comment: "hi" }, "nope")).status).toBe(400);
    expect((await post(author, { comment: "x".repeat(1000) })).status).toBe(201);
    expect(await commentCount()).toBe(3);
  });

  it("lets the author edit; another user gets 404 and the row is unchanged", async () => {
    const { body: created } = await post(author, { comment: "original" });
    const patch = (user: TestUser, comment: string) =>
      server.json<CommentBody>(`/api/comments/${created.id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", ...user.headers },
        body: JSON.stringify({ comment }),
      });
    expect((await patch(other, "hijacked")).status).toBe(404);
    expect((await patch(admin, "hijacked")).status).toBe(404);
    const row = await server.deps.database.db.selectFrom("video_comments").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ comment: "original", is_edited: false });
    const edited = await patch(author, "edited");
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ comment: "edited", isEdited: true });
  });

  it("soft-deletes for the author or an admin only, and the counter follows", async () => {
    const { body: mine } = await post(author, { comment: "to delete" });
    const { body: theirs } = await post(other, { comment: "admin removes this" });
    const before = await commentCount();
    const remove = (user: TestUser | null, id: string) =>
      server.request(`/api/comments/${id}`, { method: "DELETE", headers: user?.headers ?? {} });
    expect((await remove(null, mine.id)).status).toBe(401);
    expect((await remove(other, mine.id)).status).toBe(404);
    expect(
      (await server.deps.database.db.selectFrom("video_comments").select("is_deleted").where("id", "=", mine.id).executeTakeFirstOrThrow()).is_deleted,
    ).toBe(false);
    expect((await remove(author, mine.id)).status).toBe(204);
    expect((await remove(author, mine.id)).status).toBe(404);
    expect((await remove(admin, theirs.id)).status).toBe(204);
    expect(await commentCount()).toBe(before - 2);
    const list = await server.json<{ items: CommentBody[] }>(`/api/media/${mediaId}/comments?limit=50`);
    expect(list.body.items.map((c) => c.id)).not.toContain(mine.id);
    expect(list.body.items.map((c) => c.id)).not.toContain(theirs.id);
    const row = await server.deps.database.db.selectFrom("video_comments").select("is_deleted").where("id", "=", mine.id).executeTakeFirstOrThrow();
    expect(row.is_deleted).toBe(true);
  });

  it("names the author by the profile's first and last name, else the account's name, else 'Anonymous', with the avatar", async () => {
    const db = server.deps.database.db;
    const named = await signUpUser(server, { name: "Account Name" });
    const profile = (user: TestUser, first: string | null, last: string | null, avatar: string | null) =>
      db
        .insertInto("profiles")
        .values({ id: user.id, first_name: first, last_name: last, avatar_url: avatar })
        .onConflict((oc) => oc.column("id").doUpdateSet({ first_name: first, last_name: last, avatar_url: avatar }))
        .execute();
    await profile(named, "Meera", null, "/media/avatars/meera.jpg");
    expect((await post(named, { comment: "a" })).body).toMatchObject({ authorName: "Meera", authorAvatar: "/media/avatars/meera.jpg" });
    await profile(named, "Meera", "Iyer", null);
    expect((await post(named, { comment: "b" })).body).toMatchObject({ authorName: "Meera Iyer", authorAvatar: null });
    await profile(named, "", "  ", null);
    expect((await post(named, { comment: "c" })).body).toMatchObject({ authorName: "Account Name" });
    await db.updateTable("user").set({ name: "  " }).where("id", "=", named.id).execute();
    expect((await post(named, { comment: "d" })).body).toMatchObject({ authorName: "Anonymous" });
  });
});
