/// <reference lib="webworker" />
import { SW_CACHE_TRIM_ITEMS } from "@reelmart/core/constants";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, StaleWhileRevalidate } from "workbox-strategies";

declare const self: ServiceWorkerGlobalScope;

// Runtime cache names end with the build id, so the page's storage cleanup and this worker's
// activation can tell the current deployment's caches from older ones.
const VERSION = __APP_VERSION__;
const IMAGE_CACHE = `reelmart-images-${VERSION}`;
const MEDIA_CACHE = `reelmart-media-${VERSION}`;
/** Remembers which build was active, to tell an update from a first install. */
const VERSION_MARKER_CACHE = "reelmart-sw-version";

// The app shell (HTML, JS chunks, CSS, fonts, icons) so the app opens offline.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes all answer with the precached index.html; /api, /media and the server-rendered
// embed pages (decision 165) stay on the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//, /^\/media\//, /^\/embed\//] }));

// Thumbnails and posters from our media storage: content-addressed, so cache-first is safe. This is
// the "media cache" that the player trims with {action:'trimCache'}.
registerRoute(
  ({ request, url }) => request.destination === "image" && url.origin === self.location.origin && url.pathname.startsWith("/media/"),
  new CacheFirst({ cacheName: MEDIA_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })] }),
);

// Other images (flags, logos, remote product images): shown from cache, refreshed in the background.
registerRoute(
  ({ request }) => request.destination === "image",
  new StaleWhileRevalidate({ cacheName: IMAGE_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 7 * 24 * 3600 })] }),
);

// Videos are deliberately not routed: they stream with Range requests straight from the network and
// are never stored whole by this worker. API calls are never cached (writes must reach the server).

self.addEventListener("install", () => {
  // A new deployment takes over at once; the pages are then told to reload (below).
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const marker = await caches.open(VERSION_MARKER_CACHE);
      const previous = await marker.match("/version");
      const previousVersion = previous ? await previous.text() : null;
      await marker.put("/version", new Response(VERSION));
      const names = await caches.keys();
      const stale = names.filter((name) => name.startsWith("reelmart-") && name !== VERSION_MARKER_CACHE && !name.endsWith(`-${VERSION}`));
      await Promise.all(stale.map((name) => caches.delete(name)));
      await self.clients.claim();
      // 000 §4: pages still running the previous build reload fully. The first install has no
      // previous version, so a first visit is not reloaded.
      if (previousVersion && previousVersion !== VERSION) {
        const windows = await self.clients.matchAll({ type: "window" });
        for (const client of windows) client.postMessage({ type: "CACHE_VERSION_UPDATE", version: VERSION });
      }
    })(),
  );
});

/** Keeps the newest `maxItems` entries of the media cache (cache keys are in insertion order). */
async function trimCache(maxItems: number): Promise<void> {
  const cache = await caches.open(MEDIA_CACHE);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - maxItems)).map((request) => cache.delete(request)));
}

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const data = event.data as { action?: string; maxItems?: number } | null;
  if (data?.action === "trimCache") {
    const maxItems = typeof data.maxItems === "number" && data.maxItems >= 0 ? data.maxItems : SW_CACHE_TRIM_ITEMS;
    event.waitUntil(trimCache(maxItems));
  }
});
