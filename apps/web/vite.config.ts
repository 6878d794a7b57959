import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

// One id per build, shared by the page and the service worker (both get `define`): runtime cache
// names end with it, and a changed id is how a new deployment is recognised (CACHE_VERSION_UPDATE).
const APP_VERSION = Date.now().toString(36);
const THEME_COLOR = "#0b0b0f";

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      // src/features/shell/pwa.ts registers /sw.js itself, logging failures (000 §8).
      injectRegister: false,
      injectManifest: {
        // The app shell: every built chunk (so each route opens offline), styles, fonts and icons.
        globPatterns: ["**/*.{js,css,html,svg,png,woff2,json}"],
      },
      manifest: {
        name: "Reelmart",
        short_name: "Reelmart",
        description: "Shop products through short videos.",
        id: "/",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        theme_color: THEME_COLOR,
        background_color: THEME_COLOR,
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
    }),
  ],
  // Every "zod" import, core's included, goes through a module that turns off zod's eval probe (CSP).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./src/zod-jitless.ts", import.meta.url)) }] },
  server: { proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000" } },
  build: { target: "es2022", sourcemap: false },
});
