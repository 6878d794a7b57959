import { z } from "zod";
import { fieldError } from "./field-messages.ts";
import { UuidSchema } from "./ids.ts";

// Commerce analytics (issue #17, docs/decisions/150-commerce-analytics.md). Days are UTC dates,
// both ends included; money is integer paise.

export const ANALYTICS_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (ISO dates). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const rangeShape = z.object({
  from: z.iso.date({ error: fieldError("Start date") }).describe("First day, UTC (YYYY-MM-DD)"),
  to: z.iso.date({ error: fieldError("End date") }).describe("Last day, UTC, included (YYYY-MM-DD)"),
  marketplaceId: UuidSchema.optional().describe("Only products listed in this marketplace"),
});

/** `to` on or after `from`, at most 366 days: refused naming `to`. */
const checkRange = (query: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const days = daysBetween(query.from, query.to);
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "The end date must be on or after the start date" });
  else if (days > ANALYTICS_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `A date range can span at most ${ANALYTICS_MAX_DAYS} days` });
};

export type AnalyticsRangeQuery = z.infer<typeof rangeShape>;

const productFilter = UuidSchema.optional().describe("Only this product's figures (404 when there is no such product)");
const mediaFilter = UuidSchema.optional().describe("Only this video's figures (404 when there is no such media); saves name no video, so they are 0");

/** A range, optionally narrowed to one product or one video (their own analytics pages); not both. */
export const AnalyticsScopedQuerySchema = rangeShape.extend({ productId: productFilter, mediaId: mediaFilter }).superRefine((query, ctx) => {
  checkRange(query, ctx);
  if (query.productId && query.mediaId) ctx.addIssue({ code: "custom", path: ["mediaId"], message: "Choose a product or a video, not both" });
});
export type AnalyticsScopedQuery = z.infer<typeof AnalyticsScopedQuerySchema>;

/** Whose figures a scoped answer holds: the product, or the video with its product. */
const AnalyticsSubjectSchema = z.object({
  productId: z.string(),
  productTitle: z.string(),
  mediaId: z.string().nullable(),
  mediaTitle: z.string().nullable(),
  posterUrl: z.string().nullable(),
});
export type AnalyticsSubject = z.infer<typeof AnalyticsSubjectSchema>;

export const AnalyticsFiguresSchema = z.object({
  views: z.number().int(),
  viewers: z.number().int().describe("Unique viewers: distinct sessions per product and day, summed"),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  saves: z.number().int(),
  addToCarts: z.number().int(),
  orders: z.number().int().describe("Orders per product, summed: an order of two products counts for each"),
  units: z.number().int(),
  revenuePaise: z.number().int().describe("Line totals before delivery fees"),
});
export type AnalyticsFigures = z.infer<typeof AnalyticsFiguresSchema>;

export const AnalyticsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  totals: AnalyticsFiguresSchema,
  previous: AnalyticsFiguresSchema.describe("The same figures over the equally long period just before"),
  subject: AnalyticsSubjectSchema.nullable().describe("The product or video asked for with productId or mediaId; null for the whole store"),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

export const AnalyticsSeriesSchema = z.object({
  days: z.array(AnalyticsFiguresSchema.extend({ day: z.string() })).describe("Every day of the range, in order, zeros included"),
});
export type AnalyticsSeries = z.infer<typeof AnalyticsSeriesSchema>;

export const FUNNEL_STEPS = ["views", "engagements", "addToCarts", "orders"] as const;
export const AnalyticsFunnelSchema = z.object({
  steps: z.array(
    z.object({
      step: z.enum(FUNNEL_STEPS),
      count: z.number().int(),
      rate: z.number().nullable().describe("count / the previous step's count (null for the first step or when that is 0)"),
    }),
  ),
});
export type AnalyticsFunnel = z.infer<typeof AnalyticsFunnelSchema>;

export const ANALYTICS_SORTS = ["views", "addToCartRate", "revenue"] as const;
export type AnalyticsSort = (typeof ANALYTICS_SORTS)[number];

const topShape = {
  sort: z.enum(ANALYTICS_SORTS).default("views"),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};

export const AnalyticsTopQuerySchema = rangeShape.extend(topShape).superRefine(checkRange);

/** Top videos may be narrowed to one product's videos (a product's analytics page). */
export const AnalyticsTopVideosQuerySchema = rangeShape.extend({ ...topShape, productId: productFilter }).superRefine(checkRange);
export type AnalyticsTopVideosQuery = z.infer<typeof AnalyticsTopVideosQuerySchema>;

const rowFigures = AnalyticsFiguresSchema.omit({ saves: true }).extend({
  addToCartRate: z.number().nullable().describe("addToCarts / views (null when no views)"),
});

export const TopVideosSchema = z.object({
  items: z.array(
    rowFigures.extend({ mediaId: z.string(), productId: z.string(), productTitle: z.string(), title: z.string().nullable(), posterUrl: z.string().nullable() }),
  ),
});
export type TopVideos = z.infer<typeof TopVideosSchema>;

export const TopProductsSchema = z.object({
  items: z.array(rowFigures.extend({ saves: z.number().int(), productId: z.string(), title: z.string(), thumbnailUrl: z.string().nullable() })),
});
export type TopProducts = z.infer<typeof TopProductsSchema>;
