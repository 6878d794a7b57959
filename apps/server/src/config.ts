import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { parseTrustedProxies } from "./http/client-address.ts";

// config.ts sits three levels below the repository root both as source (apps/server/src) and bundled (apps/server/dist).
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/** Every environment variable the server reads, validated once at boot (docs/configuration.md lists them all). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(16),
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  MEDIA_WORKERS: z.coerce.number().int().min(0).max(16).default(2),
  MEDIA_CACHE_DIR: z.string().min(1).optional(),
  MEDIA_JOB_STALE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET_PREFIX: z.string().default("reelmart-"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  S3_PUBLIC_URL: z.url().optional(),
  UPLOAD_MAX_VIDEO_MB: z.coerce.number().int().min(1).max(100_000).default(500),
  UPLOAD_MAX_IMAGE_MB: z.coerce.number().int().min(1).max(1_000).default(15),
  SUBMISSION_MAX_MB: z.coerce.number().int().min(1).max(100_000).default(100),
  SUBMISSION_MAX_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  UPLOAD_EXPIRY_HOURS: z.coerce.number().min(0.01).max(24 * 30).default(24),
  STATIC_DIR: z.string().optional(),
  TRUSTED_PROXIES: z.string().optional(),
  FEED_CARD_CACHE_SIZE: z.coerce.number().int().min(0).default(20_000),
  SEARCH_CARD_CACHE_SIZE: z.coerce.number().int().min(0).default(10_000),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: z.url().default("https://api.razorpay.com"),
  RAZORPAY_CHECKOUT_URL: z.url().default("https://checkout.razorpay.com/v1/checkout.js"),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MESSAGE_OUTBOX_DIR: z.string().min(1).optional(),
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // zod's own English, not the words the API's refusals get (core/api/field-messages.ts): an operator reads these.
  const parsed = EnvSchema.safeParse(env, { error: z.locales.en().localeError });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const vars = parsed.data;
  if (vars.STORAGE_DRIVER === "s3" && !vars.S3_ENDPOINT) {
    throw new ConfigError("Invalid configuration:\n  S3_ENDPOINT: required when STORAGE_DRIVER=s3");
  }
  if (Boolean(vars.GOOGLE_CLIENT_ID) !== Boolean(vars.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("Invalid configuration:\n  GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together");
  }
  if (Boolean(vars.RAZORPAY_KEY_ID) !== Boolean(vars.RAZORPAY_KEY_SECRET)) {
    throw new ConfigError("Invalid configuration:\n  RAZORPAY_KEY_SECRET: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET go together");
  }
  if (vars.DATABASE_URL && env.PGLITE_SHARED_BUFFERS_MB !== undefined) {
    // Never silently ignored: the owner meant to size a buffer pool, and PostgreSQL sizes its own.
    throw new ConfigError(
      "Invalid configuration:\n  PGLITE_SHARED_BUFFERS_MB: applies to the embedded database only; with DATABASE_URL set shared_buffers in PostgreSQL's own configuration",
    );
  }
  if (vars.DATABASE_URL && vars.NODE_ENV === "production" && !vars.AUTH_SECRET) {
    throw new ConfigError("Invalid configuration:\n  AUTH_SECRET: required in production with DATABASE_URL (every instance must share it)");
  }
  let trustedProxies: string[];
  try {
    trustedProxies = parseTrustedProxies(vars.TRUSTED_PROXIES);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  TRUSTED_PROXIES: ${(error as Error).message}`);
  }
  const dataDir = path.resolve(vars.DATA_DIR);
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/$/, "");
  // Without PUBLIC_URL the owner may open any loopback name; each must pass the origin checks.
  const trustedOrigins = vars.PUBLIC_URL
    ? [new URL(publicUrl).origin]
    : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${vars.PORT}`);
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    publicUrl,
    trustedOrigins,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    pgliteSharedBuffersMb: vars.PGLITE_SHARED_BUFFERS_MB,
    databasePreparedStatements: vars.DATABASE_PREPARED_STATEMENTS,
    seedDemo: vars.SEED_DEMO,
    logLevel: vars.LOG_LEVEL,
    authSecret: vars.AUTH_SECRET,
    google:
      vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
        ? { clientId: vars.GOOGLE_CLIENT_ID, clientSecret: vars.GOOGLE_CLIENT_SECRET, issuer: vars.GOOGLE_ISSUER }
        : undefined,
    ffmpegPath: vars.FFMPEG_PATH,
    mediaWorkers: vars.MEDIA_WORKERS,
    /** A running media job whose worker stopped refreshing its lock this long ago is taken over. */
    mediaJobStaleSeconds: vars.MEDIA_JOB_STALE_SECONDS,
    // Generated demo media is content-addressed and reused across data dirs, test runs and restarts.
    mediaCacheDir: path.resolve(vars.MEDIA_CACHE_DIR ?? path.join(REPO_ROOT, ".cache/media")),
    storage:
      vars.STORAGE_DRIVER === "s3"
        ? {
            driver: "s3" as const,
            endpoint: vars.S3_ENDPOINT!,
            region: vars.S3_REGION,
            bucketPrefix: vars.S3_BUCKET_PREFIX,
            accessKeyId: vars.S3_ACCESS_KEY_ID,
            secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
            forcePathStyle: vars.S3_FORCE_PATH_STYLE,
            publicBaseUrl: vars.S3_PUBLIC_URL?.replace(/\/$/, ""),
          }
        : { driver: "local" as const, root: path.join(dataDir, "storage") },
    uploads: {
      maxVideoBytes: vars.UPLOAD_MAX_VIDEO_MB * 1024 * 1024,
      maxImageBytes: vars.UPLOAD_MAX_IMAGE_MB * 1024 * 1024,
      maxSubmissionBytes: vars.SUBMISSION_MAX_MB * 1024 * 1024,
      maxSubmissionSeconds: vars.SUBMISSION_MAX_SECONDS,
      /** Incomplete uploads older than this are removed with their parts. */
      expiryMs: Math.round(vars.UPLOAD_EXPIRY_HOURS * 3600 * 1000),
    },
    /** The origin media files are served from when it is not this server (CSP media-src/img-src). */
    mediaOrigin: vars.STORAGE_DRIVER === "s3" && vars.S3_PUBLIC_URL ? new URL(vars.S3_PUBLIC_URL).origin : undefined,
    staticDir: vars.STATIC_DIR ? path.resolve(vars.STATIC_DIR) : undefined,
    trustedProxies,
    feedCardCacheSize: vars.FEED_CARD_CACHE_SIZE,
    searchCardCacheSize: vars.SEARCH_CARD_CACHE_SIZE,
    // Online payment is offered only with both keys; the webhook secret defaults to the key secret.
    razorpay:
      vars.RAZORPAY_KEY_ID && vars.RAZORPAY_KEY_SECRET
        ? {
            keyId: vars.RAZORPAY_KEY_ID,
            keySecret: vars.RAZORPAY_KEY_SECRET,
            webhookSecret: vars.RAZORPAY_WEBHOOK_SECRET ?? vars.RAZORPAY_KEY_SECRET,
            apiUrl: vars.RAZORPAY_API_URL.replace(/\/$/, ""),
            checkoutScriptUrl: vars.RAZORPAY_CHECKOUT_URL,
          }
        : undefined,
    orderPaymentTimeoutMinutes: vars.ORDER_PAYMENT_TIMEOUT_MINUTES,
    /** Bearer token for GET /metrics; without it only loopback clients may read them (decision 170). */
    metricsToken: vars.METRICS_TOKEN,
    /** `npm run worker` serves its own /metrics on this port; unset, it serves none. */
    workerMetricsPort: vars.WORKER_METRICS_PORT,
    /** Also write every email and SMS as a file here (decision 041): a provider stand-in for development and browser tests. */
    messageOutboxDir: vars.MESSAGE_OUTBOX_DIR ? path.resolve(vars.MESSAGE_OUTBOX_DIR) : undefined,
  };
}

/**
 * The embedded default keeps its generated auth secret in DATA_DIR so sessions survive restarts
 * without the owner configuring anything; it never leaves the machine.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
