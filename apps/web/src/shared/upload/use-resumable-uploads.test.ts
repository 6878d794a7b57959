import { describe, expect, it } from "vitest";
import { isRetryableUploadStatus } from "./use-resumable-uploads.ts";

describe("isRetryableUploadStatus", () => {
  it("sends a part again after a lost connection, a lost lock or a server away for a moment", () => {
    for (const status of [0, 409, 423, 500, 502, 503, 504]) expect(isRetryableUploadStatus(status), String(status)).toBe(true);
  });

  it("stops at a refusal and at a full store, which only the owner freeing space mends", () => {
    for (const status of [400, 401, 403, 404, 413, 415, 422, 507]) expect(isRetryableUploadStatus(status), String(status)).toBe(false);
  });
});
