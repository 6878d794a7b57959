import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { swaggerUI } from "@hono/swagger-ui";
import { OpenAPIHono } from "@hono/zod-openapi";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { type Context, Hono, type MiddlewareHandler, type Next } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppDeps, OpenApiFragment, RegisterRoutes } from "./context.ts";
import { enforceDeclaredAccess } from "./http/access.ts";
import { apiBodyLimit } from "./http/body-limit.ts";
import { TrustedProxies } from "./http/client-address.ts";
import { compression } from "./http/compression.ts";
import { clientDataError, databaseStateError } from "./http/database-errors.ts";
import { AppError } from "./shared/errors.ts";
import { isStorageUnavailable } from "./storage/storage.ts";
import { BODY_NOT_JSON, errorBody, sendError } from "./http/errors.ts";
import { publicCacheMiddleware } from "./read-model/public-cache.ts";
import { metricsHandler, metricsMiddleware } from "./http/metrics.ts";
import { requestContext } from "./http/request-context.ts";
import { createSecurityHeaders, securityHeadersMiddleware } from "./http/security-headers.ts";
import { validationHook } from "./http/validation.ts";
import type { AppEnv } from "./http/viewer.ts";
import { ShellTemplate } from "./modules/share-pages/page-head.ts";
import { mountCrawlerFiles, mountSharePages } from "./modules/share-pages/share-pages.routes.ts";

export interface AppParts {
  /** Middleware run on every /api request before the routes (the auth module's session lookup). */
  apiMiddleware?: MiddlewareHandler<AppEnv>[];
  /** Sub-apps mounted as they are: under /api (better-auth at /api/auth) or beside it (/media). */
  mounts?: { path: string; app: Hono<any> }[];
  modules: RegisterRoutes[];
  /** Operations served outside the OpenAPI routes (better-auth's), merged into /api/openapi.json. */
  openApiFragments?: (() => Promise<OpenApiFragment>)[];
  /** The built web app; when absent only the API is served. */
  webDir?: string;
}

export function createApp(deps: AppDeps, parts: AppParts): Hono<AppEnv> {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath("/api");
  enforceDeclaredAccess(api);
  api.use("*", async (c, next) => {
    c.set("viewer", null);
    await next();
  });
  // Before the session lookup: an oversized body is refused from its headers whoever sends it.
  api.use("*", apiBodyLimit);
  for (const middleware of parts.apiMiddleware ?? []) api.use("*", middleware);
  // Anonymous public catalogue and feed GETs from memory (decision 030), after the session lookup.
  if (deps.readModel) api.use("*", publicCacheMiddleware(deps.readModel.publicCache, { fetch: (request) => app.fetch(request) }));
  for (const mount of (parts.mounts ?? []).filter((m) => m.path.startsWith("/api/"))) api.route(mount.path.slice("/api".length), mount.app);
  for (const register of parts.modules) register(api, deps);

  let openApiDocument: Promise<object> | undefined;
  api.get("/openapi.json", async (c) => {
    openApiDocument ??= openApi(api, parts.openApiFragments ?? []);
    return c.json(await openApiDocument);
  });
  api.get("/docs", swaggerUI({ url: "/api/openapi.json" }));
  api.all("/*", (c) => c.json(errorBody(ERROR_CODES.notFound, `No API route for ${c.req.method} ${c.req.path}`), 404));

  // The one middleware order for every request: who and which request (id, client address), its
  // metrics, the security headers on whatever answers, the log line, compression (http/compression.ts); then /api's own chain above
  // (session, cross-origin guard, public cache), then the route, whose access rule runs before its validation.
  const app = new Hono<AppEnv>();
  app.use("*", requestContext(new TrustedProxies(deps.config.trustedProxies), deps.logger));
  app.use("*", metricsMiddleware(deps.metrics));
  app.use("*", securityHeadersMiddleware(createSecurityHeaders(deps.config)));
  app.use("*", requestLogger());
  app.use("*", compression());
  app.route("/", api);
  app.get("/metrics", metricsHandler(deps.metrics, deps.config.metricsToken));
  for (const mount of (parts.mounts ?? []).filter((m) => !m.path.startsWith("/api/"))) app.route(mount.path, mount.app);
  mountCrawlerFiles(app, deps);
  if (parts.webDir && existsSync(path.join(parts.webDir, "index.html"))) mountWebApp(app, parts.webDir, deps);
  // The one error handler, for /api too. hono's route() wraps every handler and middleware of a
  // sub-app that has an error handler of its own in a compose() per request: with one on /api that
  // was a closure and a promise per middleware per request, 5% of what a signed-in write allocated.
  // hono's compose turns an error into this handler's answer where it is thrown, so the middleware
  // around it sees an answer either way.
  app.onError(handleError);
  return app;
}

/** The API's OpenAPI 3.1 document: every route registered with createRoute, plus the fragments (built once, on first request). */
async function openApi(api: OpenAPIHono<AppEnv>, fragments: (() => Promise<OpenApiFragment>)[]): Promise<object> {
  const document = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Reelmart API", version: "1.0.0", description: "Short-video shopping storefront" },
  });
  for (const fragment of await Promise.all(fragments.map((build) => build()))) {
    // Plain OpenAPI objects, not zod: the generator's own types cannot check them.
    document.paths = { ...document.paths, ...(fragment.paths as typeof document.paths) };
    document.components = { ...document.components, schemas: { ...(fragment.schemas as NonNullable<typeof document.components>["schemas"]), ...document.components?.schemas } };
  }
  return document;
}

/** Lines through the request's logger (c.var.log), which carries its id. */
function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof AppError) {
    // Storage away or full (decision 222) is the operator's to act on: one line per request that met it.
    if (isStorageUnavailable(error)) c.var.log.warn({ err: error.cause, method: c.req.method, path: c.req.path }, error.logLine);
    return sendError(c, error);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code = status === 413 ? ERROR_CODES.tooLarge : status === 401 ? ERROR_CODES.unauthenticated : ERROR_CODES.badRequest;
    return c.json(errorBody(code, error.message || "Bad request"), status);
  }
  if (error instanceof SyntaxError) return c.json(errorBody(ERROR_CODES.badRequest, BODY_NOT_JSON, "body"), 400);
  const fromDatabaseState = databaseStateError(error);
  if (fromDatabaseState) {
    // No stack: the cause is the database's state, which the line names; every request meeting it logs one.
    c.var.log.warn({ method: c.req.method, path: c.req.path, code: (error as { code?: string }).code, message: error.message }, fromDatabaseState.logLine);
    return sendError(c, fromDatabaseState.answer);
  }
  const fromClientData = clientDataError(error);
  if (fromClientData) {
    c.var.log.warn({ method: c.req.method, path: c.req.path, code: (error as { code?: string }).code, message: error.message }, "database refused client data");
    return sendError(c, fromClientData);
  }
  c.var.log.error({ err: error, method: c.req.method, path: c.req.path, clientIp: c.get("clientIp") }, "unhandled error");
  return c.json(errorBody(ERROR_CODES.internal, `Something went wrong on our side (request ${c.get("requestId")})`), 500);
}

/** One debug line per /api request, through the request's logger (c.var.log), which carries its id. */
function requestLogger() {
  return async (c: Context<AppEnv>, next: Next) => {
    if (!c.var.log.isLevelEnabled("debug")) return next();
    const started = performance.now();
    await next();
    if (c.req.path.startsWith("/api/")) {
      c.var.log.debug(
        { clientIp: c.get("clientIp"), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    }
  };
}

/**
 * The built PWA: hashed assets are immutable; everything else revalidates, and unknown paths
 * fall back to index.html so the client router can show the page (or its not-found screen), but for
 * files that are not there. The pages people share answer the same shell with a head of their own
 * (modules/share-pages). A file the build compressed (scripts/precompress.mjs) goes out as its .br or
 * .gz twin when the browser accepts that encoding (decision 197).
 */
function mountWebApp(app: Hono<AppEnv>, webDir: string, deps: AppDeps) {
  const indexHtml = readFileSync(path.join(webDir, "index.html"), "utf8");
  const root = path.relative(process.cwd(), webDir) || ".";
  app.use(
    "/assets/*",
    serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }),
  );
  mountSharePages(app, deps, new ShellTemplate(indexHtml));
  app.use(
    "*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (sentPath, c) => {
        const filePath = sentPath.replace(PRECOMPRESSED_SUFFIX, "");
        const noCache = filePath.endsWith("sw.js") || filePath.endsWith(".html") || filePath.endsWith(".webmanifest");
        c.header("Cache-Control", noCache ? "no-cache" : "public, max-age=3600");
      },
    }),
  );
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    if (NAMES_A_FILE.test(c.req.path)) return c.text("Not found", 404);
    return c.html(indexHtml);
  });
}

/** serveStatic's `precompressed` hands onFound the twin it sends (app.js.br); the rules read the file's own name. */
const PRECOMPRESSED_SUFFIX = /\.(?:br|gz|zst)$/;

/**
 * A path whose last segment has an extension names a file, not a page of the app (no route of the
 * client router has a dot): when the file is not there it is a 404, not the app's HTML, which a
 * browser would report as a script's or a picture's parse error and a cache would keep.
 */
const NAMES_A_FILE = /\.[A-Za-z0-9]{1,12}$/;
