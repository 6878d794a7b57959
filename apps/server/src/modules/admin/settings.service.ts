import type { StoreSettings } from "@reelmart/core/api/admin";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Viewer } from "../../shared/viewer.ts";
import type { Logger } from "../../logger.ts";
import type { Storage } from "../../storage/storage.ts";
import { storeAdminImage } from "./admin-images.ts";
import { changedFields, recordAudit } from "./audit.ts";
import { removeUnreferencedFiles } from "./stored-files.ts";

type Actor = Pick<Viewer, "userId" | "email">;

/** What a store shows before its owner changes anything: the built web app's own splash (apps/web/public/splash). */
export const DEFAULT_SETTINGS: StoreSettings = { storeName: "Reelmart", splashBrandName: "Reelmart", splashLogoUrl: null };
export const DEFAULT_SPLASH_LOGO = "/splash/logo.svg";

export async function getSettings(db: Kysely<DB>): Promise<StoreSettings> {
  const row = await db.selectFrom("store_settings").selectAll().executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  return { storeName: row.store_name, splashBrandName: row.splash_brand_name, splashLogoUrl: row.splash_logo_url };
}

/**
 * The splash configuration the shell reads at start (000 §7), from the settings: no restart, no
 * rebuild. It also carries the store's name, which the shopper's app uses as the document title.
 */
export async function splashConfig(db: Kysely<DB>): Promise<{ name: string; logoUrl: string; storeName: string }> {
  const settings = await getSettings(db);
  return { name: settings.splashBrandName, logoUrl: settings.splashLogoUrl ?? DEFAULT_SPLASH_LOGO, storeName: settings.storeName };
}

export async function saveSettings(
  deps: { db: Kysely<DB>; storage: Storage; logger: Logger },
  actor: Actor,
  input: StoreSettings,
): Promise<StoreSettings> {
  const before = await deps.db.transaction().execute(async (trx) => {
    const current = await getSettings(trx);
    const values = { store_name: input.storeName, splash_brand_name: input.splashBrandName, splash_logo_url: input.splashLogoUrl, updated_at: new Date() };
    await trx
      .insertInto("store_settings")
      .values({ id: true, ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    await recordAudit(trx, { actor, action: "updated", entity: "settings", summary: { changes: changedFields(current, input) } });
    return current;
  });
  if (before.splashLogoUrl && before.splashLogoUrl !== input.splashLogoUrl) await removeUnreferencedFiles(deps, [before.splashLogoUrl]);
  return getSettings(deps.db);
}

/** Stores an uploaded splash logo and returns its URL; the settings point at it when saved. */
export async function uploadSplashLogo(storage: Storage, bytes: Uint8Array): Promise<{ url: string }> {
  return { url: await storeAdminImage(storage, "store/splash-logo", bytes, { width: 512, height: 512 }) };
}
