import type { Cart } from "@reelmart/core/api/cart";
import type { Order } from "@reelmart/core/api/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ListeningApp, listenInTestRange } from "../../testing/media-sources.ts";
import { type OwnerShop, callAs, createOwnerProduct, openOwnerShop } from "../../testing/owner-shop.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";

// A shopper may share a video of a product they carted or bought (decision 091): bought is the
// orders module's word (hasBoughtProduct), an order the store took and that was neither cancelled
// nor returned. Placing an order empties the cart, so without it a buyer could never share.

const ADDRESS = { name: "Asha Rao", phone: "98765 43210", line1: "12 MG Road", city: "Bengaluru", state: "Karnataka", postalCode: "560001", countryCode: "IN" };
const base64 = (value: string) => Buffer.from(value).toString("base64");

describe("who may start sharing a video of a product", () => {
  let server: TestServer;
  let http: ListeningApp;
  let shop: OwnerShop;
  let productId: string;

  beforeAll(async () => {
    server = await startTestServer();
    http = await listenInTestRange(server.app);
    shop = await openOwnerShop(server, http.url);
    productId = (await createOwnerProduct(shop, { title: "Clay teapot", price: "899.00" })).id;
  });
  afterAll(async () => {
    await http?.close();
    await server?.close();
  });

  /** The submission form's first request: the tus creation of a 1 MB upload for the product. */
  async function startSubmission(user: TestUser): Promise<{ status: number; message?: string }> {
    const response = await fetch(`${http.url}/api/uploads`, {
      method: "POST",
      headers: {
        cookie: user.cookie,
        origin: "http://localhost:3000",
        "tus-resumable": "1.0.0",
        "upload-length": String(1024 * 1024),
        "upload-metadata": `purpose ${base64("submission")},productId ${base64(productId)},filename ${base64("teapot.mp4")}`,
      },
    });
    const body = response.status >= 400 ? ((await response.json()) as { error: { message: string } }) : undefined;
    return { status: response.status, message: body?.error.message };
  }

  /** A shopper who put the teapot in the cart and ordered it, cash on delivery. */
  async function buyer(): Promise<{ shopper: TestUser; order: Order }> {
    const shopper = await signUpUser(server);
    await callAs(server, shopper, "POST", "/api/cart/items", { productId, quantity: 1 });
    const order = await callAs<Order>(server, shopper, "POST", "/api/orders", { marketplaceId: shop.marketplaceId, address: ADDRESS, paymentMethod: "cod" });
    expect((await callAs<Cart>(server, shopper, "GET", "/api/cart")).items).toEqual([]);
    return { shopper, order };
  }

  it("lets a buyer share once the order is delivered, with nothing left in the cart", async () => {
    const { shopper, order } = await buyer();
    for (const action of ["ship", "deliver"]) await callAs(server, shop.admin, "POST", `/api/admin/orders/${order.id}/actions`, { action });
    expect((await callAs<Order>(server, shopper, "GET", `/api/orders/${order.id}`)).status).toBe("delivered");
    expect(await startSubmission(shopper)).toEqual({ status: 201 });
  });

  it("lets a buyer share while the order is on its way", async () => {
    const { shopper } = await buyer();
    expect(await startSubmission(shopper)).toEqual({ status: 201 });
  });

  it("refuses a shopper who never carted nor bought it, and one whose order was cancelled", async () => {
    const refusal = { status: 403, message: "You can share a video of a product you bought or added to your cart" };
    expect(await startSubmission(await signUpUser(server))).toEqual(refusal);
    const { shopper, order } = await buyer();
    await callAs(server, shopper, "POST", `/api/orders/${order.id}/cancel`, {});
    expect(await startSubmission(shopper)).toEqual(refusal);
  });
});
