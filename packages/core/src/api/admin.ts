import { z } from "zod";
import { CursorSchema, MoneySchema, ProductFieldsSchema, ProductPromotionSchema, ProductStatusSchema, ProductVariantSchema } from "./catalog.ts";
import { MediaTitleSchema } from "./discovery.ts";
import { UuidSchema } from "./ids.ts";
import { OrderStatsSchema } from "./orders.ts";

// The shop owner's admin contract (issue 11): the server validates /api/admin input with these and
// the admin screens' forms validate with the same schemas (react-hook-form's zod resolver).

export const ADMIN_PAGE_DEFAULT_LIMIT = 25;
export const ADMIN_PAGE_MAX_LIMIT = 100;
export const ADMIN_BULK_MAX_IDS = 100;

/** Text the owner types: trimmed, with a length the screens show. */
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const requiredText = (max: number) => text(max).min(1, "is required");
/** An optional text field: blank means none. */
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** Rupees as typed ("1299", "1299.5", "1299.50"); stored as numeric(12,2), so at most 10 digits before the point. */
export const PriceInputSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, "must be an amount in rupees with at most 2 decimals"));
/** A variant's price difference, which may be negative. */
export const PriceAdjustmentInputSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^-?\d{1,10}(\.\d{1,2})?$/, "must be an amount in rupees with at most 2 decimals"));

const UrlSchema = z.url({ protocol: /^https?$/, error: "must be a web address (https://…)" }).max(2000);
/** Stored file URLs are our own paths ("/media/…") or absolute web addresses. */
const ImageUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value.startsWith("/") || /^https?:\/\//.test(value), "must be a web address or a stored file path");

export const NameParamSchema = z.object({ name: requiredText(100) });

// ---------- products ----------

export const ADMIN_PRODUCT_SORTS = ["newest", "title", "price", "stock"] as const;

export const AdminProductListQuerySchema = z.object({
  q: text(200).optional(),
  status: ProductStatusSchema.optional(),
  category: text(100).optional(),
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
    sizes: z.array(requiredText(50)).max(50).optional(),
    colors: z.array(requiredText(50)).max(50).optional(),
    offers: z.array(requiredText(200)).max(20).optional(),
    highlights: z.array(requiredText(200)).max(20).optional(),
    hasSizeOptions: z.boolean().optional(),
    hasColorOptions: z.boolean().optional(),
  })
  .catchall(z.union([z.string().max(2000), z.number(), z.boolean(), z.array(z.string().max(200)).max(50)]))
  .refine((value) => Object.keys(value).length <= 50, "at most 50 specifications")
  .refine((value) => Object.keys(value).every((key) => key.length >= 1 && key.length <= 100), "keys must be 1 to 100 characters");

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export const VariantInputSchema = z.object({
  id: UuidSchema.optional().describe("An existing variant's id (kept stable: cart lines refer to it); absent for a new variant"),
  size: optionalText(50),
  color: optionalText(50),
  colorHex: z
    .string()
    .trim()
    .regex(HEX_COLOUR, "must be a colour like #1a2b3c")
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((value) => value ?? null),
  stock: z.coerce.number().int("must be a whole number").min(0, "cannot be negative").max(1_000_000),
  priceAdjustment: PriceAdjustmentInputSchema,
  imageUrl: ImageUrlSchema.nullish().or(z.literal("").transform(() => null)).transform((value) => value ?? null),
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
    title: requiredText(300),
    description: text(10_000),
    price: PriceInputSchema,
    discountPercentage: z.coerce.number().min(0, "cannot be negative").max(100, "must be at most 100"),
    category: requiredText(100),
    stock: z.coerce.number().int("must be a whole number").min(0, "cannot be negative").max(10_000_000),
    status: ProductStatusSchema,
    brandId: UuidSchema.nullable(),
    specifications: SpecificationsInputSchema,
    highlights: z.array(requiredText(200)).max(20, "at most 20 highlights"),
    promotion: z
      .object({
        hasPromotion: z.boolean(),
        label: optionalText(100),
        promoEndDate: z.iso.datetime({ offset: true, error: "must be a date and time" }).nullish().transform((value) => value ?? null),
      })
      .nullable(),
    variants: z.array(VariantInputSchema).max(200, "at most 200 variants"),
    marketplaceIds: z.array(UuidSchema).max(100),
    media: z.array(MediaSettingsInputSchema).max(200).describe("Every media of the product in display order, with its flags"),
  })
  .superRefine((value, ctx) => {
    if (value.media.filter((media) => media.isMain).length > 1) ctx.addIssue({ code: "custom", path: ["media"], message: "only one media can be the main one" });
    if (value.media.filter((media) => media.isCover).length > 1) ctx.addIssue({ code: "custom", path: ["media"], message: "only one media can be the cover" });
    const ids = value.variants.map((variant) => variant.id).filter(Boolean);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["variants"], message: "a variant is listed twice" });
  });
export type AdminProductSaveInput = z.input<typeof AdminProductSaveSchema>;
export type AdminProductSave = z.output<typeof AdminProductSaveSchema>;

export const BULK_ACTIONS = ["publish", "archive", "delete"] as const;
export const BulkProductActionSchema = z.object({
  ids: z.array(UuidSchema).min(1, "choose at least one product").max(ADMIN_BULK_MAX_IDS),
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
  name: requiredText(120),
  description: optionalText(2000),
  websiteUrl: UrlSchema.nullish().or(z.literal("").transform(() => null)).transform((value) => value ?? null),
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
export const CategoryInputSchema = z.object({ name: requiredText(100) });

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
  name: requiredText(100),
  tagline: optionalText(200),
  flagUrl: ImageUrlSchema.pipe(z.string().min(1, "is required")),
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
  storeName: requiredText(100),
  splashBrandName: requiredText(100),
  splashLogoUrl: ImageUrlSchema.nullish().or(z.literal("").transform(() => null)).transform((value) => value ?? null),
});
export type StoreSettingsInput = z.input<typeof StoreSettingsInputSchema>;

// ---------- users ----------

export const AdminUserListQuerySchema = z.object({
  q: text(200).optional(),
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
export const InvitationInputSchema = z.object({ email: z.email().max(320) });
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
  /** The same figures as GET /api/admin/orders/stats (one home: orders.service orderStats). */
  orders: OrderStatsSchema,
  recentChanges: z.array(AuditEntrySchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
