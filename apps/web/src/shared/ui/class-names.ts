/** Joins the class names that are set; the primitives use it to add a caller's layout classes to their own. */
export function classNames(...names: ReadonlyArray<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
