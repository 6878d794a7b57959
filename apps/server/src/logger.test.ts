import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

function linesOf(log: (logger: ReturnType<typeof createLogger>) => void): Record<string, unknown>[] {
  const lines: string[] = [];
  log(createLogger({ logLevel: "info" }, { write: (line: string) => lines.push(line) }));
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the logger", () => {
  it("writes an error that says the database is away without its stack, with its code", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const [line] = linesOf((logger) => logger.warn({ err: refused }, "feed order rebuild failed"));
    expect(line?.err).toEqual({ type: "Error", message: "connect ECONNREFUSED 127.0.0.1:5432", code: "ECONNREFUSED" });
  });

  it("writes any other error whole, stack and all", () => {
    const [line] = linesOf((logger) => logger.error({ err: new TypeError("x is not a function") }, "unhandled error"));
    expect(line?.err).toMatchObject({ type: "TypeError", message: "x is not a function" });
    expect((line?.err as { stack?: string }).stack).toContain("TypeError: x is not a function");
  });
});
