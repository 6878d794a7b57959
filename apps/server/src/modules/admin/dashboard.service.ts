import type { AuditEntry, Dashboard } from "@reelmart/core/api/admin";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badCursor } from "../../shared/errors.ts";
import { orderStats } from "../orders/reading.service.ts";
import { decodeSortCursor, encodeSortCursor } from "./admin-cursor.ts";
import { utcText } from "../../db/utc-text.ts";

const RECENT_CHANGES = 10;

function auditQuery(db: Kysely<DB>) {
  return db
    .selectFrom("admin_audit_log")
    .select([
      "id",
      "actor_email",
      "actor_address",
      "action",
      "entity",
      "entity_id",
      "summary",
      "created_at",
      utcText("created_at", "us").as("sort_value"),
    ]);
}

type AuditRow = Awaited<ReturnType<ReturnType<typeof auditQuery>["executeTakeFirstOrThrow"]>>;

function toAuditEntry(row: AuditRow): AuditEntry {
  const summary = typeof row.summary === "string" ? (JSON.parse(row.summary) as Record<string, unknown>) : row.summary;
  return {
    id: row.id,
    actorEmail: row.actor_email,
    actorAddress: row.actor_address,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    summary,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The dashboard's numbers in one round of small aggregate queries run side by side: counts by
 * status use products_status_idx, the audit tail uses admin_audit_log_created_idx.
 */
export async function dashboard(db: Kysely<DB>): Promise<Dashboard> {
  const [products, brands, categories, users, jobs, orders, recent] = await Promise.all([
    sql<{ draft: number; active: number; archived: number; out_of_stock: number }>`
      select count(*) filter (where status = 'draft')::int as draft,
             count(*) filter (where status = 'active')::int as active,
             count(*) filter (where status = 'archived')::int as archived,
             count(*) filter (where stock = 0 and status <> 'archived')::int as out_of_stock
      from products`.execute(db),
    sql<{ count: number }>`select count(*)::int as count from brands`.execute(db),
    sql<{ count: number }>`select count(*)::int as count from categories`.execute(db),
    sql<{ users: number; admins: number }>`
      select count(*)::int as users, count(*) filter (where p.is_admin)::int as admins
      from "user" u left join profiles p on p.id = u.id`.execute(db),
    sql<{ waiting: number; failed: number }>`
      select count(*) filter (where status in ('queued', 'running'))::int as waiting,
             count(*) filter (where status = 'failed')::int as failed
      from media_jobs`.execute(db),
    orderStats(db),
    auditQuery(db).orderBy("created_at", "desc").orderBy("id", "desc").limit(RECENT_CHANGES).execute(),
  ]);
  const counts = products.rows[0] ?? { draft: 0, active: 0, archived: 0, out_of_stock: 0 };
  return {
    products: { draft: counts.draft, active: counts.active, archived: counts.archived, outOfStock: counts.out_of_stock },
    brands: brands.rows[0]?.count ?? 0,
    categories: categories.rows[0]?.count ?? 0,
    users: users.rows[0]?.users ?? 0,
    admins: users.rows[0]?.admins ?? 0,
    mediaJobs: { waiting: jobs.rows[0]?.waiting ?? 0, failed: jobs.rows[0]?.failed ?? 0 },
    orders,
    recentChanges: recent.map(toAuditEntry),
  };
}

/** The audit log newest first, one keyset page at a time. */
export async function listAudit(db: Kysely<DB>, input: { cursor?: string; limit: number }): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  let query = auditQuery(db);
  if (input.cursor) {
    const keyset = decodeSortCursor("audit", input.cursor);
    if (!keyset || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(keyset.value) || !/^[0-9a-f-]{36}$/i.test(keyset.id)) throw badCursor();
    query = query.where(sql<boolean>`(created_at, id) < (${keyset.value}::timestamptz, ${keyset.id}::uuid)`);
  }
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(input.limit + 1).execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return { items: page.map(toAuditEntry), nextCursor: rows.length > input.limit && last ? encodeSortCursor("audit", { value: last.sort_value, id: last.id }) : null };
}
