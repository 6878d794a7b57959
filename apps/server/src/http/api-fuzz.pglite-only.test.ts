import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, createProduct } from "../testing/fixtures.ts";
import { type Operation, fillPath, listOperations } from "../testing/openapi-operations.ts";
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { type TestUser, signUpUser } from "../testing/users.ts";

// Issue 15: no client input reaches a 500. Generated bad requests go to every operation in
// /api/openapi.json (our routes and better-auth's, discovered at run time, so routes added later are
// covered too); every answer must be below 500 and every 4xx must carry {"error":{"code","message"}}.
//
// PGlite only: the rule under test is the HTTP edge (schemas, the text rule, error mapping), which is
// the same code on both databases; the one database-specific part, PostgreSQL refusing NUL and bad
// values (the 400 backstop), is tested on both in text-rule.test.ts. Running it twice would double
// the suite's time on the 2-core machine for no new coverage.

const RUNS = Number(process.env.FUZZ_RUNS ?? 800);

const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("\u0000", "a\u0000b", "\u0007\u001b[2J", "\u007f\u0085\u009f", "\ud800", "x\udfff", "\ud83d\ude00", "", " ", "'; drop table products; --", "../../etc/passwd", "%00", "null", "__proto__", "constructor"),
  fc.nat({ max: 120_000 }).map((length) => "x".repeat(length)),
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, -(2 ** 31) - 1, 0.5),
);

/** Deeply nested JSON text, built as text: JSON.stringify itself would overflow the stack. */
const nested = (depth: number, kind: "array" | "object") =>
  kind === "array" ? `${"[".repeat(depth)}1${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(nastyString.filter((key) => key.length < 50), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A body shaped like what the route wants (its usual field names) but with hostile values. */
const fieldNames = ["comment", "title", "body", "rating", "quantity", "productId", "marketplaceId", "sessionId", "platform", "deviceInfo", "firstName", "lastName", "email", "password", "name", "phoneNumber", "code", "otp", "token", "newPassword", "currentPassword", "newEmail", "callbackURL", "productIds", "category", "idToken", "provider"];
const shapedBody = fc.dictionary(fc.constantFrom(...fieldNames), jsonValue, { maxKeys: 6 });

type Body = { text?: string; contentType?: string };
const body: fc.Arbitrary<Body> = fc.oneof(
  shapedBody.map((value) => ({ text: JSON.stringify(value), contentType: "application/json" })),
  jsonValue.map((value) => ({ text: JSON.stringify(value) ?? "null", contentType: "application/json" })),
  fc.constantFrom("{", '{"a":', "[1,2", "nul", "\u0000", '{"a":"\\ud800"}', '{"a":"\\u0000"}', "", "{}{}").map((text) => ({ text, contentType: "application/json" })),
  fc.tuple(fc.integer({ min: 100, max: 20_000 }), fc.constantFrom("array" as const, "object" as const)).map(([depth, kind]) => ({ text: nested(depth, kind), contentType: "application/json" })),
  fc.record({ text: fc.string(), contentType: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/json; charset=latin1", "") }),
  fc.constant({}),
);

type Persona = "anonymous" | "garbage-cookie" | "garbage-bearer" | "shopper" | "admin";
const persona = fc.constantFrom<Persona>("anonymous", "garbage-cookie", "garbage-bearer", "shopper", "admin");

describe("generated bad requests never reach a 500", () => {
  let server: TestServer;
  let users: Record<"shopper" | "admin", TestUser>;
  let operations: Operation[];
  let known: { productId: string; mediaId: string };

  beforeAll(async () => {
    server = await startTestServer();
    const [shopper, admin] = await Promise.all([signUpUser(server), signUpUser(server, { admin: true })]);
    users = { shopper, admin };
    const product = await createProduct(server.deps.database.db);
    known = { productId: product.id, mediaId: (await createMedia(server.deps.database.db, product.id)).id };
    // Signing out or revoking sessions mid-run would turn the signed-in personas into anonymous ones.
    const endsSessions = /^\/api\/auth\/(sign-out|revoke-|delete-user|two-factor\/(enable|disable)|change-password|change-email|update-user)/;
    operations = (await listOperations(server)).filter((operation) => !endsSessions.test(operation.path));
  });
  afterAll(() => server.close());

  it("covers our routes and better-auth's", () => {
    expect(operations.some((operation) => operation.path === "/api/auth/sign-in/email")).toBe(true);
    expect(operations.some((operation) => operation.path === "/api/cart/items")).toBe(true);
  });

  it("answers every generated request below 500, and every 4xx in the error shape", async () => {
    const request = fc.record({
      operation: fc.nat({ max: 10_000 }).map((index) => operations[index % operations.length]!),
      param: fc.oneof(nastyString.filter((value) => value.length < 500), fc.constant("known")),
      rawParam: fc.option(fc.constantFrom("%ff%fe", "%00", "%", "%E0%A4%A", "..%2F..%2F", "%ED%A0%80"), { freq: 5 }),
      query: fc.dictionary(fc.constantFrom("q", "limit", "cursor", "ids", "marketplaceId", "brandId", "category", "seed", "topics", "token", "callbackURL", "id"), fc.oneof(nastyString.filter((value) => value.length < 3000), nastyNumber.map(String)), { maxKeys: 3 }),
      body,
      persona,
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ operation, param, rawParam, query, body: sent, persona: who }) => {
        let path = fillPath(operation, (name) => (param === "known" ? (name === "productId" ? known.productId : known.mediaId) : param));
        // Bytes no encoder produces (invalid UTF-8, a cut escape) go into the first parameter as they are.
        if (rawParam && operation.params.length) path = operation.path.replace(/\{[^}]+\}/, rawParam).replace(/\{[^}]+\}/g, known.mediaId);
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(query)) search.set(key, value);
        const headers: Record<string, string> = {};
        if (sent.contentType) headers["content-type"] = sent.contentType;
        if (who === "shopper" || who === "admin") headers.cookie = users[who].cookie;
        if (who === "garbage-cookie") headers.cookie = "better-auth.session_token=\u00ff%00garbage.sig; other=\u0001";
        if (who === "garbage-bearer") headers.authorization = "Bearer eyJhbGciOiJub25lIn0.e30.";
        const init: RequestInit = { method: operation.method, headers };
        if (!["GET", "HEAD"].includes(operation.method) && sent.text !== undefined) init.body = sent.text;
        let response: Response;
        try {
          response = await server.request(`${path}${search.size ? `?${search}` : ""}`, init);
        } catch (error) {
          // The Request constructor refuses some header bytes before anything reaches the server; that is the client's failure.
          if (error instanceof TypeError) return;
          throw error;
        }
        const label = `${operation.method} ${path} as ${who}`;
        expect(response.status, label).toBeLessThan(500);
        // HEAD answers carry no body (RFC 9110), so only their status is checked.
        if (response.status >= 400 && operation.method !== "HEAD") {
          const text = await response.text();
          const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
          expect(typeof parsed.error?.code, `${label}: ${text.slice(0, 200)}`).toBe("string");
          expect(typeof parsed.error?.message, `${label}: ${text.slice(0, 200)}`).toBe("string");
        } else {
          await response.body?.cancel();
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);
});
