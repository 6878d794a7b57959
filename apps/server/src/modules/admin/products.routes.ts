import { createRoute, z } from "@hono/zod-openapi";
import {
  AdminProductListQuerySchema,
  AdminProductPageSchema,
  AdminProductSaveSchema,
  AdminProductSchema,
  BulkProductActionSchema,
  BulkResultSchema,
  DraftCreatedSchema,
} from "@reelmart/core/api/admin";
import { IdParamSchema } from "@reelmart/core/api/catalog";
import type { RegisterRoutes } from "../../context.ts";
import { requireAdmin } from "../../http/viewer.ts";
import { adminErrors, jsonBody } from "./admin-http.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";
import {
  STALE_PRODUCT_MESSAGE,
  createAdminProduct,
  createDraftProduct,
  getAdminProduct,
  saveAdminProduct,
  setProductsStatus,
} from "./products.service.ts";
import { deleteAdminProduct, deleteAdminProducts } from "./product-deletion.service.ts";
import { listAdminProducts } from "./product-list.service.ts";

const tags = ["admin"];
const notFound = { 404: errorResponse("Unknown product") };

const listRoute = createRoute({
  method: "get",
  path: "/admin/products",
  tags,
  summary: "Products in every status: search, filters, sort, one keyset page at a time",
  request: { query: AdminProductListQuerySchema },
  responses: { 200: jsonResponse(AdminProductPageSchema, "A page of products"), ...adminErrors },
});

const createRouteDef = createRoute({
  method: "post",
  path: "/admin/products",
  tags,
  summary: "Create a product: with a body, the product as the editor's first save sends it (its version is not read); without one, the spec's draft {title, description, price 0, category 'other', stock 0, status 'draft'}",
  request: { body: { required: false, content: { "application/json": { schema: AdminProductSaveSchema } } } },
  responses: { 201: jsonResponse(DraftCreatedSchema, "The new product's id"), ...adminErrors },
});

const getRoute = createRoute({
  method: "get",
  path: "/admin/products/{id}",
  tags,
  summary: "Everything the product editor shows, with the version a save must name",
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(AdminProductSchema, "The product"), ...adminErrors, ...notFound },
});

const saveRoute = createRoute({
  method: "put",
  path: "/admin/products/{id}",
  tags,
  summary: "Save the whole product (fields, specifications, highlights, promotion, variants, listings, media order and flags)",
  request: { params: IdParamSchema, ...jsonBody(AdminProductSaveSchema) },
  responses: { 200: jsonResponse(AdminProductSchema, "The saved product"), ...adminErrors, ...notFound, 409: errorResponse(STALE_PRODUCT_MESSAGE) },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/admin/products/{id}",
  tags,
  summary: "Delete a product, its related rows and its stored files",
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(z.object({ removedFiles: z.number().int() }), "Deleted"), ...adminErrors, ...notFound },
});

const bulkRoute = createRoute({
  method: "post",
  path: "/admin/products/bulk",
  tags,
  summary: "Publish, archive or delete many products",
  request: jsonBody(BulkProductActionSchema),
  responses: { 200: jsonResponse(BulkResultSchema, "How many products changed"), ...adminErrors },
});

export const registerAdminProductRoutes: RegisterRoutes = (app, { database: { db }, storage }) => {
  app.openapi(listRoute, async (c) => c.json(await listAdminProducts(db, c.req.valid("query")), 200));
  app.openapi(createRouteDef, async (c) => {
    // The validator hands an absent body over as {}; a body that is there has passed the schema whole.
    const body = c.req.valid("json");
    const actor = requireAdmin(c);
    return c.json(Object.keys(body).length ? await createAdminProduct(db, actor, body) : await createDraftProduct(db, actor), 201);
  });
  app.openapi(bulkRoute, async (c) => {
    const actor = requireAdmin(c);
    const { ids, action } = c.req.valid("json");
    const affected =
      action === "delete" ? await deleteAdminProducts({ db, storage, logger: c.var.log }, actor, ids) : await setProductsStatus(db, actor, ids, action === "publish" ? "active" : "archived");
    return c.json({ affected }, 200);
  });
  app.openapi(getRoute, async (c) => c.json(await getAdminProduct(db, c.req.valid("param").id), 200));
  app.openapi(saveRoute, async (c) => c.json(await saveAdminProduct(db, requireAdmin(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(deleteRoute, async (c) => c.json(await deleteAdminProduct({ db, storage, logger: c.var.log }, requireAdmin(c), c.req.valid("param").id), 200));
};
