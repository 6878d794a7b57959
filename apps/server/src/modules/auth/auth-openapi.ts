import type { OpenApiFragment } from "../../context.ts";
import type { Auth } from "./auth.ts";

const ERROR_BODY = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", description: "better-auth's code (INVALID_EMAIL_OR_PASSWORD, WEAK_PASSWORD, …) or the API's (bad_request, rate_limited, …)" },
        message: { type: "string" },
        field: { type: "string", description: "The offending field, when one is to blame" },
        reasons: { type: "array", items: { type: "string" }, description: "Why a new password is too weak (WEAK_PASSWORD)" },
      },
    },
  },
};

type Operation = { tags?: string[]; security?: unknown; responses?: Record<string, { description?: string; content?: unknown }> };

/**
 * better-auth's endpoints as its openAPI plugin describes them, under /api/auth, with their error
 * answers in the shape auth-edge.ts gives them (the 429 with Retry-After).
 */
export async function authOpenApi(auth: Auth): Promise<OpenApiFragment> {
  const generated = (await (auth.api as unknown as { generateOpenAPISchema(): Promise<{ paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } }> }).generateOpenAPISchema());
  const paths: OpenApiFragment["paths"] = {};
  for (const [path, operations] of Object.entries(generated.paths)) {
    if (path.startsWith("/open-api/")) continue;
    const described: Record<string, unknown> = {};
    for (const [method, operation] of Object.entries(operations)) {
      const responses: Record<string, unknown> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const code = Number(status);
        if (code < 400) responses[status] = response;
        else if (code === 429) {
          responses[status] = {
            description: "Too many attempts from this client address; try again after Retry-After seconds",
            headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds until the next attempt is allowed" } },
            content: { "application/json": { schema: { $ref: "#/components/schemas/AuthError" } } },
          };
        } else responses[status] = { description: response.description ?? "Error", content: { "application/json": { schema: { $ref: "#/components/schemas/AuthError" } } } };
      }
      // better-auth marks every endpoint with its bearer scheme, sign-in included; the description says who may call it.
      const { security: _security, ...rest } = operation;
      described[method] = { ...rest, tags: ["auth"], responses };
    }
    paths[`/api/auth${path}`] = described;
  }
  return { paths, schemas: { ...generated.components?.schemas, AuthError: ERROR_BODY } };
}
