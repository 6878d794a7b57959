import type { TestServer } from "./test-server.ts";

export interface Operation {
  method: string;
  /** The OpenAPI path, with {param} placeholders. */
  path: string;
  params: string[];
  query: string[];
  hasBody: boolean;
  /** Roles the operation's `security` asks for: null when public, [] for any signed-in user, ["admin"] for admins. */
  requires: string[] | null;
}

type OpenApiDocument = {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown; security?: Record<string, string[]>[] }>>;
};

/** Every operation /api/openapi.json describes, read at run time so new routes are covered as they land. */
export async function listOperations(server: TestServer): Promise<Operation[]> {
  const { body } = await server.json<OpenApiDocument>("/api/openapi.json");
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(body.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const requirement = operation.security?.find((entry) => "session" in entry);
      operations.push({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        query: parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
        hasBody: Boolean(operation.requestBody),
        requires: requirement ? requirement.session! : null,
      });
    }
  }
  return operations;
}

/** Percent-encodes any string, a lone surrogate included (as the invalid UTF-8 bytes a raw client could send). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // swallowed: a lone surrogate (URIError) is encoded by hand below.
    return [...value].map((char) => (/\p{Cs}/u.test(char) ? "%ED%A0%80" : encodeURIComponent(char))).join("");
  }
}

/** The operation's URL with each path parameter replaced. */
export function fillPath(operation: Operation, value: (name: string) => string): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeSegment(value(name)));
}
