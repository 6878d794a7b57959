import { z } from "zod";
import { EMBED_LAYOUTS } from "../embed.ts";
import { fieldError } from "./field-messages.ts";

// oEmbed 1.0 (https://oembed.com): its field names are snake_case by the specification, unlike the
// rest of the API, because CMSs read them by those names.

// Its readers are the people wiring a CMS to the shop: fields go by the parameter names they typed.
const dimension = (name: string) =>
  z.coerce
    .number({ error: fieldError(`The ${name} parameter`, { unit: " pixels" }) })
    .int({ error: () => `The ${name} parameter must be a whole number of pixels` })
    .min(50)
    .max(4000);

export const OEmbedQuerySchema = z.object({
  url: z.string({ error: fieldError("The url parameter") }).min(1).max(2048),
  format: z.enum(["json", "xml"], { error: () => "The format parameter must be json" }).default("json"),
  maxwidth: dimension("maxwidth").optional(),
  maxheight: dimension("maxheight").optional(),
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
  layout: z.enum(EMBED_LAYOUTS, { error: () => "The layout parameter must be carousel or feed" }).default("carousel"),
});
