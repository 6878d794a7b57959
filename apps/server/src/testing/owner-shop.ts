import type { AdminProduct, AdminProductSaveInput } from "@reelmart/core/api/admin";
import sharp from "sharp";
import { createLogger } from "../logger.ts";
import { createMediaContext, mediaJobKinds } from "../modules/media/media-jobs.ts";
import { drainJobs } from "../modules/media/queue.ts";
import type { TestServer } from "./test-server.ts";
import { tusUpload } from "./tus-upload.ts";
import { type TestUser, signUpUser } from "./users.ts";

// A shop as a new owner makes it in /admin, not as the demo seed writes it: a marketplace, a brand
// and a category, products created as drafts and saved by the product editor's endpoint, their
// media uploaded over tus as the editor's uploader sends them and processed by the media jobs.

export interface OwnerShop {
  server: TestServer;
  /** Where the app listens on a socket (tus uploads are real HTTP). */
  base: string;
  admin: TestUser;
  marketplaceId: string;
  brandId: string;
  category: string;
}

const logger = createLogger({ logLevel: "silent" });

/** A request as the signed-in `user`, refused loudly: a setup step that fails is not what a test checks. */
export async function callAs<T>(server: TestServer, user: TestUser, method: string, target: string, body?: unknown): Promise<T> {
  const response = await server.request(target, {
    method,
    headers: { ...user.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${method} ${target}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** A new admin, and the marketplace, brand and category their first products go in. */
export async function openOwnerShop(server: TestServer, base: string): Promise<OwnerShop> {
  const admin = await signUpUser(server, { admin: true });
  const marketplace = await callAs<{ id: string }>(server, admin, "POST", "/api/admin/marketplaces", { name: "India", tagline: null, flagUrl: "/flags/in.svg", isActive: true });
  const brand = await callAs<{ id: string }>(server, admin, "POST", "/api/admin/brands", { name: "Anvil Home", description: null, websiteUrl: null, featured: false });
  const category = await callAs<{ name: string }>(server, admin, "POST", "/api/admin/categories", { name: "kitchen" });
  return { server, base, admin, marketplaceId: marketplace.id, brandId: brand.id, category: category.name };
}

/** The editor's save body for `product` as loaded, with `changes`. */
export function editorSaveBody(product: AdminProduct, changes: Partial<AdminProductSaveInput> = {}): AdminProductSaveInput {
  return {
    version: product.version,
    title: product.title,
    description: product.description,
    price: product.price,
    discountPercentage: product.discountPercentage,
    category: product.category,
    stock: product.stock,
    status: product.status,
    brandId: product.brandId,
    specifications: product.specifications as AdminProductSaveInput["specifications"],
    highlights: product.highlights,
    promotion: product.promotion,
    variants: product.variants,
    marketplaceIds: product.marketplaceIds,
    media: product.media.map(({ id, category, isMain, isCover, displayOnLandingPage, displayOnProfilePage }) => ({
      id,
      category,
      isMain,
      isCover,
      displayOnLandingPage,
      displayOnProfilePage,
    })),
    ...changes,
  };
}

export const getOwnerProduct = (shop: OwnerShop, id: string) => callAs<AdminProduct>(shop.server, shop.admin, "GET", `/api/admin/products/${id}`);

/** Loads the product in the editor and saves it with `changes` (each field as the editor sends it). */
export async function saveOwnerProduct(shop: OwnerShop, id: string, changes: Partial<AdminProductSaveInput> | ((product: AdminProduct) => Partial<AdminProductSaveInput>)): Promise<AdminProduct> {
  const product = await getOwnerProduct(shop, id);
  const body = editorSaveBody(product, typeof changes === "function" ? changes(product) : changes);
  return callAs<AdminProduct>(shop.server, shop.admin, "PUT", `/api/admin/products/${id}`, body);
}

/** "New product" (a draft), then its details saved: active, in the shop's marketplace, brand and category. */
export async function createOwnerProduct(shop: OwnerShop, fields: { title: string; price: string; stock?: number }): Promise<AdminProduct> {
  const { id } = await callAs<{ id: string }>(shop.server, shop.admin, "POST", "/api/admin/products");
  return saveOwnerProduct(shop, id, {
    title: fields.title,
    description: `${fields.title}, made by hand.`,
    price: fields.price,
    stock: fields.stock ?? 20,
    status: "active",
    category: shop.category,
    brandId: shop.brandId,
    marketplaceIds: [shop.marketplaceId],
  });
}

/**
 * A file dropped on the product editor's uploader (its metadata: purpose, product, file name and
 * type, no title), stored over tus, then processed by the media jobs; resolves to the media's id.
 */
export async function uploadProductMedia(shop: OwnerShop, productId: string, file: { bytes: Buffer; name: string; type: string }): Promise<string> {
  const purpose = file.type.startsWith("image/") ? "product-image" : "product-video";
  const outcome = await tusUpload(shop.base, shop.admin, file.bytes, { purpose, productId, filename: file.name, filetype: file.type });
  if (outcome.status !== 200) throw new Error(`upload of ${file.name}: ${outcome.status} ${outcome.body}`);
  const { mediaId } = JSON.parse(outcome.body) as { mediaId: string };
  await drainJobs(shop.server.deps.database.db, mediaJobKinds(createMediaContext(shop.server.deps)), logger);
  return mediaId;
}

/** A photo as a phone would send one: a small PNG of one colour. */
export async function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 240, channels: 3, background: colour } }).png().toBuffer();
}
