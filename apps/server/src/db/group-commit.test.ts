import { describe, expect, it } from "vitest";
import { GroupCommit, type PendingWrite } from "./group-commit.ts";

type Write = { key: string; value: number };

/** A GroupCommit whose writer records each batch and answers each write its value, or fails on `failing` values. */
function recorded({ maxBatch = 10, failing = new Set<number>() } = {}) {
  const batches: number[][] = [];
  const write = async (batch: readonly PendingWrite<Write, number>[]) => {
    batches.push(batch.map((pending) => pending.item.value));
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (batch.some((pending) => failing.has(pending.item.value))) throw new Error(`failed: ${batch.map((pending) => pending.item.value).join(",")}`);
    for (const pending of batch) pending.resolve(pending.item.value);
  };
  const commit = new GroupCommit<Write, number>({ keyOf: (item) => item.key, maxBatch, writeMany: write, writeOne: (pending) => write([pending]) });
  return { commit, batches };
}

describe("GroupCommit", () => {
  it("writes what arrives in one turn as one batch, and what arrives during it as the next", async () => {
    const { commit, batches } = recorded();
    const first = [1, 2, 3].map((value) => commit.submit({ key: `k${value}`, value }));
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch is in flight: these wait for it, together.
    const second = [4, 5].map((value) => commit.submit({ key: `k${value}`, value }));
    expect(await Promise.all([...first, ...second])).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("never puts two writes of one key in a batch: they land in the order they came", async () => {
    const { commit, batches } = recorded();
    const answers = await Promise.all([1, 2, 3].map((value) => commit.submit({ key: value === 2 ? "other" : "same", value })));
    expect(answers).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it("takes at most maxBatch writes at a time", async () => {
    const { commit, batches } = recorded({ maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((value) => commit.submit({ key: `k${value}`, value })));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("writes a failed batch again one by one, so only the write that fails gets the error", async () => {
    const { commit, batches } = recorded({ failing: new Set([2]) });
    const answers = await Promise.allSettled([1, 2, 3].map((value) => commit.submit({ key: `k${value}`, value })));
    expect(answers).toEqual([
      { status: "fulfilled", value: 1 },
      { status: "rejected", reason: new Error("failed: 2") },
      { status: "fulfilled", value: 3 },
    ]);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
