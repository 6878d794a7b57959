import type { AdminProduct } from "@reelmart/core/api/admin";
import { describe, expect, it } from "vitest";
import { NEW_PRODUCT_VALUES, isValidPrice, productResolver, toFormValues, toSaveInput } from "./product-form.ts";

const VIDEO_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const VARIANT_ID = "4d7f1a52-2c1e-4f0e-9b0a-7e6d5c4b3a21";
const BRAND_ID = "aaaaaaaa-0000-4000-8000-000000000001";
const MARKETPLACE_ID = "bbbbbbbb-0000-4000-8000-000000000001";

const PRODUCT: AdminProduct = {
  id: "0b8c8c9e-6a39-4b9e-8a59-5d0b2f0c3a11",
  title: "Linen shirt",
  description: "Cool in summer",
  price: "1299.00",
  discountPercentage: 10,
  category: "shirts",
  stock: 5,
  status: "active",
  brandId: BRAND_ID,
  specifications: { sizes: ["S", "M"], fabric: "linen", hasSizeOptions: true },
  highlights: ["Soft", "Breathes"],
  promotion: { hasPromotion: false, label: "Monsoon sale", promoEndDate: "2030-01-01T10:00:00.000Z" },
  variants: [{ id: VARIANT_ID, size: "M", color: null, colorHex: null, stock: 2, priceAdjustment: "-50.00", imageUrl: null }],
  marketplaceIds: [MARKETPLACE_ID],
  media: [
    {
      id: VIDEO_ID,
      url: "/media/product-media/products/p/optimized-1-240.mp4",
      type: "video",
      category: "product",
      title: "Worn outdoors",
      thumbnailUrl: null,
      status: "ready",
      isMain: true,
      isCover: false,
      displayOrder: 0,
      displayOnLandingPage: true,
      displayOnProfilePage: false,
    },
  ],
  version: 4,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const resolve = (values: Parameters<typeof productResolver>[0]) => productResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the product form's values", () => {
  it("hold numbers as the text typed, lists as rows, the size and colour flags as checkboxes and nulls as blanks", () => {
    const values = toFormValues(PRODUCT);
    expect(values).toMatchObject({
      price: "1299.00",
      discountPercentage: "10",
      stock: "5",
      brandId: BRAND_ID,
      specRows: [
        { key: "sizes", value: "S, M" },
        { key: "fabric", value: "linen" },
      ],
      hasSizeOptions: true,
      hasColorOptions: false,
      highlights: [{ text: "Soft" }, { text: "Breathes" }],
      promotionEnabled: true,
      promotion: { hasPromotion: false, label: "Monsoon sale" },
      variants: [{ id: VARIANT_ID, size: "M", color: "", colorHex: "", stock: "2", priceAdjustment: "-50.00", imageUrl: "" }],
    });
  });

  it("show a product without a promotion or brand with the promotion off and no brand chosen", () => {
    const values = toFormValues({ ...PRODUCT, promotion: null, brandId: null });
    expect(values.promotionEnabled).toBe(false);
    expect(values.promotion).toEqual({ hasPromotion: true, label: "", promoEndDate: "" });
    expect(values.brandId).toBe("");
  });
});

describe("the save body made from the form", () => {
  it("gives back the product it was opened from", () => {
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, media, ...saved } = PRODUCT;
    expect(toSaveInput(toFormValues(PRODUCT))).toEqual({
      ...saved,
      variants: [{ id: VARIANT_ID, size: "M", color: "", colorHex: "", stock: 2, priceAdjustment: "-50.00", imageUrl: "" }],
      media: media.map(({ id, title, category, isMain, isCover, displayOnLandingPage, displayOnProfilePage }) => ({ id, title, category, isMain, isCover, displayOnLandingPage, displayOnProfilePage })),
    });
  });

  it("leaves a number that is blank or not a number for the schema to word, and a blank price difference as 0", () => {
    const values = toFormValues(PRODUCT);
    const body = toSaveInput({ ...values, stock: " ", discountPercentage: "ten", variants: [{ ...values.variants[0]!, id: undefined, stock: "3", priceAdjustment: "" }] });
    expect(body.stock).toBeUndefined();
    expect(body.discountPercentage).toBe("ten");
    expect(body.variants).toEqual([{ size: "M", color: "", colorHex: "", stock: 3, priceAdjustment: "0", imageUrl: "" }]);
  });

  it("splits the known list keys, keeps other keys as typed, drops rows without a key and a promotion turned off", () => {
    const body = toSaveInput({
      ...toFormValues(PRODUCT),
      specRows: [
        { key: "colors", value: "Red, , Blue " },
        { key: " ", value: "ignored" },
        { key: "care", value: "Hand wash, cold" },
      ],
      hasSizeOptions: false,
      hasColorOptions: true,
      promotionEnabled: false,
    });
    expect(body.specifications).toEqual({ colors: ["Red", "Blue"], care: "Hand wash, cold", hasColorOptions: true });
    expect(body.promotion).toBeNull();
  });

  it("saves a blank media title as none (decision 209) and a blank brand and promotion end as null", () => {
    const values = toFormValues(PRODUCT);
    const body = toSaveInput({ ...values, brandId: "", promotion: { ...values.promotion, promoEndDate: "" }, media: [{ ...values.media[0]!, title: "   " }] });
    expect(body.brandId).toBeNull();
    expect(body.promotion).toEqual({ hasPromotion: false, label: "Monsoon sale", promoEndDate: null });
    expect(body.media[0]?.title).toBeNull();
  });
});

describe("isValidPrice", () => {
  it("accepts only a price the save accepts", () => {
    expect(["0", "1299", "2499.5", "1299.00"].map(isValidPrice)).toEqual([true, true, true, true]);
    expect(["", "-5", "abc", "12.345", "99999999999"].map(isValidPrice)).toEqual([false, false, false, false, false]);
  });
});

describe("productResolver", () => {
  it("refuses as the server's schema does, under the form's field names", async () => {
    const values = toFormValues(PRODUCT);
    const result = await resolve({ ...values, title: "", variants: [{ ...values.variants[0]!, colorHex: "blue" }] });
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({ title: { message: "Title is required" }, variants: [{ colorHex: { message: "Colour hex must be a colour like #1a2b3c" } }] });
  });

  it("passes a valid form on as the save body", async () => {
    const result = await resolve({ ...NEW_PRODUCT_VALUES, title: "Reading lamp" });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ title: "Reading lamp", price: "0", stock: 0, status: "draft", category: "other", brandId: null, promotion: null });
  });
});
