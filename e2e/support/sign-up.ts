import type { APIRequestContext, APIResponse } from "@playwright/test";

type PostOptions = Parameters<APIRequestContext["post"]>[1];

/**
 * Signs up through better-auth's endpoint. Sign-ups are limited per client address (5 per 10 s), and
 * every spec on the e2e server comes from 127.0.0.1, so a 429 waits out its Retry-After and tries
 * again (a few times) instead of failing whichever spec happens to sign up sixth.
 */
export async function signUpViaApi(request: APIRequestContext, options: PostOptions): Promise<APIResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await request.post("/api/auth/sign-up/email", options);
    if (response.status() !== 429 || attempt === 4) return response;
    const seconds = Number(response.headers()["retry-after"] ?? "2");
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 2) * 1000 + 250));
  }
}
