import { ErrorBodySchema } from "@reelmart/core/api/errors";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";

// The plumbing every module's createRoute declarations share, so a route file states only its own
// paths, schemas and words.

/** A JSON body or response for createRoute. */
export const jsonContent = <T>(schema: T) => ({ content: { "application/json": { schema } } });

/** A described JSON response. */
export const jsonResponse = <T>(schema: T, description: string) => ({ description, ...jsonContent(schema) });

/** A described error response: the API's one error body (core/api/errors.ts). */
export const errorResponse = (description: string) => jsonResponse(ErrorBodySchema, description);

/** The errors most routes that take input and a session can answer. */
export const errorResponses = {
  400: errorResponse("Invalid input (names the field)"),
  401: errorResponse("Not signed in"),
  404: errorResponse("Unknown (or not yours)"),
};

/**
 * A 200 JSON answer whose body is already JSON in UTF-8 (a cart held in memory is its lines' bytes
 * joined, decision 201), typed as c.json(value, 200) would be for the route's schema of `T`.
 */
export const serialisedJson = <T>(c: Context, json: Uint8Array) =>
  // Bytes to Hono's types; they are the JSON of a `T`.
  c.body(json as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "application/json" }) as Response as Response & TypedResponse<JSONParsed<T>, 200, "json">;
