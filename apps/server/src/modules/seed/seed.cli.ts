import type { CliContext } from "../../cli-context.ts";
import { createStorage } from "../../storage/create-storage.ts";
import { createMediaContext, mediaJobKinds } from "../media/media-jobs.ts";
import { drainJobs } from "../media/queue.ts";
import { seedDemoCatalogue } from "./seed.ts";

/** `npm run seed`: adds the demo catalogue if missing, then encodes its videos before exiting. */
export async function seedCommand(_args: string[], { config, logger, database }: CliContext): Promise<number> {
  const storage = createStorage(config);
  const deps = { config, logger, database, storage };
  const result = await seedDemoCatalogue(deps);
  console.log(result.created ? `Demo catalogue added: ${result.products} products.` : "Demo catalogue already present: nothing added.");
  if (result.videosSkipped) console.log(result.videosSkipped);
  if (result.videoJobs > 0) {
    console.log(`Encoding ${result.videoJobs} demo videos...`);
    const started = Date.now();
    await drainJobs(database.db, mediaJobKinds(createMediaContext(deps)), logger, Math.max(1, config.mediaWorkers));
    console.log(`Videos done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  return 0;
}
