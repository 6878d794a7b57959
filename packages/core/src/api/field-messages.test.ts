import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AdminProductSaveSchema, BrandInputSchema, CategoryInputSchema, MarketplaceInputSchema, PriceInputSchema, StoreSettingsInputSchema, VariantInputSchema } from "./admin.ts";
import { developerTextIn } from "./developer-text.test-helper.ts";
import { CommentInputSchema } from "./engagement.ts";
import { REQUEST_NOT_VALID } from "./field-messages.ts";
import { AddressInputSchema } from "./orders.ts";
import { ProfileNamesSchema } from "./profile.ts";
import { CreateReviewBodySchema } from "./reviews.ts";
import { SearchQuerySchema } from "./search.ts";

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("refusals in words", () => {
  it("say what is wrong with a price, in rupees and within numeric(12,2)", () => {
    const cases: [unknown, string][] = [
      ["", "Price is required"],
      [undefined, "Price is required"],
      ["abc", "Price must be an amount in rupees, like 1299 or 1299.50"],
      ["12,99", "Price must be an amount in rupees, like 1299 or 1299.50"],
      ["1.234", "Price can have at most 2 decimal places"],
      ["-5", "Price must be between ₹0.00 and ₹9,99,99,99,999.99"],
      ["99999999999", "Price must be between ₹0.00 and ₹9,99,99,99,999.99"],
      ["10000000000.00", "Price must be between ₹0.00 and ₹9,99,99,99,999.99"],
    ];
    for (const [value, sentence] of cases) expect(firstMessage(PriceInputSchema, value), String(value)).toBe(sentence);
    for (const value of ["0", "1299", "1299.5", "1299.50", 12.5, "9999999999.99"]) expect(PriceInputSchema.safeParse(value).success, String(value)).toBe(true);
    expect(firstMessage(VariantInputSchema.shape.priceAdjustment, "-99999999999")).toBe("Price +/- must be between -₹9,99,99,99,999.99 and ₹9,99,99,99,999.99");
  });

  it("name the field as the screen labels it and give limits as the shop writes numbers", () => {
    expect(firstMessage(SearchQuerySchema, { q: "x".repeat(201) })).toBe("Search can be at most 200 characters");
    expect(firstMessage(VariantInputSchema.shape.stock, -1)).toBe("Stock can't be negative");
    expect(firstMessage(VariantInputSchema.shape.stock, 1.5)).toBe("Stock must be a whole number");
    expect(firstMessage(VariantInputSchema.shape.stock, 10_000_000)).toBe("Stock can be at most 10,00,000");
    expect(firstMessage(VariantInputSchema.shape.stock, undefined)).toBe("Stock is required");
    expect(firstMessage(VariantInputSchema.shape.stock, "abc")).toBe("Stock must be a number");
    expect(firstMessage(AdminProductSaveSchema.shape.discountPercentage, 150)).toBe("Discount can be at most 100%");
    expect(firstMessage(AdminProductSaveSchema.shape.title, "   ")).toBe("Title is required");
    expect(firstMessage(AdminProductSaveSchema.shape.description, "x".repeat(10_001))).toBe("Description can be at most 10,000 characters");
    expect(firstMessage(CommentInputSchema, { comment: "a\u0000b" })).toBe("Comment has characters that can't be saved; remove them and try again");
    expect(firstMessage(BrandInputSchema, { name: "Acme", websiteUrl: "ftp://acme", featured: false })).toBe("Website must be a web address starting with https://");
    expect(firstMessage(AddressInputSchema, { name: "", phone: "9876543210", line1: "1", city: "Pune", state: "Maharashtra", postalCode: "411001", countryCode: "IN" })).toBe("Full name is required");
    expect(firstMessage(CreateReviewBodySchema, { rating: 9 })).toBe("Choose a rating from 1 to 5 stars");
  });

  it("give values nobody types words without a path, a type or zod's English", () => {
    expect(firstMessage(AdminProductSaveSchema, "not an object")).toBe(REQUEST_NOT_VALID);
    expect(firstMessage(AdminProductSaveSchema.shape.brandId, "not-an-id")).toBe(REQUEST_NOT_VALID);
    expect(firstMessage(SearchQuerySchema, { sort: "sideways" })).toBe(REQUEST_NOT_VALID);
  });

  it("never hold developer text, whatever the bad value", () => {
    const badValues: unknown[] = ["", " ", "x".repeat(20_000), "a\u0007b", "\ud800", "abc", "-5", "1.234", "99999999999", -1, 1.5, 1e15, Number.NaN, null, undefined, true, [], {}, ["x"]];
    const forms: Record<string, z.ZodObject> = {
      product: AdminProductSaveSchema,
      variant: VariantInputSchema,
      brand: BrandInputSchema,
      category: CategoryInputSchema,
      marketplace: MarketplaceInputSchema,
      settings: StoreSettingsInputSchema,
      address: AddressInputSchema.in,
      profile: ProfileNamesSchema,
      comment: CommentInputSchema,
      review: CreateReviewBodySchema,
    };
    const found: string[] = [];
    for (const [form, schema] of Object.entries(forms)) {
      for (const [field, fieldSchema] of Object.entries(schema.shape)) {
        for (const value of badValues) {
          for (const issue of (fieldSchema as z.ZodType).safeParse(value).error?.issues ?? []) {
            if (developerTextIn(issue.message) || !/^[A-Z₹]/.test(issue.message)) found.push(`${form}.${field} = ${JSON.stringify(value)?.slice(0, 20)}: ${issue.message}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
