import type { ErrorBody } from "@reelmart/core/api/errors";
import { REQUEST_TIMEOUT_MS } from "@reelmart/core/constants";

/** An API answer other than 2xx, carrying the server's error code and the field it names. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Extra request headers, such as Idempotency-Key. */
  headers?: Record<string, string>;
}

/**
 * The one way the web app talks to /api: JSON in and out, cookies for the session, the spec's 15 s
 * timeout ('Request timeout'), and errors turned into ApiRequestError. Components never call fetch.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = apiUrl(path, options.query);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers: { ...(options.body === undefined ? {} : { "Content-Type": "application/json" }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiRequestError(0, "timeout", "Request timeout");
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError(0, "network", "Network connection lost");
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    // A proxy or crash page may answer without our error body; the status still tells the story.
    const body = data as Partial<ErrorBody> | undefined;
    throw new ApiRequestError(
      response.status,
      body?.error?.code ?? `http_${response.status}`,
      body?.error?.message ?? response.statusText,
      body?.error?.field,
    );
  }
  return data as T;
}

/** The URL apiRequest calls for a path and query (empty values are left out). */
export function apiUrl(path: string, query: RequestOptions["query"] = {}): URL {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  return url;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // swallowed: a body that is not JSON (a proxy's error page) leaves the status to answer.
    return undefined;
  }
}
