import { describe, expect, it } from "vitest";
import { planStorageCleanup } from "./storage-rules.ts";

const isCurrent = (name: string) => name.endsWith("-v2");
const databases = [
  { name: "old", version: 1 },
  { name: "mid", version: 2 },
  { name: "new", version: 3 },
];

describe("planStorageCleanup", () => {
  it("removes nothing below 90% of the quota", () => {
    expect(planStorageCleanup({ usage: 89, quota: 100, cacheNames: ["x-v1"], databases }, isCurrent)).toEqual({ caches: [], databases: [] });
  });

  it("at 90% removes other caches and all but the latest two databases", () => {
    const plan = planStorageCleanup({ usage: 90, quota: 100, cacheNames: ["images-v1", "images-v2"], databases }, isCurrent);
    expect(plan).toEqual({ caches: ["images-v1"], databases: ["old"] });
  });

  it("does nothing when the quota is unknown", () => {
    expect(planStorageCleanup({ usage: 5, quota: 0, cacheNames: ["a"], databases }, isCurrent).caches).toEqual([]);
  });
});
