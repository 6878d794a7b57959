import { z } from "zod";
import { CursorSchema, MoneySchema, ProductFieldsSchema, ProductPromotionSchema, ProductStatusSchema, ProductVariantSchema } from "./catalog.ts";
import { MediaTitleSchema } from "./discovery.ts";
import { UuidSchema } from "./ids.ts";
import { fieldError, rupeesSchema } from "./field-messages.ts";
import { OrderStatsSchema } from "./orders.ts";
import { safeText } from "./text.ts";

// The shop owner's admin contract (issue 11): the server validates /api/admin input with these and
// the admin screens' forms validate with the same schemas (react-hook-form's zod resolver).

export const ADMIN_PAGE_DEFAULT_LIMIT = 25;
export const ADMIN_PAGE_MAX_LIMIT = 100;
export const ADMIN_BULK_MAX_IDS = 100;

/** Text the owner types, named as the screens label it: trimmed, with a length the screens show. */
const text = (label: string, max: number) => safeText(label).trim().max(max);
const requiredText = (label: string, max: number) => text(label, max).min(1);
/** An optional text field: blank means none. */
const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((value) => (value ? value : null));

/** The largest amount numeric(12,2) holds: 10 digits before the point. */
export const MAX_PRICE = "9999999999.99";
/** Rupees as typed ("1299", "1299.5", "1299.50"); ₹0 is a draft's price (DRAFT_PRODUCT_DEFAULTS). */
export const PriceInputSchema = rupeesSchema("Price", { min: "0", max: MAX_PRICE });
/** A variant's price difference, which may be negative. */
export const PriceAdjustmentInputSchema = rupeesSchema("Price +/-", { min: `-${MAX_PRICE}`, max: MAX_PRICE });

const urlSchema = (label: string) => z.url({ protocol: /^https?$/, error: fieldError(label) }).max(2000);
/** Stored file URLs are our own paths ("/media/…") or absolute web addresses. */
const imageUrlSchema = (label: string, base = text(label, 2000)) =>
  base.refine((value) => value.startsWith("/") || /^https?:\/\//.test(value), {
    error: () => `${label} must be a web address starting with https:// or an uploaded file`,
  });

export const NameParamSchema = z.object({ name: requiredText("Category name", 100) });

// ---------- products ----------

export const ADMIN_PRODUCT_SORTS = ["newest", "title", "price", "stock"] as const;

export const AdminProductListQuerySchema = z.object({
  q: text("Search", 200).optional(),
  status: ProductStatusSchema.optional(),
  category: text("Category", 100).optional(),
  brandId: UuidSchema.optional(),
  marketplaceId: UuidSchema.optional(),
  outOfStock: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default("newest"),
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX_LIMIT).default(ADMIN_PAGE_DEFAULT_LIMIT),
});
export type AdminProductListQuery = z.input<typeof AdminProductListQuerySchema>;

export const AdminProductRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: ProductStatusSchema,
  price: MoneySchema,
  discountPercentage: z.number(),
  stock: z.number().int(),
  category: z.string(),
  brand: z.object({ id: z.string(), name: z.string() }).nullable(),
  thumbnailUrl: z.string().nullable(),
  marketplaceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;
export const AdminProductPageSchema = z.object({ items: z.array(AdminProductRowSchema), nextCursor: z.string().nullable() });
export type AdminProductPage = z.infer<typeof AdminProductPageSchema>;

export const DraftCreatedSchema = z.object({ id: z.string() });

export const AdminMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  type: z.enum(["image", "video"]),
  category: z.enum(["product", "ugc"]),
  title: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  status: z.enum(["processing", "ready", "failed"]),
  isMain: z.boolean(),
  isCover: z.boolean(),
  displayOrder: z.number().int(),
  displayOnLandingPage: z.boolean(),
  displayOnProfilePage: z.boolean(),
});
export type AdminMedia = z.infer<typeof AdminMediaSchema>;

export const AdminProductSchema = ProductFieldsSchema.extend({
  specifications: z.record(z.string(), z.unknown()),
  highlights: z.array(z.string()).describe("In display order"),
  promotion: ProductPromotionSchema.omit({ id: true }).nullable(),
  variants: z.array(ProductVariantSchema),
  marketplaceIds: z.array(z.string()),
  media: z.array(AdminMediaSchema).describe("By displayOrder"),
  version: z.number().int().describe("Send it back with a save: a save based on an older version answers 409"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

/** The known specification keys (001 §3); any other key is kept as the owner typed it. */
export const SpecificationsInputSchema = z
  .object({
    sizes: z.array(requiredText("Size", 50), { error: fieldError("Sizes") }).max(50).optional(),
    colors: z.array(requiredText("Colour", 50), { error: fieldError("Colours") }).max(50).optional(),
    offers: z.array(requiredText("Offer", 200), { error: fieldError("Offers") }).max(20).optional(),
    highlights: z.array(requiredText("Highlight", 200), { error: fieldError("Highlights") }).max(20).optional(),
    hasSizeOptions: z.boolean().optional(),
    hasColorOptions: z.boolean().optional(),
  })
  .catchall(
    z.union([safeText("Specification").max(2000), z.number(), z.boolean(), z.array(safeText("Specification").max(200)).max(50)], {
      error: () => "A specification's value must be text, a number or a list of words",
    }),
  )
  .refine((value) => Object.keys(value).length <= 50, { error: () => "A product can have at most 50 specifications" })
  .refine((value) => Object.keys(value).every((key) => key.length >= 1 && key.length <= 100), {
    error: () => "A specification's name must be 1 to 100 characters",
  });

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export const VariantInputSchema = z.object({
  id: UuidSchema.optional().describe("An existing variant's id (kept stable: cart lines refer to it); absent for a new variant"),
  size: optionalText("Size", 50),
  color: optionalText("Colour", 50),
  colorHex: z
    .string({ error: fieldError("Colour hex") })
    .trim()
    .regex(HEX_COLOUR, { error: () => "Colour hex must be a colour like #1a2b3c" })
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((value) => value ?? null),
  stock: z.number({ error: fieldError("Stock") }).int().min(0).max(1_000_000),
  priceAdjustment: PriceAdjustmentInputSchema,
  imageUrl: imageUrlSchema("Image").nullish().or(z.literal("").transform(() => null)).transform((value) => value ?? null),
});
export type VariantInput = z.input<typeof VariantInputSchema>;

export const MediaSettingsInputSchema = z.object({
  id: UuidSchema,
  title: MediaTitleSchema.nullable().optional().describe("The media's own title; null to show the product's title instead; absent to leave it"),
  category: z.enum(["product", "ugc"]),
  isMain: z.boolean(),
  isCover: z.boolean(),
  displayOnLandingPage: z.boolean(),
  displayOnProfilePage: z.boolean(),
});

export const AdminProductSaveSchema = z
  .object({
    version: z.number().int().min(0),
    title: requiredText("Title", 300),
    description: text("Description", 10_000),
    price: PriceInputSchema,
    discountPercentage: z.number({ error: fieldError("Discount", { unit: "%" }) }).min(0).max(100),
    category: requiredText("Category", 100),
    stock: z.number({ error: fieldError("Stock") }).int().min(0).max(10_000_000),
    status: ProductStatusSchema,
    brandId: UuidSchema.nullable(),
    specifications: SpecificationsInputSchema,
    highlights: z.array(requiredText("Highlight", 200), { error: fieldError("Highlights") }).max(20),
    promotion: z
      .object({
        hasPromotion: z.boolean(),
        label: optionalText("Promotion label", 100),
        promoEndDate: z.iso
          .datetime({ offset: true, error: fieldError("Promotion end") })
          .nullish()
          .transform((value) => value ?? null),
      })
      .nullable(),
    variants: z.array(VariantInputSchema, { error: fieldError("Variants") }).max(200),
    marketplaceIds: z.array(UuidSchema).max(100),
    media: z.array(MediaSettingsInputSchema).max(200).describe("Every media of the product in display order, with its flags"),
  })
  .superRefine((value, ctx) => {
    if (value.media.filter((media) => media.isMain).length > 1) ctx.addIssue({ code: "custom", path: ["media"], message: "Only one video can be the main video" });
    if (value.media.filter((media) => media.isCover).length > 1) ctx.addIssue({ code: "custom", path: ["media"], message: "Only one image can be the cover" });
    const ids = value.variants.map((variant) => variant.id).filter(Boolean);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["variants"], message: "A variant is listed twice; remove one" });
  });
export type AdminProductSaveInput = z.input<typeof AdminProductSaveSchema>;
export type AdminProductSave = z.output<typeof AdminProductSaveSchema>;

export const BULK_ACTIONS = ["publish", "archive", "delete"] as const;
export const BulkProductActionSchema = z.object({
  ids: z
    .array(UuidSchema)
    .min(1, { error: () => "Choose at least one product" })
    .max(ADMIN_BULK_MAX_IDS, { error: () => `Choose at most ${ADMIN_BULK_MAX_IDS} products at a time` }),
  action: z.enum(BULK_ACTIONS),
});
export const BulkResultSchema = z.object({ affected: z.number().int() });

// ---------- brands ----------

export const AdminBrandSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  featured: z.boolean(),
  productCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminBrand = z.infer<typeof AdminBrandSchema>;

export const BrandInputSchema = z.object({
  name: requiredText("Name", 120),
  description: optionalText("Description", 2000),
  websiteUrl: urlSchema("Website").nullish().or(z.literal("").transform(() => null)).transform((value) => value ?? null),
  featured: z.boolean(),
});
export type BrandInput = z.input<typeof BrandInputSchema>;

export const BRAND_IMAGE_KINDS = ["logo", "cover"] as const;
export const BrandImageParamSchema = z.object({ id: UuidSchema, kind: z.enum(BRAND_IMAGE_KINDS) });
export const BrandDeletedSchema = z.object({ unassignedProducts: z.number().int() });

/** Brand logos, covers, flags and the splash logo: the same 5 MB limit as avatars. */
export const ADMIN_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

// ---------- categories ----------

export const AdminCategorySchema = z.object({ name: z.string(), productCount: z.number().int() });
export type AdminCategory = z.infer<typeof AdminCategorySchema>;
export const CategoryInputSchema = z.object({ name: requiredText("Category name", 100) });

// ---------- marketplaces ----------

export const AdminMarketplaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  tagline: z.string().nullable(),
  flagUrl: z.string(),
  isActive: z.boolean(),
  displayOrder: z.number().int(),
  productCount: z.number().int(),
});
export type AdminMarketplace = z.infer<typeof AdminMarketplaceSchema>;
export const MarketplaceInputSchema = z.object({
  name: requiredText("Name", 100),
  tagline: optionalText("Tagline", 200),
  flagUrl: imageUrlSchema("Flag image URL", requiredText("Flag image URL", 2000)),
  isActive: z.boolean(),
});
export type MarketplaceInput = z.input<typeof MarketplaceInputSchema>;
export const MarketplaceOrderSchema = z.object({ ids: z.array(UuidSchema).min(1).max(500) });

// ---------- settings ----------

export const StoreSettingsSchema = z.object({
  storeName: z.string(),
  splashBrandName: z.string(),
  splashLogoUrl: z.string().nullable(),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;
export const StoreSettingsInputSchema = z.object({
  storeName: requiredText("Store name", 100),
  splashBrandName: requiredText("Splash brand name", 100),
  splashLogoUrl: imageUrlSchema("Splash logo").nullish().or(z.literal("").transform(() => null)).transform((value) => value ?? null),
});
export type StoreSettingsInput = z.input<typeof StoreSettingsInputSchema>;

// ---------- users ----------

export const AdminUserListQuerySchema = z.object({
  q: text("Search", 200).optional(),
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX_LIMIT).default(ADMIN_PAGE_DEFAULT_LIMIT),
});
export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  banned: z.boolean(),
  joinedAt: z.string(),
  lastActiveAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserPageSchema = z.object({ items: z.array(AdminUserSchema), nextCursor: z.string().nullable() });
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;
export const UserIdParamSchema = z.object({ id: z.string().min(1).max(100) });
/** POST /api/admin/invitations: creates the account (or sends a pending one's link again) and emails a set-password link. */
export const InvitationInputSchema = z.object({ email: z.email({ error: fieldError("Email") }).max(320) });
export const InvitationSchema = z.object({ userId: z.string(), email: z.string(), status: z.enum(["created", "resent"]) });
export type Invitation = z.infer<typeof InvitationSchema>;
export const AdminRoleInputSchema = z.object({ isAdmin: z.boolean() });
export const BanInputSchema = z.object({ banned: z.boolean() });
export const SignedOutSchema = z.object({ sessionsEnded: z.number().int() });

// ---------- dashboard and audit ----------

export const AuditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  /** Where the request came from (null for CLI changes and older rows). */
  actorAddress: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = z.object({ items: z.array(AuditEntrySchema), nextCursor: z.string().nullable() });
export const AuditQuerySchema = z.object({
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX_LIMIT).default(ADMIN_PAGE_DEFAULT_LIMIT),
});

export const DashboardSchema = z.object({
  products: z.object({ draft: z.number().int(), active: z.number().int(), archived: z.number().int(), outOfStock: z.number().int() }),
  brands: z.number().int(),
  categories: z.number().int(),
  users: z.number().int(),
  admins: z.number().int(),
  mediaJobs: z.object({ waiting: z.number().int(), failed: z.number().int() }),
  /** The same figures as GET /api/admin/orders/stats (one home: orders/reading.service.ts orderStats). */
  orders: OrderStatsSchema,
  recentChanges: z.array(AuditEntrySchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
