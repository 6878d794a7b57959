import type { Config } from "../config.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";

/** The storage driver STORAGE_DRIVER selects: files under DATA_DIR/storage, or S3-compatible buckets. */
export function createStorage(config: Pick<Config, "storage">): Storage {
  const settings = config.storage;
  return settings.driver === "s3" ? createS3Storage(settings) : createLocalStorage(settings.root);
}
