import { z } from "zod";

export const HealthSchema = z.object({
  status: z.literal("ok"),
  db: z.enum(["pglite", "postgres"]),
});
export type Health = z.infer<typeof HealthSchema>;

/** What the readiness check looks at: the database, object storage, and the media job queue. */
export const READINESS_CHECKS = ["database", "storage", "queue"] as const;
const CheckStateSchema = z.enum(["ok", "failing"]);

export const ReadinessSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.object({ database: CheckStateSchema, storage: CheckStateSchema, queue: CheckStateSchema }),
  /** The checks that failed, in READINESS_CHECKS order; empty when ready. */
  failing: z.array(z.enum(READINESS_CHECKS)),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
