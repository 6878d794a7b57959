import { createRoute, z } from "@hono/zod-openapi";
import {
  AdminBrandSchema,
  AdminCategorySchema,
  AdminMarketplaceSchema,
  BrandDeletedSchema,
  BrandImageParamSchema,
  BrandInputSchema,
  CategoryInputSchema,
  MarketplaceInputSchema,
  MarketplaceOrderSchema,
  NameParamSchema,
  StoreSettingsInputSchema,
  StoreSettingsSchema,
} from "@reelmart/core/api/admin";
import { IdParamSchema } from "@reelmart/core/api/catalog";
import type { RegisterRoutes } from "../../context.ts";
import { withRequestLog } from "../../http/request-context.ts";
import { requireAdmin } from "../../http/viewer.ts";
import { adminErrors, imageBodyLimit, imageUploadErrors, jsonBody, uploadedFile } from "./admin-http.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";
import { createBrand, deleteBrand, listAdminBrands, replaceBrandImage, updateBrand } from "./brands.service.ts";
import { createCategory, deleteCategory, listAdminCategories, renameCategory } from "./categories.service.ts";
import { createMarketplace, listAdminMarketplaces, reorderMarketplaces, replaceMarketplaceFlag, updateMarketplace } from "./marketplaces.service.ts";
import { getSettings, saveSettings, uploadSplashLogo } from "./settings.service.ts";

const tags = ["admin"];
const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

// ---------- brands ----------
const brandNotFound = { 404: errorResponse("Unknown brand") };
const listBrandsRoute = createRoute({ method: "get", path: "/admin/brands", tags, summary: "Every brand, newest first, with product counts", responses: { 200: jsonResponse(list(AdminBrandSchema), "Brands"), ...adminErrors } });
const createBrandRoute = createRoute({ method: "post", path: "/admin/brands", tags, summary: "Create a brand", request: jsonBody(BrandInputSchema), responses: { 201: jsonResponse(AdminBrandSchema, "The brand"), ...adminErrors } });
const updateBrandRoute = createRoute({
  method: "put",
  path: "/admin/brands/{id}",
  tags,
  summary: "Edit a brand's name, description, website and featured (shown as verified)",
  request: { params: IdParamSchema, ...jsonBody(BrandInputSchema) },
  responses: { 200: jsonResponse(AdminBrandSchema, "The brand"), ...adminErrors, ...brandNotFound },
});
const deleteBrandRoute = createRoute({
  method: "delete",
  path: "/admin/brands/{id}",
  tags,
  summary: "Delete a brand; its products stay, without a brand (decision 081)",
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(BrandDeletedSchema, "Deleted, with how many products lost their brand"), ...adminErrors, ...brandNotFound },
});
const brandImageRoute = createRoute({
  method: "post",
  path: "/admin/brands/{id}/images/{kind}",
  tags,
  summary: "Upload a brand's logo or cover (multipart field 'file'; PNG, JPEG, GIF or WebP up to 5 MB, checked by its bytes)",
  request: { params: BrandImageParamSchema },
  responses: { 200: jsonResponse(AdminBrandSchema, "The brand"), ...imageUploadErrors },
});

// ---------- categories ----------
const categoryNotFound = { 404: errorResponse("Unknown category") };
const listCategoriesRoute = createRoute({ method: "get", path: "/admin/categories", tags, summary: "Categories by name, with product counts", responses: { 200: jsonResponse(list(AdminCategorySchema), "Categories"), ...adminErrors } });
const createCategoryRoute = createRoute({
  method: "post",
  path: "/admin/categories",
  tags,
  summary: "Add a category",
  request: jsonBody(CategoryInputSchema),
  responses: { 201: jsonResponse(AdminCategorySchema, "The category"), ...adminErrors, 409: errorResponse("The name is taken") },
});
const renameCategoryRoute = createRoute({
  method: "put",
  path: "/admin/categories/{name}",
  tags,
  summary: "Rename a category; its products follow",
  request: { params: NameParamSchema, ...jsonBody(CategoryInputSchema) },
  responses: { 200: jsonResponse(AdminCategorySchema, "The category"), ...adminErrors, ...categoryNotFound, 409: errorResponse("The new name is taken") },
});
const deleteCategoryRoute = createRoute({
  method: "delete",
  path: "/admin/categories/{name}",
  tags,
  summary: "Delete a category no product uses",
  request: { params: NameParamSchema },
  responses: { 204: { description: "Deleted" }, ...adminErrors, ...categoryNotFound, 409: errorResponse("Products use the category (the message names how many)") },
});

// ---------- marketplaces ----------
const marketplaceNotFound = { 404: errorResponse("Unknown marketplace") };
const listMarketplacesRoute = createRoute({
  method: "get",
  path: "/admin/marketplaces",
  tags,
  summary: "Every marketplace, active or not, in display order",
  responses: { 200: jsonResponse(list(AdminMarketplaceSchema), "Marketplaces"), ...adminErrors },
});
const createMarketplaceRoute = createRoute({
  method: "post",
  path: "/admin/marketplaces",
  tags,
  summary: "Add a marketplace (last in the order)",
  request: jsonBody(MarketplaceInputSchema),
  responses: { 201: jsonResponse(AdminMarketplaceSchema, "The marketplace"), ...adminErrors },
});
const updateMarketplaceRoute = createRoute({
  method: "put",
  path: "/admin/marketplaces/{id}",
  tags,
  summary: "Edit a marketplace's name, tagline, flag and whether it is active",
  request: { params: IdParamSchema, ...jsonBody(MarketplaceInputSchema) },
  responses: { 200: jsonResponse(AdminMarketplaceSchema, "The marketplace"), ...adminErrors, ...marketplaceNotFound },
});
const reorderMarketplacesRoute = createRoute({
  method: "put",
  path: "/admin/marketplace-order",
  tags,
  summary: "Set the marketplaces' display order (every id exactly once)",
  request: jsonBody(MarketplaceOrderSchema),
  responses: { 200: jsonResponse(list(AdminMarketplaceSchema), "Marketplaces in the new order"), ...adminErrors },
});
const marketplaceFlagRoute = createRoute({
  method: "post",
  path: "/admin/marketplaces/{id}/flag",
  tags,
  summary: "Upload a marketplace's flag image (multipart field 'file', checked by its bytes)",
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(AdminMarketplaceSchema, "The marketplace"), ...imageUploadErrors },
});

// ---------- settings ----------
const getSettingsRoute = createRoute({ method: "get", path: "/admin/settings", tags, summary: "The store's name and splash screen", responses: { 200: jsonResponse(StoreSettingsSchema, "Settings"), ...adminErrors } });
const saveSettingsRoute = createRoute({
  method: "put",
  path: "/admin/settings",
  tags,
  summary: "Save the store's name and splash screen (served at /splash/config.json at once)",
  request: jsonBody(StoreSettingsInputSchema),
  responses: { 200: jsonResponse(StoreSettingsSchema, "Settings"), ...adminErrors },
});
const splashLogoRoute = createRoute({
  method: "post",
  path: "/admin/settings/splash-logo",
  tags,
  summary: "Upload a splash logo (multipart field 'file'); returns its URL for the settings",
  responses: { 200: jsonResponse(z.object({ url: z.string() }), "The stored logo's URL"), ...imageUploadErrors },
});

export const registerAdminStoreRoutes: RegisterRoutes = (app, { database: { db }, storage, logger }) => {
  const deps = { db, storage, logger };

  app.openapi(listBrandsRoute, async (c) => c.json({ items: await listAdminBrands(db) }, 200));
  app.openapi(createBrandRoute, async (c) => c.json(await createBrand(db, requireAdmin(c), c.req.valid("json")), 201));
  app.openapi(updateBrandRoute, async (c) => c.json(await updateBrand(db, requireAdmin(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(deleteBrandRoute, async (c) => c.json(await deleteBrand(withRequestLog(c, deps), requireAdmin(c), c.req.valid("param").id), 200));
  app.use("/admin/brands/:id/images/:kind", imageBodyLimit);
  app.openapi(brandImageRoute, async (c) => {
    const { id, kind } = c.req.valid("param");
    return c.json(await replaceBrandImage(withRequestLog(c, deps), requireAdmin(c), id, kind, await uploadedFile(c)), 200);
  });

  app.openapi(listCategoriesRoute, async (c) => c.json({ items: await listAdminCategories(db) }, 200));
  app.openapi(createCategoryRoute, async (c) => c.json(await createCategory(db, requireAdmin(c), c.req.valid("json").name), 201));
  app.openapi(renameCategoryRoute, async (c) => c.json(await renameCategory(db, requireAdmin(c), c.req.valid("param").name, c.req.valid("json").name), 200));
  app.openapi(deleteCategoryRoute, async (c) => {
    await deleteCategory(db, requireAdmin(c), c.req.valid("param").name);
    return c.body(null, 204);
  });

  app.openapi(listMarketplacesRoute, async (c) => c.json({ items: await listAdminMarketplaces(db) }, 200));
  app.openapi(createMarketplaceRoute, async (c) => c.json(await createMarketplace(db, requireAdmin(c), c.req.valid("json")), 201));
  app.openapi(updateMarketplaceRoute, async (c) => c.json(await updateMarketplace(db, requireAdmin(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(reorderMarketplacesRoute, async (c) => c.json({ items: await reorderMarketplaces(db, requireAdmin(c), c.req.valid("json").ids) }, 200));
  app.use("/admin/marketplaces/:id/flag", imageBodyLimit);
  app.openapi(marketplaceFlagRoute, async (c) => c.json(await replaceMarketplaceFlag(withRequestLog(c, deps), requireAdmin(c), c.req.valid("param").id, await uploadedFile(c)), 200));

  app.openapi(getSettingsRoute, async (c) => c.json(await getSettings(db), 200));
  app.openapi(saveSettingsRoute, async (c) => c.json(await saveSettings(withRequestLog(c, deps), requireAdmin(c), c.req.valid("json")), 200));
  app.use("/admin/settings/splash-logo", imageBodyLimit);
  app.openapi(splashLogoRoute, async (c) => {
    requireAdmin(c);
    return c.json(await uploadSplashLogo(storage, await uploadedFile(c)), 200);
  });
};
