import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, UnknownRow } from "kysely";

/** Counts the queries and the rows they return through the real database connection (`db.withPlugin`). */
export class RowCounter implements KyselyPlugin {
  queries = 0;
  rows = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.queries += 1;
    this.rows += args.result.rows.length;
    return args.result;
  }
  reset() {
    this.queries = 0;
    this.rows = 0;
  }
}
