import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";
import { SseReader } from "../../testing/sse-reader.ts";

describe("realtime stream", () => {
  let server: TestServer;
  let mediaId: string;
  let productId: string;
  let user: TestUser;
  const readers: SseReader[] = [];
  const open = async (topics: string, headers: Record<string, string> = {}) => {
    const response = await server.request(`/api/realtime?topics=${encodeURIComponent(topics)}`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = new SseReader(response);
    readers.push(reader);
    await reader.waitFor((e) => e.event === "ready");
    return reader;
  };

  beforeAll(async () => {
    server = await startTestServer();
    productId = (await createProduct(server.deps.database.db)).id;
    mediaId = (await createMedia(server.deps.database.db, productId)).id;
    user = await signUpUser(server);
  });
  afterAll(async () => {
    for (const reader of readers) await reader.close();
    await server.close();
  });

  it("delivers comment and counter changes to every stream on that media, after commit", async () => {
    const first = await open(`comments:${mediaId},counters:${mediaId}`);
    const second = await open(`comments:${mediaId}`);
    const posted = await server.json<{ id: string }>(`/api/media/${mediaId}/comments`, {
      method: "POST",
      headers: { "content-type": "application/json", ...user.headers },
      body: JSON.stringify({ comment: "live" }),
    });
    for (const reader of [first, second]) {
      const event = await reader.waitFor((e) => e.event === "change" && e.data.includes(posted.body.id), 1000);
      expect(JSON.parse(event.data)).toEqual({ topic: `comments:${mediaId}`, kind: "insert", ids: [posted.body.id], comment: posted.body });
    }
    await server.request(`/api/media/${mediaId}/like`, { method: "PUT", headers: user.headers });
    const counter = await first.waitFor((e) => e.event === "change" && e.data.includes(`counters:${mediaId}`), 1000);
    expect(JSON.parse(counter.data)).toMatchObject({ kind: "update", ids: [mediaId] });
    expect(second.events.some((e) => e.data.includes("counters:"))).toBe(false);
  });

  it("carries the comment an insert or an edit wrote, exactly as the API answers it, and a deletion's id alone (decision 205)", async () => {
    const stream = await open(`comments:${mediaId}`);
    const json = { "content-type": "application/json", ...user.headers };
    const changeOf = async (id: string, kind: string) =>
      JSON.parse((await stream.waitFor((e) => e.event === "change" && e.data.includes(id) && e.data.includes(`"${kind}"`), 1000)).data) as unknown;
    const posted = await server.json<{ id: string }>(`/api/media/${mediaId}/comments`, { method: "POST", headers: json, body: JSON.stringify({ comment: "नमस्ते \"quoted\" 👍" }) });
    expect(posted.status).toBe(201);
    expect(await changeOf(posted.body.id, "insert")).toEqual({ topic: `comments:${mediaId}`, kind: "insert", ids: [posted.body.id], comment: posted.body });
    const listed = await server.json<{ items: unknown[] }>(`/api/media/${mediaId}/comments`);
    expect(listed.body.items).toContainEqual(posted.body);

    const edited = await server.json<{ isEdited: boolean }>(`/api/comments/${posted.body.id}`, { method: "PATCH", headers: json, body: JSON.stringify({ comment: "edited" }) });
    expect(edited.body.isEdited).toBe(true);
    expect(await changeOf(posted.body.id, "update")).toEqual({ topic: `comments:${mediaId}`, kind: "update", ids: [posted.body.id], comment: edited.body });

    await server.request(`/api/comments/${posted.body.id}`, { method: "DELETE", headers: user.headers });
    expect(await changeOf(posted.body.id, "delete")).toEqual({ topic: `comments:${mediaId}`, kind: "delete", ids: [posted.body.id] });
  });

  it("sends a comment's id alone when the comment would not fit in a notice, and the write still succeeds", async () => {
    const stream = await open(`comments:${mediaId}`);
    const author = await signUpUser(server);
    // An avatar address no upload makes, but one a sign-in provider could hand over: 7,000 bytes.
    const avatarUrl = `https://images.example.com/${"a".repeat(7000)}`;
    await server.deps.database.db.updateTable("profiles").set({ avatar_url: avatarUrl }).where("id", "=", author.id).execute();
    const json = { "content-type": "application/json", ...author.headers };
    const posted = await server.json<{ id: string; authorAvatar: string }>(`/api/media/${mediaId}/comments`, { method: "POST", headers: json, body: JSON.stringify({ comment: "ख".repeat(1000) }) });
    expect(posted.status).toBe(201);
    expect(posted.body.authorAvatar).toBe(avatarUrl);
    const inserted = await stream.waitFor((e) => e.event === "change" && e.data.includes(posted.body.id), 1000);
    expect(JSON.parse(inserted.data)).toEqual({ topic: `comments:${mediaId}`, kind: "insert", ids: [posted.body.id] });
    const edited = await server.request(`/api/comments/${posted.body.id}`, { method: "PATCH", headers: json, body: JSON.stringify({ comment: "ख".repeat(999) }) });
    expect(edited.status).toBe(200);
    const update = await stream.waitFor((e) => e.event === "change" && e.data.includes(posted.body.id) && e.data.includes('"update"'), 1000);
    expect(JSON.parse(update.data)).toEqual({ topic: `comments:${mediaId}`, kind: "update", ids: [posted.body.id] });
  });

  it("carries, on the counters topic, the counts each counting write's commit left: likes, unlikes, comments, their deletion, shares and views (decision 190)", async () => {
    const otherMediaId = (await createMedia(server.deps.database.db, productId, { like_count: 7, view_count: 40 })).id;
    const rail = await open(`counters:${otherMediaId}`);
    const json = { "content-type": "application/json", ...user.headers };
    const changes = () => rail.events.filter((e) => e.event === "change");
    /** Runs a counting write; its one event carries the counts the engagement read then gives. Resolves to them. */
    const countsAfter = async (name: string, write: () => Promise<{ status: number }>) => {
      const before = changes().length;
      expect((await write()).status, name).toBeLessThan(300);
      const event = await rail.waitFor((e) => e.event === "change" && changes().indexOf(e) >= before, 1000);
      const { body } = await server.json<Record<string, number>>(`/api/media/${otherMediaId}/engagement`);
      const counts = { likeCount: body.likeCount, commentCount: body.commentCount, shareCount: body.shareCount, viewCount: body.viewCount };
      expect(JSON.parse(event.data), name).toEqual({ topic: `counters:${otherMediaId}`, kind: "update", ids: [otherMediaId], counts });
      expect(changes(), name).toHaveLength(before + 1);
      return counts;
    };
    await countsAfter("like", () => server.request(`/api/media/${otherMediaId}/like`, { method: "PUT", headers: user.headers }));
    let commentId = "";
    await countsAfter("comment", async () => {
      const posted = await server.json<{ id: string }>(`/api/media/${otherMediaId}/comments`, { method: "POST", headers: json, body: JSON.stringify({ comment: "counted" }) });
      commentId = posted.body.id;
      return posted;
    });
    await countsAfter("share", () => server.request(`/api/media/${otherMediaId}/shares`, { method: "POST", headers: json, body: JSON.stringify({ platform: "copy-link" }) }));
    await countsAfter("view", () => server.request(`/api/media/${otherMediaId}/views`, { method: "POST", headers: json, body: JSON.stringify({ sessionId: "counted-session" }) }));
    await countsAfter("unlike", () => server.request(`/api/media/${otherMediaId}/like`, { method: "DELETE", headers: user.headers }));
    expect(await countsAfter("comment deleted", () => server.request(`/api/comments/${commentId}`, { method: "DELETE", headers: user.headers }))).toEqual({
      likeCount: 7,
      commentCount: 0,
      shareCount: 1,
      viewCount: 41,
    });
  });

  it("streams saved-item changes only to their owner", async () => {
    const stranger = await signUpUser(server);
    expect((await server.request(`/api/realtime?topics=saved:${user.id}`)).status).toBe(401);
    expect((await server.request(`/api/realtime?topics=saved:${user.id}`, { headers: stranger.headers })).status).toBe(403);
    const mine = await open(`saved:${user.id}`, user.headers);
    await server.request(`/api/saved/${productId}`, { method: "PUT", headers: user.headers });
    const event = await mine.waitFor((e) => e.event === "change", 1000);
    expect(JSON.parse(event.data)).toEqual({ topic: `saved:${user.id}`, kind: "insert", ids: [productId] });
  });

  it("streams a user's likes and unlikes to that user's own devices only, once per change (decision 193)", async () => {
    const stranger = await signUpUser(server);
    expect((await server.request(`/api/realtime?topics=liked:${user.id}`)).status).toBe(401);
    const refused = await server.request(`/api/realtime?topics=liked:${user.id}`, { headers: stranger.headers });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe("You can only follow your own likes");
    const likedMediaId = (await createMedia(server.deps.database.db, productId)).id;
    const otherDevice = await open(`liked:${user.id}`, user.headers);
    const strangersDevice = await open(`liked:${stranger.id}`, stranger.headers);
    const changes = () => otherDevice.events.filter((e) => e.event === "change").map((e) => JSON.parse(e.data) as unknown);
    const like = (method: "PUT" | "DELETE") => server.request(`/api/media/${likedMediaId}/like`, { method, headers: user.headers });
    expect((await like("PUT")).status).toBe(200);
    // A like that changes nothing tells nobody.
    expect((await like("PUT")).status).toBe(200);
    expect((await like("DELETE")).status).toBe(200);
    // Read up to the unlike's event: the no-op like, committed between the two, would have come before it.
    await otherDevice.waitFor((e) => e.event === "change" && e.data.includes('"delete"'), 1000);
    expect(changes()).toEqual([
      { topic: `liked:${user.id}`, kind: "insert", ids: [likedMediaId] },
      { topic: `liked:${user.id}`, kind: "delete", ids: [likedMediaId] },
    ]);
    await expect(strangersDevice.waitFor((e) => e.event === "change", 300)).rejects.toThrow(/no matching event/);
  });

  it("rejects unknown or too many topics with 400", async () => {
    expect((await server.request("/api/realtime?topics=secrets:all")).status).toBe(400);
    expect((await server.request("/api/realtime")).status).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => `counters:00000000-0000-4000-8000-${String(i).padStart(12, "0")}`).join(",");
    expect((await server.request(`/api/realtime?topics=${many}`)).status).toBe(400);
  });
});
