import { createRoute } from "@hono/zod-openapi";
import {
  BrandListQuerySchema,
  BrandPageSchema,
  BrandSchema,
  CategoryListSchema,
  IdParamSchema,
  MarketplaceListSchema,
  ProductBatchQuerySchema,
  ProductDetailQuerySchema,
  ProductDetailSchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductPageSchema,
  SearchQuerySchema,
} from "@reelmart/core/api/catalog";
import { ErrorBodySchema } from "@reelmart/core/api/errors";
import type { z } from "zod";
import type { RegisterRoutes } from "../../context.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { type Keyset, decodeCursor } from "./catalog.cursor.ts";
import * as catalog from "./catalog.service.ts";

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const badInput = json(ErrorBodySchema, "A parameter is invalid; error.field names it");
const unknown = (what: string) => json(ErrorBodySchema, `No such ${what}`);

const listProductsRoute = createRoute({
  method: "get",
  path: "/products",
  tags: ["catalogue"],
  summary: "Active products, newest first",
  description: "Keyset paged; pass nextCursor back as cursor. marketplaceId keeps products listed in that marketplace.",
  request: { query: ProductListQuerySchema },
  responses: { 200: json(ProductPageSchema, "One page of products"), 400: badInput },
});

const productBatchRoute = createRoute({
  method: "get",
  path: "/products/batch",
  tags: ["catalogue"],
  summary: "Active products by id, in the order asked for",
  description: "Up to 100 comma-separated ids; unknown or inactive ids are left out.",
  request: { query: ProductBatchQuerySchema },
  responses: { 200: json(ProductListSchema, "The products found"), 400: badInput },
});

const productRoute = createRoute({
  method: "get",
  path: "/products/{id}",
  tags: ["catalogue"],
  summary: "One product with brand, media, highlights, promotions, variants and marketplaces",
  request: { params: IdParamSchema, query: ProductDetailQuerySchema },
  responses: { 200: json(ProductDetailSchema, "The product"), 400: badInput, 404: unknown("product (or not listed in marketplaceId)") },
});

const listBrandsRoute = createRoute({
  method: "get",
  path: "/brands",
  tags: ["catalogue"],
  summary: "Brands, newest first",
  description: "Keyset paged; q keeps brands whose name contains it.",
  request: { query: BrandListQuerySchema },
  responses: { 200: json(BrandPageSchema, "One page of brands"), 400: badInput },
});

const brandRoute = createRoute({
  method: "get",
  path: "/brands/{id}",
  tags: ["catalogue"],
  summary: "One brand with its active product count",
  request: { params: IdParamSchema },
  responses: { 200: json(BrandSchema, "The brand"), 400: badInput, 404: unknown("brand") },
});

const categoriesRoute = createRoute({
  method: "get",
  path: "/categories",
  tags: ["catalogue"],
  summary: "Product categories by name",
  responses: { 200: json(CategoryListSchema, "Every category") },
});

const marketplacesRoute = createRoute({
  method: "get",
  path: "/marketplaces",
  tags: ["catalogue"],
  summary: "Active marketplaces in display order",
  responses: { 200: json(MarketplaceListSchema, "Every active marketplace") },
});

const searchRoute = createRoute({
  method: "get",
  path: "/search",
  tags: ["catalogue"],
  summary: "Search active products by title, description and category",
  description: "Case-insensitive substring match; % and _ match themselves. Title matches rank first. A blank q returns no items.",
  request: { query: SearchQuerySchema },
  responses: { 200: json(ProductListSchema, "Matching products"), 400: badInput },
});

function keysetFrom(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined) return undefined;
  const keyset = decodeCursor(cursor);
  if (!keyset) throw badRequest("cursor: is not a cursor this server handed out", "cursor");
  return keyset;
}

export const registerCatalogRoutes: RegisterRoutes = (app, { database }) => {
  const { db } = database;

  app.openapi(listProductsRoute, async (c) => {
    const { cursor, ...filters } = c.req.valid("query");
    return c.json(await catalog.listProducts(db, { ...filters, after: keysetFrom(cursor) }), 200);
  });

  // Registered before /products/{id} so "batch" is never read as an id.
  app.openapi(productBatchRoute, async (c) => {
    return c.json({ items: await catalog.getProductsByIds(db, c.req.valid("query").ids) }, 200);
  });

  app.openapi(productRoute, async (c) => {
    const { id } = c.req.valid("param");
    const product = await catalog.getProduct(db, id, c.req.valid("query").marketplaceId);
    if (!product) throw notFound(`Product with ID ${id} not found`);
    return c.json(product, 200);
  });

  app.openapi(listBrandsRoute, async (c) => {
    const { cursor, ...filters } = c.req.valid("query");
    return c.json(await catalog.listBrands(db, { ...filters, after: keysetFrom(cursor) }), 200);
  });

  app.openapi(brandRoute, async (c) => {
    const { id } = c.req.valid("param");
    const brand = await catalog.getBrand(db, id);
    if (!brand) throw notFound(`Brand with ID ${id} not found`);
    return c.json(brand, 200);
  });

  app.openapi(categoriesRoute, async (c) => c.json({ items: await catalog.listCategories(db) }, 200));

  app.openapi(marketplacesRoute, async (c) => c.json({ items: await catalog.listMarketplaces(db) }, 200));

  app.openapi(searchRoute, async (c) => c.json({ items: await catalog.searchProducts(db, c.req.valid("query")) }, 200));
};
