import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.ts";
import { createLogger } from "../../logger.ts";
import { type Server, bootstrap } from "../../server.ts";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";
import { SseReader } from "../../testing/sse-reader.ts";

// Two server instances with their own pools and LISTEN connections on one PostgreSQL database:
// a comment posted through one must reach a stream served by the other (DESIGN.md, Scale-out).
describe.skipIf(!process.env.TEST_DATABASE_URL)("realtime across two server instances", () => {
  let first: TestServer;
  let second: Server;
  let reader: SseReader | undefined;

  beforeAll(async () => {
    first = await startTestServer();
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(first.deps.database.db);
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    url.pathname = `/${rows[0]?.name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "", poolSize: 4 });
    second = await bootstrap(first.deps.config, createLogger(first.deps.config), { database });
  });
  afterAll(async () => {
    await reader?.close();
    await second?.close();
    await first?.close();
  });

  it("fans a comment posted on instance A out to a stream on instance B", async () => {
    const product = await createProduct(first.deps.database.db);
    const media = await createMedia(first.deps.database.db, product.id);
    const user = await signUpUser(first);
    const response = await second.app.request(`/api/realtime?topics=comments:${media.id}`);
    expect(response.status).toBe(200);
    reader = new SseReader(response);
    await reader.waitFor((e) => e.event === "ready");
    const posted = await first.json<{ id: string }>(`/api/media/${media.id}/comments`, {
      method: "POST",
      headers: { "content-type": "application/json", ...user.headers },
      body: JSON.stringify({ comment: "hello from A" }),
    });
    expect(posted.status).toBe(201);
    const event = await reader.waitFor((e) => e.event === "change", 1000);
    expect(JSON.parse(event.data)).toEqual({ topic: `comments:${media.id}`, kind: "insert", ids: [posted.body.id], comment: posted.body });
  });
});
