import { z } from "zod";
import { EMBED_LAYOUTS } from "../embed.ts";

// oEmbed 1.0 (https://oembed.com): its field names are snake_case by the specification, unlike the
// rest of the API, because CMSs read them by those names.

// The validation hook puts the field's name in front of each message.
const dimension = z.coerce
  .number({ error: "must be a whole number of pixels" })
  .int({ error: "must be a whole number of pixels" })
  .min(50, { error: "must be at least 50" })
  .max(4000, { error: "must be at most 4000" });

export const OEmbedQuerySchema = z.object({
  url: z.string({ error: "is required" }).min(1, { error: "is required" }).max(2048, { error: "is too long" }),
  format: z.enum(["json", "xml"], { error: "must be json" }).default("json"),
  maxwidth: dimension.optional(),
  maxheight: dimension.optional(),
});
export type OEmbedQuery = z.infer<typeof OEmbedQuerySchema>;

export const OEmbedSchema = z.object({
  version: z.literal("1.0"),
  type: z.enum(["video", "rich"]),
  title: z.string(),
  author_name: z.string().optional(),
  author_url: z.string().optional(),
  provider_name: z.string(),
  provider_url: z.string(),
  cache_age: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type OEmbed = z.infer<typeof OEmbedSchema>;

/** ?layout= of the embed pages. */
export const EmbedLayoutQuerySchema = z.object({
  layout: z.enum(EMBED_LAYOUTS, { error: "must be carousel or feed" }).default("carousel"),
});
