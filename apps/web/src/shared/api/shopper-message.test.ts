import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./client.ts";
import { errorField, shopperMessage } from "./shopper-message.ts";

describe("shopperMessage", () => {
  afterEach(() => vi.restoreAllMocks());

  it("names the field instead of showing the validator's text", () => {
    expect(shopperMessage(new ApiRequestError(400, "bad_request", "[body.email] Invalid email address"))).toBe("Enter a valid email address.");
    expect(shopperMessage(new ApiRequestError(400, "bad_request", "q: Too big: expected string to have <=200 characters"))).toBe("Search is too long.");
    expect(shopperMessage(new ApiRequestError(400, "bad_request", "Too small: expected string to have >=8 characters", "password"))).toBe("Password is too short.");
    expect(errorField(new ApiRequestError(400, "bad_request", "[body.user.firstName] Required"))).toBe("firstName");
  });

  it("passes the store's own conflict sentences through and names review fields", () => {
    expect(shopperMessage(new ApiRequestError(409, "conflict", "Only 2 in stock", "quantity"))).toBe("Only 2 in stock");
    expect(shopperMessage(new ApiRequestError(400, "bad_request", "must be at most 2000 characters", "body"))).toBe("Review is too long.");
  });

  it("turns server trouble, rate limits and lost connections into plain words", () => {
    expect(shopperMessage(new ApiRequestError(500, "internal", "relation \"products\" does not exist"))).toBe("Something went wrong on our side. Please try again.");
    expect(shopperMessage(new ApiRequestError(429, "rate_limited", "Too many requests"))).toBe("Too many tries. Wait a moment and try again.");
    expect(shopperMessage(new ApiRequestError(0, "network", "Network connection lost"))).toBe("We couldn't reach the store. Check your connection and try again.");
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(shopperMessage(new Error("Failed to fetch"))).toBe("You're offline. Check your connection and try again.");
  });
});
