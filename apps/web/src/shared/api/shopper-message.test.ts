import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./client.ts";
import { shopperMessage } from "./shopper-message.ts";

describe("shopperMessage", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the API's refusals in its own words, which name the field for people", () => {
    expect(shopperMessage(new ApiRequestError(400, "bad_request", "Search can be at most 200 characters", "q"))).toBe("Search can be at most 200 characters");
    expect(shopperMessage(new ApiRequestError(409, "conflict", "Only 2 in stock", "quantity"))).toBe("Only 2 in stock");
  });

  it("never shows an answer that is not the API's error body as it came", () => {
    expect(shopperMessage(new ApiRequestError(400, "http_400", "Bad Request"))).toBe("Something went wrong. Please try again.");
  });

  it("turns server trouble, rate limits and lost connections into plain words", () => {
    expect(shopperMessage(new ApiRequestError(500, "internal", "relation \"products\" does not exist"))).toBe("Something went wrong on our side. Please try again.");
    expect(shopperMessage(new ApiRequestError(429, "rate_limited", "Too many requests"))).toBe("Too many tries. Wait a moment and try again.");
    expect(shopperMessage(new ApiRequestError(0, "network", "Network connection lost"))).toBe("We couldn't reach the store. Check your connection and try again.");
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(shopperMessage(new Error("Failed to fetch"))).toBe("You're offline. Check your connection and try again.");
  });
});
