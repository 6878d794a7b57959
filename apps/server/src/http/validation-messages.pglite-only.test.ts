import { randomUUID } from "node:crypto";
import { developerTextIn } from "@reelmart/core/api/developer-text.test-helper";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPath, listOperations } from "../testing/openapi-operations.ts";
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { type TestUser, signUpUser } from "../testing/users.ts";

// Decision 213: a refusal's message is a sentence for people. Every operation in /api/openapi.json
// that takes parameters or a JSON body gets, one at a time, a bad value in each of them (empty, too
// long, a control character, letters where a number goes, negative and huge numbers, a fraction
// for a whole number, an unknown option, the wrong type, a missing required field) inside an
// otherwise valid request, as an admin (so access passes and the schema answers); every error
// answer must carry no schema path, zod type name or zod English. PGlite only: the words are the
// same on both databases, and the walk is a few thousand requests.


type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
};

// Values the schemas' patterns accept, by pattern (the OpenAPI document carries the regex only).
const PATTERN_EXAMPLES: [RegExp, string][] = [
  [/#\[0-9a-fA-F\]\{6\}/, "#1a2b3c"],
  [/A-Z\]\{2\}/, "IN"],
  [/A-Za-z0-9_-\]\{1,64\}/, "seed-1"],
  [/\\d/, "12.50"],
];

class RequestShapes {
  constructor(private readonly document: Document) {}

  resolve(schema: Schema | undefined): Schema {
    let current = schema ?? {};
    while (current.$ref) current = this.document.components?.schemas?.[current.$ref.split("/").at(-1)!] ?? {};
    if (current.allOf) return current.allOf.reduce<Schema>((merged, part) => ({ ...merged, ...this.resolve(part) }), {});
    // Of a union, the branch that says most: a number over text (a price is "12.50" or 12.5), never null.
    const branches = (current.anyOf ?? current.oneOf)?.map((branch) => this.resolve(branch)).filter((branch) => branch.type !== "null");
    if (branches) return branches.find((branch) => branch.type === "number") ?? branches[0] ?? {};
    return current;
  }

  private typeOf(schema: Schema): string | undefined {
    return Array.isArray(schema.type) ? schema.type.find((type) => type !== "null") : schema.type;
  }

  /** A value the schema accepts. */
  valid(raw: Schema | undefined): unknown {
    const schema = this.resolve(raw);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum[0];
    if (schema.default !== undefined) return schema.default;
    switch (this.typeOf(schema)) {
      case "string":
        return this.validString(schema);
      case "integer":
      case "number":
        return schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
      case "boolean":
        return true;
      case "array":
        return Array.from({ length: schema.minItems ?? 0 }, () => this.valid(schema.items));
      case "object":
      case undefined:
        return Object.fromEntries((schema.required ?? []).map((name) => [name, this.valid(schema.properties?.[name])]));
      default:
        return null;
    }
  }

  private validString(schema: Schema): string {
    if (schema.format === "uuid") return randomUUID();
    if (schema.format === "email") return `someone-${randomUUID().slice(0, 8)}@example.test`;
    if (schema.format === "uri") return "https://example.com/";
    if (schema.format === "date-time") return new Date(Date.now() + 86_400_000).toISOString();
    if (schema.format === "date") return new Date().toISOString().slice(0, 10);
    if (schema.pattern) {
      const known = PATTERN_EXAMPLES.find(([shape]) => shape.test(schema.pattern!));
      if (known && new RegExp(schema.pattern).test(known[1])) return known[1];
    }
    return "a".repeat(Math.max(schema.minLength ?? 1, 1));
  }

  /** Values the schema refuses, each with what it tries. `inJson`: types other than text can be sent. */
  bad(raw: Schema | undefined, inJson: boolean): { label: string; value: unknown }[] {
    const schema = this.resolve(raw);
    const values: { label: string; value: unknown }[] = [];
    const nullable = Array.isArray(schema.type) && schema.type.includes("null");
    if (schema.enum) values.push({ label: "an unknown option", value: "not-an-option" });
    switch (this.typeOf(schema)) {
      case "string":
        if ((schema.minLength ?? 0) >= 1 || schema.format || schema.pattern) values.push({ label: "empty", value: "" });
        if (schema.maxLength !== undefined) values.push({ label: "too long", value: "x".repeat(schema.maxLength + 1) });
        if (schema.format) values.push({ label: `not a ${schema.format}`, value: "not valid" });
        if (schema.pattern) values.push({ label: "letters", value: "abc" });
        values.push({ label: "a control character", value: "a\u0007b" });
        if (inJson) values.push({ label: "a number for text", value: 12345 });
        break;
      case "integer":
      case "number":
        values.push({ label: "letters", value: "abc" });
        values.push({ label: "negative", value: -1e12 });
        values.push({ label: "huge", value: 1e15 });
        if (schema.type === "integer") values.push({ label: "a fraction", value: 1.5 });
        break;
      case "boolean":
        values.push({ label: "not a boolean", value: "yes" });
        break;
      case "array":
        if (inJson) values.push({ label: "text for a list", value: "x" });
        if (schema.maxItems !== undefined && schema.maxItems < 1000) values.push({ label: "too many", value: Array.from({ length: schema.maxItems + 1 }, () => this.valid(schema.items)) });
        break;
      case "object":
        if (inJson) values.push({ label: "text for an object", value: "x" });
        break;
    }
    return nullable ? values.filter((value) => value.value !== null) : values;
  }

  /**
   * Bodies that are valid but for one value, each with the path of that value: every property of
   * the body, of its objects and of the first item of its lists.
   */
  badBodies(raw: Schema | undefined, depth = 0): { path: string; label: string; body: unknown }[] {
    const schema = this.resolve(raw);
    const base = this.valid(schema) as Record<string, unknown>;
    const found: { path: string; label: string; body: unknown }[] = [];
    if (depth > 3 || !schema.properties) return found;
    for (const [name, property] of Object.entries(schema.properties)) {
      for (const bad of this.bad(property, true)) found.push({ path: name, label: bad.label, body: { ...base, [name]: bad.value } });
      if (schema.required?.includes(name)) found.push({ path: name, label: "missing", body: Object.fromEntries(Object.entries(base).filter(([key]) => key !== name)) });
      const resolved = this.resolve(property);
      if (this.typeOf(resolved) === "object" || (resolved.properties && !resolved.type)) {
        for (const nested of this.badBodies(resolved, depth + 1)) found.push({ ...nested, path: `${name}.${nested.path}`, body: { ...base, [name]: nested.body } });
      }
      if (this.typeOf(resolved) === "array" && resolved.items) {
        for (const nested of this.badBodies(resolved.items, depth + 1)) found.push({ ...nested, path: `${name}.0.${nested.path}`, body: { ...base, [name]: [nested.body] } });
      }
    }
    return found;
  }
}

describe("refusals are sentences for people", () => {
  let server: TestServer;
  let admin: TestUser;
  let document: Document;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpUser(server, { admin: true });
    document = (await server.json<Document>("/api/openapi.json")).body;
  });
  afterAll(() => server.close());

  /** Every error answer whose words are not for people, as "request: answer". */
  const problems: string[] = [];

  /** Sends the request and checks an error answer's words; returns the answer's status and error. */
  async function refusal(method: string, target: string, body: unknown, what: string) {
    const init: RequestInit = { method, headers: { ...admin.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await server.request(target, init);
    if (response.status < 400 || method === "HEAD") {
      await response.body?.cancel();
      return { status: response.status, error: undefined };
    }
    const text = await response.text();
    const error = (JSON.parse(text) as { error: { code: string; message: string; field?: string } }).error;
    if (developerTextIn(error.message) || !/^[A-Z\u20B9"']/.test(error.message)) problems.push(`${what}: ${text.slice(0, 300)}`);
    return { status: response.status, error };
  }

  it("in every parameter and body field of every operation we validate", async () => {
    const shapes = new RequestShapes(document);
    // better-auth's endpoints are walked in their own test below: theirs are rate limited per address,
    // and a refused value they accept could end the admin's session.
    const operations = (await listOperations(server)).filter((operation) => !operation.path.startsWith("/api/auth/") && operation.method !== "HEAD");
    let refused = 0;
    for (const operation of operations) {
      const spec = document.paths[operation.path]![operation.method.toLowerCase()]!;
      const parameters = spec.parameters ?? [];
      const pathValue = (name: string) => String(shapes.valid(parameters.find((parameter) => parameter.in === "path" && parameter.name === name)?.schema));
      const target = fillPath(operation, pathValue);
      const jsonSchema = spec.requestBody?.content?.["application/json"]?.schema;
      const validBody = jsonSchema ? shapes.valid(jsonSchema) : undefined;
      const cases: { what: string; target: string; body: unknown; field: string }[] = [];
      for (const parameter of parameters) {
        for (const bad of shapes.bad(parameter.schema, false)) {
          const value = String(bad.value);
          // An empty path segment is another route (a 404), not a refused value.
          if (parameter.in === "path" && value !== "") {
            cases.push({ what: `${parameter.name} ${bad.label}`, target: fillPath(operation, (name) => (name === parameter.name ? value : pathValue(name))), body: validBody, field: parameter.name });
          } else if (parameter.in === "query") {
            cases.push({ what: `${parameter.name} ${bad.label}`, target: `${target}?${new URLSearchParams({ [parameter.name]: value })}`, body: validBody, field: parameter.name });
          }
        }
      }
      for (const bad of shapes.badBodies(jsonSchema)) cases.push({ what: `${bad.path} ${bad.label}`, target, body: bad.body, field: bad.path });
      for (const { what, target: sentTo, body } of cases) {
        const answer = await refusal(operation.method, sentTo, body, `${operation.method} ${operation.path} with ${what}`);
        if (answer.status === 400) refused++;
        // The contract: a 400 names the field.
        if (answer.status === 400 && answer.error?.code === "bad_request" && !answer.error.field) problems.push(`${operation.method} ${operation.path} with ${what}: names no field`);
      }
    }
    expect(problems).toEqual([]);
    // The walk reached the schemas: most bad values are refused by them.
    expect(refused).toBeGreaterThan(500);
  }, 300_000);

  it("in better-auth's refusals of the account forms' fields", async () => {
    const cases: [string, unknown, string, string][] = [
      ["/api/auth/sign-up/email", { email: "not-an-email", password: "correct-horse-battery", name: "Asha" }, "email", "Enter a valid email address, like name@example.com"],
      ["/api/auth/sign-up/email", { email: `asha-${randomUUID().slice(0, 6)}@example.test`, password: "correct-horse-battery", name: 12345 }, "name", "Name must be text"],
      ["/api/auth/change-email", { newEmail: "not-an-email" }, "newEmail", "Enter a valid email address, like name@example.com"],
      ["/api/auth/sign-up/email", { email: "a\u0007@example.test", password: "correct-horse-battery", name: "Asha" }, "email", "Email has characters that can't be saved; remove them and try again"],
    ];
    for (const [path, body, field, sentence] of cases) {
      const answer = await refusal("POST", path, body, `POST ${path} ${JSON.stringify(body)}`);
      expect({ status: answer.status, field: answer.error?.field, message: answer.error?.message }, path).toEqual({ status: 400, field, message: sentence });
    }
    expect(problems).toEqual([]);
  });
});
