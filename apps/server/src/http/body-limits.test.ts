import { imageForm, sendInPieces } from "../testing/body-in-pieces.ts";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The server first: it extends zod with .openapi before the modules below build their schemas.
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { listenWithFastLane } from "../testing/lane-server.ts";
import { type Operation, fillPath, listOperations } from "../testing/openapi-operations.ts";
import { type TestUser, signUpUser } from "../testing/users.ts";
import { API_BODY_MAX_BYTES } from "./body-limit.ts";

// Decision 224: every route that takes a body answers one over its limit from the headers (413, or
// 401/403 when the caller may not use the route at all), over a real socket, before reading it and
// never by a reset. The routes are read from /api/openapi.json, so routes added later are covered.

/** Between pieces, as over a real link: on loopback the kernel would take megabytes before an answer could be seen. */
const PAUSE_MS = 4;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000001";

const send = (url: string, method: string, headers: Record<string, string>, body: Buffer) => sendInPieces(url, { method, headers, body, pauseMs: PAUSE_MS });

/** Operations whose bodies are multipart images, each with its own limit. */
const MULTIPART = /^\/api\/(me\/avatar|admin\/brands\/\{[^}]+\}\/images\/\{[^}]+\}|admin\/marketplaces\/\{[^}]+\}\/flag|admin\/settings\/splash-logo)$/;

describe("a body over its route's limit is refused from the headers, never by a reset (decision 224)", () => {
  let server: TestServer;
  let base: string;
  let close: () => Promise<void>;
  let shopper: TestUser;
  let operations: Operation[];
  const oversizedJson = Buffer.from(`{"name":"${"x".repeat(2 * API_BODY_MAX_BYTES)}"}`);
  const oversizedForm = imageForm(6 * 1024 * 1024);

  beforeAll(async () => {
    server = await startTestServer();
    ({ base, close } = await listenWithFastLane(server));
    shopper = await signUpUser(server);
    // tus uploads speak their own protocol (the last test).
    operations = (await listOperations(server)).filter((operation) => (operation.hasBody || ["POST", "PUT", "PATCH"].includes(operation.method)) && !operation.path.startsWith("/api/uploads"));
  });
  afterAll(async () => {
    await close?.();
    await server?.close();
  });

  /** The answers allowed for a caller: 413, or who-before-what's 401/403 for a caller the route refuses anyway. */
  function allowed(operation: Operation, who: "anonymous" | "shopper"): number[] {
    if (who === "anonymous" && operation.requires !== null) return [401, 413];
    if (who === "shopper" && operation.requires?.includes("admin")) return [403, 413];
    return [413];
  }

  for (const who of ["anonymous", "shopper"] as const) {
    it(`answers every JSON and multipart route's oversized body sent ${who === "anonymous" ? "anonymously" : "by a signed-in shopper"} from the headers`, async () => {
      expect(operations.length).toBeGreaterThan(50);
      const failures: string[] = [];
      for (const operation of operations) {
        const path = fillPath(operation, () => UNKNOWN_ID);
        const multipart = MULTIPART.test(operation.path);
        const body = multipart ? oversizedForm.body : oversizedJson;
        const headers: Record<string, string> = { "content-type": multipart ? oversizedForm.type : "application/json", origin: server.deps.config.publicUrl };
        if (who === "shopper") Object.assign(headers, shopper.headers);
        const delivery = await send(base + path, operation.method, headers, body);
        const label = `${operation.method} ${operation.path}: ${delivery.status} ${delivery.error ?? ""} after ${delivery.sentWhenAnswered} bytes ${delivery.body.slice(0, 120)}`;
        if (delivery.error || !allowed(operation, who).includes(delivery.status) || delivery.sentWhenAnswered > body.length / 2) failures.push(label);
        else if (delivery.status === 413) expect(JSON.parse(delivery.body), label).toMatchObject({ error: { code: ERROR_CODES.tooLarge } });
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }

  it("answers a tus upload over its purpose's limit from Upload-Length: 401 anonymously, 413 signed in", async () => {
    const bytes = Buffer.alloc(2 * 1024 * 1024);
    const tus = { "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", origin: server.deps.config.publicUrl };
    const creation = { ...tus, "upload-length": String(100 * 1024 * 1024 * 1024), "upload-metadata": `purpose ${Buffer.from("product-video").toString("base64")}` };
    const anonymous = await send(`${base}/api/uploads`, "POST", creation, bytes);
    expect(anonymous).toMatchObject({ status: 401, error: undefined });
    const signedIn = await send(`${base}/api/uploads`, "POST", { ...creation, ...shopper.headers }, bytes);
    expect(signedIn).toMatchObject({ status: 413, error: undefined });
    expect(signedIn.sentWhenAnswered).toBeLessThan(bytes.length / 2);
    const patch = await send(`${base}/api/uploads/0123456789abcdef0123456789abcdef`, "PATCH", { ...tus, "upload-offset": "0" }, bytes);
    expect(patch).toMatchObject({ status: 401, error: undefined });
  });
});
