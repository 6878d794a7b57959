// @adobe/structured-data-validator ships no types; this is the part the share-page tests use.
declare module "@adobe/structured-data-validator" {
  export interface ValidationIssue {
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    rootType?: string;
    fieldNames?: string[];
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    /** Data as @marbec/web-auto-extractor parses it: { jsonld: { [rootType]: items[] } }. */
    validate(data: { jsonld?: Record<string, object[]> }): Promise<ValidationIssue[]>;
  }
}
