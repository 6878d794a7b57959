// Read-model store: the session cache (docs/read-path.md).
// Holds:     what a request's session credentials resolved to (viewer, session), a few seconds each.
// Filled by: the session middleware (modules/auth/session-middleware.ts) after a lookup.
// Dropped:   on VIEWER_SESSIONS_CHANNEL, from migration 0101's triggers on session, user and
//            profiles (sign-out, ban, revoked admin, a changed name or email); all on a miss; by TTL.
// Equal SQL: read-model/session-cache.test.ts.

import type { Database } from "../db/database.ts";
import type { Viewer } from "../shared/viewer.ts";

// Decision 104: a signed-in request used to pay better-auth's session lookup (the session and its
// user) and our profile read on every request. Each instance keeps what that resolved to for a few
// seconds, keyed by the credentials the request carried. Migration 0101's triggers report every
// ended session and every change to what a viewer is on VIEWER_SESSIONS_CHANNEL, and every instance
// drops the matching entries at once; the TTL bounds the rest (a lost listener connection).

/** Trigger-fed channel (migration 0101): 't:<token>,...', 'u:<userId>' or '*'. */
export const VIEWER_SESSIONS_CHANNEL = "viewer_sessions";

/** The longest a cached lookup is used without asking the database again. */
export const SESSION_CACHE_TTL_MS = 10_000;

/** Signed-in clients held at once (a few hundred bytes each). */
const MAX_ENTRIES = 10_000;

/** A viewer as the session resolved it; the address is the request's own. */
export type SessionViewer = Omit<Viewer, "address">;

interface Entry {
  viewer: SessionViewer;
  token: string;
  /** When the entry stops being used: the TTL, or the session's own expiry if sooner. */
  until: number;
}

// better-auth's session cookie is "<prefix>.session_token" (or "-session_token", "__Secure-" in front).
const SESSION_COOKIES = /(?:^|;)\s*([^=;]*session_token)=([^;]*)/g;

/**
 * What identifies a request's session to better-auth: its Authorization header and its session
 * cookies; other cookies do not change the lookup.
 */
export function sessionCacheKey(authorization: string | null, cookie: string | null): string {
  let key = authorization ?? "";
  for (const [, name, value] of (cookie ?? "").matchAll(SESSION_COOKIES)) key += `\n${name}=${value}`;
  return key;
}

export class SessionCache {
  // Map iteration order is insertion order: re-inserting on every hit makes it an LRU.
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Taken before the lookup: `store` refuses what was looked up across an invalidation. */
  get currentGeneration(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): SessionViewer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.viewer;
  }

  store(key: string, viewer: SessionViewer, session: { token: string; expiresAt: Date }, generation: number): void {
    if (generation !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, { viewer, token: session.token, until: Math.min(this.now() + this.ttlMs, session.expiresAt.getTime()) });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /** Applies one notification of migration 0101. */
  invalidate(payload: string): void {
    this.generation += 1;
    if (payload.startsWith("t:")) {
      const tokens = new Set(payload.slice(2).split(","));
      this.removeWhere((entry) => tokens.has(entry.token));
    } else if (payload.startsWith("u:")) {
      const userId = payload.slice(2);
      this.removeWhere((entry) => entry.viewer.userId === userId);
    } else this.entries.clear();
  }

  private removeWhere(matches: (entry: Entry) => boolean) {
    // A scan of at most MAX_ENTRIES: sessions end far less often than requests arrive.
    for (const [key, entry] of this.entries) if (matches(entry)) this.entries.delete(key);
  }
}

/** A cache every instance empties of ended sessions and changed viewers through the database's notifications. */
export async function createSessionCache(database: Database) {
  const cache = new SessionCache();
  const stopListening = await database.listen(
    VIEWER_SESSIONS_CHANNEL,
    (payload) => cache.invalidate(payload),
    () => cache.invalidate("*"),
  );
  const unlisten = async () => {
    await stopListening();
    // Without notifications nothing may be served from memory any longer.
    cache.invalidate("*");
  };
  return { cache, unlisten };
}
