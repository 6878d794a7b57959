import { z } from "zod";
import "./field-messages.ts";

// The id schemas, under the rule of ../ids.ts (isUuid): zod's guid, any 8-4-4-4-12 hex id.

/**
 * A schema for an id under the rule; `message` is what a client sees when it is broken (a route's
 * own words where the spec gives some). Without one, the words nobody-typed values get (field-messages.ts).
 */
export const uuidSchema = (message?: string) => z.guid(message === undefined ? undefined : { error: message });

export const UuidSchema = uuidSchema();
