import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, createProduct } from "../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { type TestUser, signUpUser } from "../testing/users.ts";
import { clientDataError } from "./database-errors.ts";
import { statusOf } from "./errors.ts";

/** The status the edge answers a database error with, or null when it is a server fault. */
const clientDataStatus = (error: unknown) => {
  const mapped = clientDataError(error);
  return mapped && statusOf(mapped);
};

// Issue 15: a NUL in a text field reached PostgreSQL (which cannot store it) as a 500 on these routes.
describe("the text rule on every route that stores text", () => {
  let server: TestServer;
  let shopper: TestUser;
  let admin: TestUser;
  let productId: string;
  let mediaId: string;
  let commentId: string;

  beforeAll(async () => {
    server = await startTestServer();
    shopper = await signUpUser(server);
    admin = await signUpUser(server, { admin: true });
    const product = await createProduct(server.deps.database.db);
    productId = product.id;
    mediaId = (await createMedia(server.deps.database.db, product.id)).id;
    const comment = await server.json<{ id: string }>(`/api/media/${mediaId}/comments`, send("POST", { comment: "fine" }, shopper));
    commentId = comment.body.id;
  });
  afterAll(() => server.close());

  const send = (method: string, body: unknown, user?: TestUser) => ({
    method,
    headers: { "content-type": "application/json", ...user?.headers },
    body: JSON.stringify(body),
  });

  const cases = (): [string, string, string, Record<string, unknown>, TestUser | undefined, string][] => [
    ["view (anonymous)", "POST", `/api/media/${mediaId}/views`, { sessionId: "s\u0000" }, undefined, "sessionId"],
    ["share (anonymous)", "POST", `/api/media/${mediaId}/shares`, { platform: "native", deviceInfo: { userAgent: "x\u0000", platform: "" } }, undefined, "deviceInfo.userAgent"],
    ["comment", "POST", `/api/media/${mediaId}/comments`, { comment: "hi\u0000" }, shopper, "comment"],
    ["comment edit", "PATCH", `/api/comments/${commentId}`, { comment: "hi\u0000" }, shopper, "comment"],
    ["profile names", "PATCH", "/api/me/profile", { firstName: "A\u0000" }, shopper, "firstName"],
    ["review", "POST", `/api/products/${productId}/reviews`, { rating: 5, body: "good\u0000" }, shopper, "body"],
    ["admin media title", "PATCH", `/api/admin/media/${mediaId}`, { title: "t\u0000" }, admin, "title"],
    ["phone one-time code (anonymous)", "POST", "/api/auth/phone-number/send-otp", { phoneNumber: "+9198765\u000043210" }, undefined, "phoneNumber"],
  ];

  it("answers NUL with a 400 that names the field", async () => {
    for (const [name, method, path, body, user, field] of cases()) {
      const response = await server.json<{ error: { code: string; field?: string } }>(path, send(method, body, user));
      expect(response.status, name).toBe(400);
      expect(response.body.error.code, name).toBe("bad_request");
      expect(response.body.error.field, name).toBe(field);
    }
  });

  it("answers other control characters and lone surrogates the same way", async () => {
    for (const bad of ["\u001b[2J", "\u007f", "\ud800"]) {
      const response = await server.json<{ error: { field?: string } }>(`/api/media/${mediaId}/comments`, send("POST", { comment: `x${bad}` }, shopper));
      expect(response.status).toBe(400);
      expect(response.body.error.field).toBe("comment");
    }
  });

  it("maps a database error caused by the data to a 400, and leaves server faults alone", async () => {
    const nul = await sql`select ${"a\u0000b"}::text as value`.execute(server.deps.database.db).catch((error: unknown) => error);
    const badUuid = await sql`select ${"not-a-uuid"}::uuid as value`.execute(server.deps.database.db).catch((error: unknown) => error);
    const missingTable = await sql`select * from no_such_table`.execute(server.deps.database.db).catch((error: unknown) => error);
    // node-postgres refuses to send NUL itself on some versions; either way it must not count as a server fault when it is a SQLSTATE.
    console.log("NULCODE", (nul as { code?: string }).code, String(nul));
    if ((nul as { code?: string }).code) expect(clientDataStatus(nul)).toBe(400);
    expect(clientDataStatus(badUuid)).toBe(400);
    expect(clientDataError(missingTable)).toBeNull();
    expect(clientDataError(new Error("boom"))).toBeNull();
  });
});
