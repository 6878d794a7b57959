import { type APIRequestContext, type APIResponse, test } from "@playwright/test";

type PostOptions = NonNullable<Parameters<APIRequestContext["post"]>[1]>;

/**
 * Signs up through better-auth's endpoint. Sign-ups are limited per client address (5 per 10 s), and
 * every spec on the e2e server comes from 127.0.0.1, so a 429 waits out its Retry-After and tries
 * again (a few times) instead of failing whichever spec happens to sign up sixth.
 *
 * With the Origin a browser sends (the configured base URL unless the caller names another):
 * better-auth refuses a cookie-carrying POST without one, and a context holds the marketplace
 * cookie once a page has booted or the visitor chose one (decision 183).
 */
export async function signUpViaApi(request: APIRequestContext, options: PostOptions): Promise<APIResponse> {
  const origin = (options.headers as Record<string, string> | undefined)?.origin ?? test.info().project.use.baseURL;
  const withOrigin = { ...options, headers: { ...options.headers, ...(origin ? { origin } : {}) } };
  for (let attempt = 1; ; attempt += 1) {
    const response = await request.post("/api/auth/sign-up/email", withOrigin);
    if (response.status() !== 429 || attempt === 4) return response;
    const seconds = Number(response.headers()["retry-after"] ?? "2");
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 2) * 1000 + 250));
  }
}
