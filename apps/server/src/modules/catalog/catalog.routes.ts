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
} from "@reelmart/core/api/catalog";
import type { RegisterRoutes } from "../../context.ts";
import { badCursor, notFound } from "../../shared/errors.ts";
import { type Keyset, decodeCursor } from "./catalog.cursor.ts";
import { getBrand, listBrands } from "./brands.service.ts";
import { listCategories } from "./categories.service.ts";
import { listMarketplaces } from "./marketplaces.service.ts";
import { getProduct, getProductsByIds, listProducts } from "./products.service.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";

const badInput = errorResponse("A parameter is invalid; error.field names it");
const unknown = (what: string) => errorResponse(`No such ${what}`);

const listProductsRoute = createRoute({
  method: "get",
  path: "/products",
  tags: ["catalogue"],
  summary: "Active products, newest first",
  description: "Keyset paged; pass nextCursor back as cursor. marketplaceId keeps products listed in that marketplace.",
  request: { query: ProductListQuerySchema },
  responses: { 200: jsonResponse(ProductPageSchema, "One page of products"), 400: badInput },
});

const productBatchRoute = createRoute({
  method: "get",
  path: "/products/batch",
  tags: ["catalogue"],
  summary: "Active products by id, in the order asked for",
  description: "Up to 100 comma-separated ids; unknown or inactive ids are left out.",
  request: { query: ProductBatchQuerySchema },
  responses: { 200: jsonResponse(ProductListSchema, "The products found"), 400: badInput },
});

const productRoute = createRoute({
  method: "get",
  path: "/products/{id}",
  tags: ["catalogue"],
  summary: "One product with brand, media, highlights, promotions, variants and marketplaces",
  request: { params: IdParamSchema, query: ProductDetailQuerySchema },
  responses: { 200: jsonResponse(ProductDetailSchema, "The product"), 400: badInput, 404: unknown("product (or not listed in marketplaceId)") },
});

const listBrandsRoute = createRoute({
  method: "get",
  path: "/brands",
  tags: ["catalogue"],
  summary: "Brands, newest first",
  description: "Keyset paged; q keeps brands whose name contains it.",
  request: { query: BrandListQuerySchema },
  responses: { 200: jsonResponse(BrandPageSchema, "One page of brands"), 400: badInput },
});

const brandRoute = createRoute({
  method: "get",
  path: "/brands/{id}",
  tags: ["catalogue"],
  summary: "One brand with its active product count",
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(BrandSchema, "The brand"), 400: badInput, 404: unknown("brand") },
});

const categoriesRoute = createRoute({
  method: "get",
  path: "/categories",
  tags: ["catalogue"],
  summary: "Product categories by name",
  responses: { 200: jsonResponse(CategoryListSchema, "Every category") },
});

const marketplacesRoute = createRoute({
  method: "get",
  path: "/marketplaces",
  tags: ["catalogue"],
  summary: "Active marketplaces in display order",
  responses: { 200: jsonResponse(MarketplaceListSchema, "Every active marketplace") },
});

function keysetFrom(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined) return undefined;
  const keyset = decodeCursor(cursor);
  if (!keyset) throw badCursor();
  return keyset;
}

export const registerCatalogRoutes: RegisterRoutes = (app, { database, readModel }) => {
  const { db } = database;

  app.openapi(listProductsRoute, async (c) => {
    const { cursor, ...filters } = c.req.valid("query");
    return c.json(await listProducts(db, { ...filters, after: keysetFrom(cursor) }), 200);
  });

  // Registered before /products/{id} so "batch" is never read as an id.
  app.openapi(productBatchRoute, async (c) => {
    return c.json({ items: await getProductsByIds(db, c.req.valid("query").ids) }, 200);
  });

  app.openapi(productRoute, async (c) => {
    const { id } = c.req.valid("param");
    const product = await getProduct({ db, cache: readModel?.catalogue, answers: readModel?.productAnswers }, id, c.req.valid("query").marketplaceId);
    if (!product) throw notFound(`Product with ID ${id} not found`);
    return c.json(product, 200);
  });

  app.openapi(listBrandsRoute, async (c) => {
    const { cursor, ...filters } = c.req.valid("query");
    return c.json(await listBrands(db, { ...filters, after: keysetFrom(cursor) }), 200);
  });

  app.openapi(brandRoute, async (c) => {
    const { id } = c.req.valid("param");
    const brand = await getBrand(db, id);
    if (!brand) throw notFound(`Brand with ID ${id} not found`);
    return c.json(brand, 200);
  });

  app.openapi(categoriesRoute, async (c) => c.json({ items: await listCategories(db) }, 200));

  app.openapi(marketplacesRoute, async (c) => c.json({ items: await listMarketplaces(db) }, 200));
};
