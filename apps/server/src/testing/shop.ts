import { createHash, randomBytes } from "node:crypto";
import type { Storage } from "../storage/storage.ts";
import { ALL_BUCKETS } from "../storage/storage.ts";
import { createMarketplace, createMedia, createProduct } from "./fixtures.ts";
import type { TestServer } from "./test-server.ts";
import { type TestUser, signUpUser } from "./users.ts";

export interface FilledShop {
  shopper: TestUser;
  productId: string;
  mediaId: string;
  orderId: string;
  /** The second product, left in the shopper's cart after the order. */
  cartProductId: string;
}

const ADDRESS = { name: "Asha Rao", phone: "98765 43210", line1: "12 MG Road", city: "Bengaluru", state: "Karnataka", postalCode: "560001", countryCode: "IN" };

/**
 * A small shop with one of everything a backup or move must carry: users and their sessions, a
 * product whose video, renditions and poster are real stored files, a like, a comment, an order
 * and a cart that is not empty.
 */
export async function fillShop(server: TestServer): Promise<FilledShop> {
  const { db } = server.deps.database;
  const { storage } = server.deps;
  const india = (await createMarketplace(db, { name: "India", country_code: "IN" })).id;
  const lamp = await createProduct(db, { title: "Lamp", price: "500.00", stock: 10, marketplaceIds: [india] });
  const mug = await createProduct(db, { title: "Mug", price: "200.00", stock: 10, marketplaceIds: [india] });
  const stored = async (key: string, bytes: number, contentType: string) => {
    await storage.put("product-media", key, randomBytes(bytes), { contentType, cacheControl: "public, max-age=31536000, immutable" });
    return storage.publicUrl("product-media", key);
  };
  const media = await createMedia(db, lamp.id, {
    url: await stored(`products/${lamp.id}/720.mp4`, 300_000, "video/mp4"),
    thumbnail_url: await stored(`products/${lamp.id}/poster.webp`, 20_000, "image/webp"),
    renditionHeights: [],
  });
  await db.insertInto("media_renditions").values({ media_id: media.id, height: 480, width: 270, url: await stored(`products/${lamp.id}/480.mp4`, 100_000, "video/mp4") }).execute();
  await storage.put("avatars", "someone.webp", randomBytes(5_000), { contentType: "image/webp" });

  await signUpUser(server, { admin: true, clientIp: "10.40.0.1" });
  const shopper = await signUpUser(server, { clientIp: "10.40.0.2" });
  const call = async (method: string, target: string, body?: unknown) => {
    const response = await server.request(target, {
      method,
      headers: { ...shopper.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${target}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ id: string }>;
  };
  await call("PUT", `/api/media/${media.id}/like`);
  await call("POST", `/api/media/${media.id}/comments`, { comment: "Lovely glow" });
  await call("POST", "/api/cart/items", { productId: lamp.id, quantity: 2, mediaId: media.id });
  const order = await call("POST", "/api/orders", { marketplaceId: india, address: ADDRESS, paymentMethod: "cod" });
  await call("POST", "/api/cart/items", { productId: mug.id, quantity: 1 });
  return { shopper, productId: lamp.id, mediaId: media.id, orderId: order.id, cartProductId: mug.id };
}

/** sha256 of every stored object, by "bucket/key". */
export async function storedChecksums(storage: Storage): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const bucket of ALL_BUCKETS) {
    for await (const key of storage.list(bucket)) {
      const hash = createHash("sha256");
      for await (const chunk of await storage.read(bucket, key)) hash.update(chunk as Buffer);
      sums[`${bucket}/${key}`] = hash.digest("hex");
    }
  }
  return sums;
}
