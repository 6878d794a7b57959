import type { FieldErrors } from "react-hook-form";
import type { ProductFormValues } from "../product-form.ts";

/**
 * The message the form holds for the field at a dotted path ("variants.0.colorHex", "highlights.1"),
 * if any: the paths of list rows and of refusals the server names are not known to the types.
 */
export function errorText(errors: FieldErrors<ProductFormValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}
