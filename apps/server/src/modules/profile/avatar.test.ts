import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";
import { sniffImageType } from "@reelmart/core/image-sniff";

const png = () => sharp({ create: { width: 600, height: 400, channels: 3, background: "#e11d48" } }).png().toBuffer();

function upload(server: TestServer, user: TestUser | null, bytes: Uint8Array, name = "avatar.png", type = "image/png") {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  return server.request("/api/me/avatar", { method: "POST", headers: user?.headers ?? {}, body: form });
}

describe("POST /api/me/avatar", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("stores a 256 px WebP under the user's key, updates the profile and removes the old file", async () => {
    const user = await signUpUser(server);
    const first = await upload(server, user, await png());
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as { avatarUrl: string };
    const firstKey = (await server.deps.database.db.selectFrom("profiles").select("avatar_key").where("id", "=", user.id).executeTakeFirstOrThrow()).avatar_key!;
    expect(firstKey).toMatch(new RegExp(`^${user.id.toLowerCase()}-\\d+\\.webp$`));
    expect(firstBody.avatarUrl).toBe(server.deps.storage.publicUrl("avatars", firstKey));
    const info = await server.deps.storage.head("avatars", firstKey);
    expect(info?.contentType).toBe("image/webp");
    const stored = await server.deps.storage.read("avatars", firstKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await upload(server, user, await png());
    expect(second.status).toBe(200);
    expect(await server.deps.storage.head("avatars", firstKey)).toBeNull();
  });

  it("refuses a text file named .png by its bytes (415) and a 6 MB image (413) with the spec's words", async () => {
    const user = await signUpUser(server);
    const text = await upload(server, user, new TextEncoder().encode("just some text, not an image at all"));
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ error: { code: "unsupported_media_type", message: "Please select an image file", field: "file" } });
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await png());
    const large = await upload(server, user, big);
    expect(large.status).toBe(413);
    expect(((await large.json()) as { error: { message: string } }).error.message).toBe("Please select an image smaller than 5MB");
    const profile = await server.deps.database.db.selectFrom("profiles").select("avatar_url").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(profile.avatar_url).toBeNull();
  });

  it("answers 401 'User is not authenticated' when signed out, and 422 for a corrupt image", async () => {
    const anonymous = await upload(server, null, await png());
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toBe("User is not authenticated");
    const user = await signUpUser(server);
    const corrupt = new Uint8Array(200);
    corrupt.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await upload(server, user, corrupt)).status).toBe(422);
  });

  it("sniffs the four image types", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageType(new TextEncoder().encode("GIF89a..."))).toBe("gif");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffImageType(new TextEncoder().encode("<svg></svg>"))).toBeNull();
  });
});
