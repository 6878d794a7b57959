# syntax=docker/dockerfile:1
# Reelmart: the API server and the built web app in one image (docs/deploy.md).
# Written and checked by reading; not built on the machine it was written on (no docker there).

# --- build: install every dependency, build the web app and bundle the server -----------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused until they change.
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts scripts
COPY packages/core packages/core
COPY apps/server apps/server
COPY apps/web apps/web
# Vite builds apps/web/dist; esbuild bundles apps/server/dist (main.js, cli.js), keeping
# node_modules imports external; then the dev-only packages go.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: node, ffmpeg, the built files and production node_modules, as a non-root user --
FROM node:20-bookworm-slim AS runtime
# ffmpeg transcodes uploaded videos and renders the demo videos.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    MEDIA_CACHE_DIR=/data/media-cache
WORKDIR /app
# package.json files: npm's scripts (npm run worker, backup, ...), the workspace links in
# node_modules, and "type": "module" for the bundles in apps/server/dist.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/scripts scripts
COPY --from=build /app/packages/core/package.json packages/core/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
# The demo catalogue's flags, logos and photos (SEED_DEMO), read beside the bundle from the source tree.
COPY --from=build /app/apps/server/src/modules/seed/assets apps/server/src/modules/seed/assets
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
# The official image's "node" user (uid 1000) owns only DATA_DIR; the code stays read-only to it.
# The build stamps are touched last: `npm run worker|backup|…` rebuilds the server when a file under
# apps/server/src (here: the seed assets) is newer than its stamp, and this image has no esbuild.
RUN mkdir -p /data && chown node:node /data \
 && touch apps/server/dist/.build-stamp apps/server/dist/.server-build-stamp
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness (docs/operations.md); node's own fetch, as the slim image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly (not npm start, which would rebuild when sources are newer): SIGTERM reaches the
# server, which drains requests before it exits. The V8 flags are scripts/server-node-flags.mjs's.
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=25", "apps/server/dist/main.js"]
