import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Viewer } from "../../shared/viewer.ts";

/** What an admin write tells the audit log; `summary` holds the changed fields' before/after (ids and short values, no blobs). */
export interface AuditEntry {
  actor: Pick<Viewer, "userId" | "email"> & Partial<Pick<Viewer, "address">>;
  /** A verb in the past tense, e.g. "created", "updated", "deleted", "published". */
  action: string;
  /** The kind of thing changed: "product", "brand", "category", "marketplace", "user", "settings", "media", … */
  entity: string;
  entityId?: string | null;
  summary?: Record<string, unknown>;
}

/**
 * Records one admin write. Call it with the transaction that makes the change, so the log and the
 * change commit (or roll back) together.
 */
export async function recordAudit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("admin_audit_log")
    .values({
      actor_id: entry.actor.userId,
      actor_email: entry.actor.email,
      actor_address: entry.actor.address ?? null,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId ?? null,
      summary: JSON.stringify(entry.summary ?? {}),
    })
    .execute();
}

/** The fields of `after` whose value differs from `before`, as {field: {from, to}}: the audit summary of an edit. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[field]) !== JSON.stringify(value)) changes[field] = { from: before[field] ?? null, to: value };
  }
  return changes;
}
