import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build as esbuild } from "esbuild";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { type IndexHtmlTransformContext, type Plugin, defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

// One id per build, shared by the page and the service worker (both get `define`): runtime cache
// names end with it, and a changed id is how a new deployment is recognised (CACHE_VERSION_UPDATE).
const APP_VERSION = Date.now().toString(36);
const THEME_COLOR = "#0b0b0f";

const APP_BOOT = fileURLToPath(new URL("./src/app/boot.ts", import.meta.url));
const FEED_PAGE = fileURLToPath(new URL("./src/features/feed/feed-page.tsx", import.meta.url));

/**
 * The boot script (src/app/boot.ts): one small classic script of its own, bundled apart from the app
 * so it shares no chunk with it, loaded async from the top of the head. The build's entry script and
 * module preloads leave the head for its data attributes (data-entry, data-preload): the boot starts
 * them once the first screen has painted (decision 096). It names the feed screen's chunk and the
 * chunks that chunk imports statically (data-feed-preload), which it module-preloads with them on /
 * only: the feed's imports are otherwise discovered once the entry has run and imported the screen, a
 * second wave of requests on the first video's path (decision 184). The entry's stylesheet is written
 * into the page (decision 096): the first paint then needs the document alone.
 */
function appBoot(): Plugin {
  let boot = { fileName: "", code: "" };
  return {
    name: "reelmart-app-boot",
    async buildStart() {
      if (this.environment?.mode === "dev") return;
      const result = await esbuild({ entryPoints: [APP_BOOT], bundle: true, write: false, format: "iife", minify: true, target: "es2022", logLevel: "warning" });
      const code = result.outputFiles[0]!.text;
      boot = { fileName: `assets/boot-${createHash("sha256").update(code).digest("hex").slice(0, 10)}.js`, code };
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: boot.fileName, source: boot.code });
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        // In development Vite serves the modules themselves (no bundle, the entry stays in the page).
        if (!context.bundle) return [{ tag: "script", attrs: { type: "module", src: "/src/app/boot.ts" }, injectTo: "head-prepend" }];
        const bundle = context.bundle;
        const feedChunk = Object.values(bundle).find((chunk) => chunk.type === "chunk" && chunk.facadeModuleId === FEED_PAGE);
        const feedPreloads = feedChunk ? staticImportClosure(bundle, feedChunk.fileName) : [];
        let entry = "";
        const preloads: string[] = [];
        const page = html
          .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
            entry = src;
            return "";
          })
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
            preloads.push(href);
            return "";
          })
          .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/, (_tag, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== "asset" || /<\/style/i.test(String(asset.source))) throw new Error(`the entry's stylesheet ${file} cannot be written into the page`);
            // The disabled link is never fetched; it tells Vite's preload helper, which loads a lazy
            // chunk's stylesheets unless a <link rel="stylesheet"> names them, that this one is here.
            return `<style>${String(asset.source)}</style>\n    <link rel="stylesheet" href="/${file}" disabled>`;
          });
        if (!entry) throw new Error("the built index.html has no entry script to hand to the boot script");
        const attrs = {
          src: `/${boot.fileName}`,
          async: true,
          fetchpriority: "high",
          "data-entry": entry,
          "data-preload": preloads.join(" "),
          ...(feedPreloads.length ? { "data-feed-preload": feedPreloads.filter((href) => href !== entry && !preloads.includes(href)).join(" ") } : {}),
        };
        return { html: page, tags: [{ tag: "script", attrs, injectTo: "head-prepend" }] };
      },
    },
  };
}

/** `fileName` and every chunk it imports statically, directly or not, as absolute paths (the chunk first). */
function staticImportClosure(bundle: NonNullable<IndexHtmlTransformContext["bundle"]>, fileName: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== "chunk") return;
    seen.add(name);
    chunk.imports.forEach(visit);
  };
  visit(fileName);
  return [...seen].map((name) => `/${name}`);
}

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  plugins: [
    react(),
    tailwindcss(),
    appBoot(),
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
