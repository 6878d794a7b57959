import { Agent, request } from "node:http";
import { imageForm, sendInPieces } from "../testing/body-in-pieces.ts";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The server first: it extends zod with .openapi before the modules below build their schemas.
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { listenWithFastLane } from "../testing/lane-server.ts";
import { type TestUser, signUpUser } from "../testing/users.ts";

const SIX_MB = 6 * 1024 * 1024;
/** Between pieces: 6 MB takes about a second to send, as over a slow link (and longer than @hono/node-server's 500 ms). */
const PAUSE_MS = 10;
const sixMbForm = () => imageForm(SIX_MB);
/** What the avatar and store image routes answer a file over their own 5 MB limit (not the 1 MB default's words), as the web app shows it. */
const IMAGE_TOO_LARGE = "Please select an image smaller than 5MB";
const sendSlowly = (url: string, init: { method: string; headers: Record<string, string>; body: Buffer; agent?: Agent }) => sendInPieces(url, { ...init, pauseMs: PAUSE_MS });

describe("a body the app answers without reading (decision 220)", () => {
  let server: TestServer;
  let base: string;
  let close: () => Promise<void>;
  let user: TestUser;
  const form = sixMbForm();
  const origin = () => server.deps.config.publicUrl;

  beforeAll(async () => {
    server = await startTestServer();
    ({ base, close } = await listenWithFastLane(server));
    user = await signUpUser(server);
  });
  afterAll(async () => {
    await close?.();
    await server?.close();
  });

  const tusHeaders = { "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream" };
  const anonymousUploads = [
    { method: "POST", path: "/api/me/avatar", headers: { "content-type": form.type } },
    { method: "POST", path: "/api/uploads", headers: { ...tusHeaders, "upload-length": String(SIX_MB), "upload-metadata": `purpose ${Buffer.from("product-image").toString("base64")}` } },
    { method: "PATCH", path: "/api/uploads/0123456789abcdef0123456789abcdef", headers: { ...tusHeaders, "upload-offset": "0" } },
  ];

  it.each(anonymousUploads)("answers an anonymous 6 MB $method $path with 401 before reading it, and the connection serves the next request", async ({ method, path, headers }) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const delivery = await sendSlowly(base + path, { method, agent, headers: { ...headers, origin: origin() }, body: form.body });
      expect(delivery).toMatchObject({ status: 401, error: undefined });
      expect(JSON.parse(delivery.body)).toMatchObject({ error: { code: ERROR_CODES.unauthenticated } });
      // Answered from the headers: most of the body was still to come.
      expect(delivery.sentWhenAnswered).toBeLessThan(SIX_MB / 2);

      // The rest of the body was read off the connection, so it carries the next request.
      const next = await new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const again = request(`${base}/api/session`, { agent }, (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, reused: again.reusedSocket }));
        });
        again.on("error", reject).end();
      });
      expect(next).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it("answers a signed-in caller's 6 MB avatar and image upload with 413 before reading them", async () => {
    const avatar = await sendSlowly(`${base}/api/me/avatar`, { method: "POST", headers: { ...user.headers, origin: origin(), "content-type": form.type }, body: form.body });
    expect(avatar).toMatchObject({ status: 413, error: undefined });
    expect(JSON.parse(avatar.body)).toMatchObject({ error: { code: ERROR_CODES.tooLarge, message: IMAGE_TOO_LARGE } });
    expect(avatar.sentWhenAnswered).toBeLessThan(SIX_MB / 2);

    // A brand logo may be 5 MB: the tus creation says 6 MB, with the bytes in the same request.
    const logo = await sendSlowly(`${base}/api/uploads`, {
      method: "POST",
      headers: { ...user.headers, ...tusHeaders, origin: origin(), "upload-length": String(SIX_MB), "upload-metadata": `purpose ${Buffer.from("brand-logo").toString("base64")}` },
      body: form.body,
    });
    expect(logo).toMatchObject({ status: 413, error: undefined });
    expect(JSON.parse(logo.body)).toMatchObject({ error: { code: ERROR_CODES.tooLarge, message: IMAGE_TOO_LARGE } });
    expect(logo.sentWhenAnswered).toBeLessThan(SIX_MB / 2);
  });
});
