import { STORAGE_CLEANUP_INTERVAL_MS } from "@reelmart/core/constants";
import { onFirstScreenPainted } from "../../shared/ui/first-screen.ts";
import { planStorageCleanup } from "./storage-rules.ts";

/** The build id shared with sw.ts (vite `define`): caches named with it belong to this deployment. */
const CACHE_VERSION = __APP_VERSION__;

/**
 * How long after the page's load and its first screen's paint the worker is registered (decision
 * 195). Installing it precaches every chunk of the build: its own thread, the browser's network
 * work and the server's, which on two cores took the CPU from the first screen's own tasks.
 */
const REGISTER_AFTER_FIRST_SCREEN_MS = 3000;

/**
 * Registers our worker from /sw.js (000 §7) once the first screen has settled. A failure is logged; a
 * browser without service workers simply runs online-only. CACHE_VERSION_UPDATE (a new deployment
 * took over) reloads the page fully so the page and the worker run the same build (000 §4).
 */
function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === "CACHE_VERSION_UPDATE") window.location.reload();
  });
  const register = () =>
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      console.error("Service worker registration failed", error);
    });
  const afterLoad = () => onFirstScreenPainted(() => window.setTimeout(register, REGISTER_AFTER_FIRST_SCREEN_MS));
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}

// The precache (Workbox rotates it itself), this build's runtime caches, and sw.ts's version marker.
const isCurrentCache = (name: string) =>
  name.startsWith("workbox-precache") || name.endsWith(`-${CACHE_VERSION}`) || name === "reelmart-sw-version";

/** 000 §4: one cleanup pass; every API it needs is optional, so it quietly skips what a browser lacks. */
export async function cleanUpStorage(): Promise<void> {
  if (!navigator.storage?.estimate) return;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  const cacheNames = "caches" in window ? await caches.keys() : [];
  const databases = typeof indexedDB.databases === "function" ? await indexedDB.databases() : [];
  const plan = planStorageCleanup(
    {
      usage,
      quota,
      cacheNames,
      databases: databases.flatMap((database) => (database.name ? [{ name: database.name, version: database.version ?? 0 }] : [])),
    },
    isCurrentCache,
  );
  await Promise.all(plan.caches.map((name) => caches.delete(name)));
  for (const name of plan.databases) indexedDB.deleteDatabase(name);
}

/** At start and every 30 minutes (000 §9). */
function startStorageCleanup(): void {
  const run = () => cleanUpStorage().catch((error: unknown) => console.warn("Storage cleanup failed", error));
  void run();
  window.setInterval(run, STORAGE_CLEANUP_INTERVAL_MS);
}

let started = false;

/** Once per page, whatever React's StrictMode double effects do. */
export function startPwa(): void {
  if (started) return;
  started = true;
  registerServiceWorker();
  startStorageCleanup();
}
