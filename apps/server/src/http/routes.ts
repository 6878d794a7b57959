import { ErrorBodySchema } from "@reelmart/core/api/errors";

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
