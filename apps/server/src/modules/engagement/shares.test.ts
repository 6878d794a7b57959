import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";

describe("shares", () => {
  let server: TestServer;
  let mediaId: string;
  const share = (body: unknown, headers: Record<string, string> = {}, target = mediaId) =>
    server.json<{ shareCount: number; error: { field?: string } }>(`/api/media/${target}/shares`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer();
    const product = await createProduct(server.deps.database.db);
    mediaId = (await createMedia(server.deps.database.db, product.id)).id;
  });
  afterAll(() => server.close());

  it("records anonymous shares with no user and signed-in shares with the user", async () => {
    const user = await signUpUser(server);
    expect((await share({ platform: "copy-link", deviceInfo: { userAgent: "UA", platform: "Linux" } })).status).toBe(201);
    expect((await share({ platform: "facebook" }, user.headers)).body.shareCount).toBe(2);
    const rows = await server.deps.database.db.selectFrom("video_shares").selectAll().where("media_id", "=", mediaId).orderBy("created_at").execute();
    expect(rows.map((r) => [r.platform, r.user_id])).toEqual([
      ["copy-link", null],
      ["facebook", user.id],
    ]);
    expect(rows[0]?.device_info).toEqual({ userAgent: "UA", platform: "Linux" });
  });

  it("rejects unknown platforms and media with 4xx", async () => {
    const bad = await share({ platform: "myspace" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("platform");
    expect((await share({ platform: "native" }, {}, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("counts 500 concurrent shares exactly", async () => {
    const before = (await server.deps.database.db.selectFrom("product_media").select("share_count").where("id", "=", mediaId).executeTakeFirstOrThrow()).share_count;
    const results = await Promise.all(Array.from({ length: 500 }, () => share({ platform: "native" })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const after = (await server.deps.database.db.selectFrom("product_media").select("share_count").where("id", "=", mediaId).executeTakeFirstOrThrow()).share_count;
    expect(after).toBe(before + 500);
  }, 120_000);
});
