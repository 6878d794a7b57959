import { STORAGE_CLEANUP_THRESHOLD, STORAGE_KEEP_INDEXEDDB } from "@reelmart/core/constants";

export interface StorageSnapshot {
  usage: number;
  quota: number;
  cacheNames: string[];
  /** In creation order as far as the browser reports it; a higher version counts as newer. */
  databases: { name: string; version: number }[];
}

/**
 * 000 §4, §9: at 90% of the quota, every cache but the current deployment's goes, and every
 * IndexedDB database but the latest two. Below the threshold nothing is removed.
 */
export function planStorageCleanup(snapshot: StorageSnapshot, isCurrentCache: (name: string) => boolean) {
  if (!snapshot.quota || snapshot.usage / snapshot.quota < STORAGE_CLEANUP_THRESHOLD) {
    return { caches: [] as string[], databases: [] as string[] };
  }
  const newestFirst = snapshot.databases
    .map((database, index) => ({ ...database, index }))
    .sort((a, b) => b.version - a.version || b.index - a.index);
  return {
    caches: snapshot.cacheNames.filter((name) => !isCurrentCache(name)),
    databases: newestFirst.slice(STORAGE_KEEP_INDEXEDDB).map((database) => database.name),
  };
}
