import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("sizes the embedded database's buffer pool, 16 MB unless set", () => {
    expect(loadConfig({}).pgliteSharedBuffersMb).toBe(16);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: "64" }).pgliteSharedBuffersMb).toBe(64);
  });

  it("refuses PGLITE_SHARED_BUFFERS_MB on PostgreSQL instead of ignoring it", () => {
    const start = () => loadConfig({ DATABASE_URL: "postgres://127.0.0.1/shop", PGLITE_SHARED_BUFFERS_MB: "64" });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/PGLITE_SHARED_BUFFERS_MB: applies to the embedded database only/);
  });

  it("prepares repeated statements unless DATABASE_PREPARED_STATEMENTS=false", () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: "false" }).databasePreparedStatements).toBe(false);
  });
});
