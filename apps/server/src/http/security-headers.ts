import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";

// The browser security headers (docs/security.md, "Headers"): one list, built once at start from
// the configuration, set on every response the server sends. A path that answers outside the
// middleware chain (a fast path in front of the framework) calls headersFor() with the same list.

const GOOGLE_IDENTITY = "https://accounts.google.com";

type Directives = Record<string, string[]>;

function serialise(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length ? `${name} ${sources.join(" ")}` : name))
    .join("; ");
}

/** Origins the browser loads media from besides this server (the S3 endpoint when media lives there). */
function mediaOrigins(config: Config): string[] {
  return config.storage.driver === "s3" ? [new URL(config.storage.endpoint).origin] : [];
}

/** The path prefix of the pages other sites may frame (modules/embed, decision 165); nothing else may be framed. */
export const EMBED_PATH_PREFIX = "/embed/";

/**
 * The app's Content-Security-Policy: scripts only from this origin (no inline script, no eval),
 * styles from this origin plus inline style attributes (React, Radix and toasts set them; a style
 * cannot run code), media and images from here, data:/blob: (captured thumbnails) and the media
 * origins, Google's sign-in script and frame only when Google sign-in is configured, and no framing.
 */
export function appContentSecurityPolicy(config: Config): string {
  return serialise(appDirectives(config));
}

function appDirectives(config: Config): Directives {
  const media = mediaOrigins(config);
  const google = config.google ? [GOOGLE_IDENTITY] : [];
  // Razorpay's checkout script opens its own frame and calls its API (only when online payment is on).
  const payments = config.razorpay ? [...new Set([new URL(config.razorpay.checkoutScriptUrl).origin, new URL(config.razorpay.apiUrl).origin])] : [];
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...google.map((origin) => `${origin}/gsi/client`), ...payments],
    "style-src": ["'self'", "'unsafe-inline'", ...google.map((origin) => `${origin}/gsi/style`)],
    "img-src": ["'self'", "data:", "blob:", ...media, ...(config.google ? ["https://*.googleusercontent.com"] : [])],
    "media-src": ["'self'", "blob:", ...media],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...media, ...google.map((origin) => `${origin}/gsi/`), ...payments],
    "frame-src": google.length || payments.length ? [...google.map((origin) => `${origin}/gsi/`), ...payments] : ["'none'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/**
 * The embed pages' policy: the app's, except that any site may frame them (that is their purpose),
 * and they frame nothing and post no form themselves. They answer the same to everyone and set no
 * cookie, so being framed exposes no shopper's data (clickjacking needs a session to abuse).
 */
function embedContentSecurityPolicy(config: Config): string {
  return serialise({ ...appDirectives(config), "frame-src": ["'none'"], "form-action": ["'none'"], "frame-ancestors": ["*"] });
}

// /api/docs is Swagger UI from @hono/swagger-ui: its page is one inline bootstrap script plus the
// swagger-ui bundle from jsDelivr, and it shows no user content, so it gets a policy of its own.
const DOCS_POLICY = serialise({
  "default-src": ["'self'"],
  "script-src": ["'self'", "'unsafe-inline'", "https://cdn.jsdelivr.net"],
  "style-src": ["'self'", "'unsafe-inline'", "https://cdn.jsdelivr.net"],
  "img-src": ["'self'", "data:", "https://cdn.jsdelivr.net"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "frame-ancestors": ["'none'"],
});

export interface SecurityHeaders {
  /** The header lines for a response to `path`. */
  headersFor(path: string): [string, string][];
}

export function createSecurityHeaders(config: Config): SecurityHeaders {
  // X-Frame-Options is all or nothing (no list of allowed sites), so the embed pages go without it and
  // rely on frame-ancestors alone; every other answer sends both.
  const shared: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    [
      "Permissions-Policy",
      "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(self), usb=(), browsing-topics=()",
    ],
    // Google's sign-in popup reports back to its opener; without Google the page keeps no opener link at all.
    ["Cross-Origin-Opener-Policy", config.google ? "same-origin-allow-popups" : "same-origin"],
  ];
  if (config.publicUrl.startsWith("https://")) shared.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  const unframeable: [string, string][] = [...shared, ["X-Frame-Options", "DENY"]];
  const app: [string, string][] = [["Content-Security-Policy", appContentSecurityPolicy(config)], ...unframeable];
  const docs: [string, string][] = [["Content-Security-Policy", DOCS_POLICY], ...unframeable];
  const embed: [string, string][] = [["Content-Security-Policy", embedContentSecurityPolicy(config)], ...shared];
  return { headersFor: (path) => (path === "/api/docs" ? docs : path.startsWith(EMBED_PATH_PREFIX) ? embed : app) };
}

/** Sets the security headers on every response that passes through the app. */
export function securityHeadersMiddleware(headers: SecurityHeaders): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of headers.headersFor(c.req.path)) c.res.headers.set(name, value);
  };
}
