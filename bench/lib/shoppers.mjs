import { readFile } from "node:fs/promises";
import { insertCatalogue } from "./catalogue-data.mjs";
import { startServer } from "./processes.mjs";
import { createStore } from "./store.mjs";

// Signed-in shoppers for the write scenarios. Each signs up from an address of its own, sent in
// X-Forwarded-For to a server that trusts the bench's loopback proxy (TRUSTED_PROXIES), so the
// sign-up rate limit (5 per 10 s per client) sees many clients, as it would in a real shop.

/** The setting a bench server needs for `signUpShoppers`. */
const TRUST_LOOPBACK_PROXY = { TRUSTED_PROXIES: "127.0.0.1" };

const clientAddress = (index) => `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;

/** Signs up `count` shoppers; resolves to the headers each one's writes need. */
async function signUpShoppers(baseUrl, count) {
  const tag = Date.now();
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": clientAddress(index) },
        body: JSON.stringify({ email: `bench-shopper-${tag}-${index}@example.test`, password: "correct-horse-battery", name: `Bench Shopper ${index}` }),
      });
      if (!response.ok) throw new Error(`sign-up ${index} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      const cookie = response.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      return { cookie, origin: baseUrl, "content-type": "application/json", "x-forwarded-for": clientAddress(index) };
    }),
  );
}

/** What the write scenarios act on: the first `count` products with a video, each with an in-stock variant (or none). */
async function shoppableVideos(baseUrl, count) {
  const { items } = await (await fetch(`${baseUrl}/api/products?limit=${count}`)).json();
  return Promise.all(
    items
      .filter((product) => product.media.some((media) => media.type === "video"))
      .map(async (product) => {
        const detail = await (await fetch(`${baseUrl}/api/products/${product.id}`)).json();
        return {
          productId: product.id,
          mediaId: product.media.find((media) => media.type === "video").id,
          variantId: detail.variants?.find((variant) => variant.stock > 0)?.id ?? null,
        };
      }),
  );
}

/** Resident memory of a process in MB, from /proc (Linux). */
export async function residentMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

/**
 * A fresh store with `products` bench products (each size's stock `variantStock`), a server on it,
 * `shoppers` signed-in shoppers and `targets` videos to act on; runs `measure({ server, shoppers,
 * targets })`, then cleans up.
 */
export async function withShoppers({ root, port, products, shoppers: count, targets: targetCount, variantStock }, measure) {
  const store = await createStore();
  try {
    await (await startServer({ root, store, port })).stop();
    await insertCatalogue(store, products, { variantStock });
    const server = await startServer({ root, store, port, env: TRUST_LOOPBACK_PROXY });
    try {
      const shoppers = await signUpShoppers(server.baseUrl, count);
      const targets = await shoppableVideos(server.baseUrl, targetCount);
      return await measure({ server, shoppers, targets });
    } finally {
      await server.stop();
    }
  } finally {
    await store.cleanup();
  }
}

/** Autocannon's failures, with what they were. */
export function failuresOf(result) {
  const count = result.non2xx + result.errors + result.timeouts;
  return { count, text: `${count} failed (${result.non2xx} non-2xx ${JSON.stringify(result.statusCodeStats)}, ${result.timeouts} timeouts, ${result.errors} errors)` };
}
