import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The read model's map is only as good as its headers: every store states what it holds, what fills
// it, what drops it and which test proves it equals SQL, and docs/read-path.md names it. A file added
// to this folder is either a store (with that header) or a helper listed here.

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSource = path.resolve(here, "..");
const readPath = readFileSync(path.resolve(here, "../../../../docs/read-path.md"), "utf8");

/** Files of the folder that are no store of their own: the factory, what the stores share, and a store's parts. */
const HELPERS = new Set([
  "read-model.ts",
  "coalesced-refresh.ts",
  "held-bytes.ts",
  "moved-counters.ts",
  "per-generation.ts",
  "spliced-body.ts",
  // feed memory's
  "feed-order.ts",
  // search memory's
  "search-snapshot.ts",
  "search-queries.ts",
  "search-dictionary.ts",
  "search-records.ts",
  "search-text.ts",
  "search-order.ts",
]);
const HEADER_FIELDS = ["Read-model store:", "Holds:", "Filled by:", "Dropped", "Equal SQL:"];

const sourceFiles = readdirSync(here).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
const stores = sourceFiles.filter((file) => !HELPERS.has(file));

/** The comment lines a file opens with, joined. */
function header(file: string): string {
  const lines = readFileSync(path.join(here, file), "utf8").split("\n");
  const end = lines.findIndex((line) => !line.startsWith("//"));
  return lines.slice(0, end).join("\n");
}

describe("the read model's map", () => {
  it.each(stores)("%s opens with what it holds, what fills and drops it, and the test that proves it", (file) => {
    const opening = header(file);
    for (const field of HEADER_FIELDS) expect(opening, `${file} lacks "${field}"`).toContain(field);
  });

  it.each(stores)("%s names proving tests that exist", (file) => {
    const proof = /Equal SQL:([\s\S]*)/.exec(header(file))![1]!;
    const named = [...proof.matchAll(/([\w./-]+\.test\.ts)/g)].map((match) => match[1]!);
    expect(named.length, `${file} names no test`).toBeGreaterThan(0);
    for (const test of named) expect(existsSync(path.join(serverSource, test)) || existsSync(path.join(here, test)), `${file} names ${test}, which does not exist`).toBe(true);
  });

  it.each([...stores, ...HELPERS])("docs/read-path.md names %s", (file) => {
    expect(readPath).toContain(`\`${file}\``);
  });
});
