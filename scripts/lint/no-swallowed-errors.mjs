/**
 * A caught error must be answered for: a handler that neither reads the error it caught nor throws
 * drops it, and the failure it stood for vanishes without a log line or an answer. Reported are
 * `try { … } catch { … }` clauses and `.catch(handler)` calls whose handler is written in place
 * (a handler passed by name, such as `.catch(reject)`, receives the error). Where dropping is right,
 * a `// swallowed: <why>` comment on the line of the `catch` (or the line above it) or inside the
 * handler says so, and the rule is quiet.
 */
const JUSTIFICATION = /^\s*swallowed:\s*\S/;

/** @type {import("eslint").Rule.RuleModule} */
const noSwallowedErrors = {
  meta: {
    type: "problem",
    docs: { description: "Report catch handlers that drop the error they caught without a `// swallowed: <why>` comment." },
    messages: {
      swallowed:
        "This catch drops the error it caught. Log it with its cause and answer for it (a toast, an error state, a 5xx), rethrow it, " +
        "or say why dropping it is right in a `// swallowed: <why>` comment on the catch's line or inside the handler.",
    },
    schema: [],
  },
  create(context) {
    const { sourceCode } = context;
    const justifications = sourceCode.getAllComments().filter((comment) => JUSTIFICATION.test(comment.value));

    function readsTheError(handler) {
      return sourceCode.getDeclaredVariables(handler).some((variable) => variable.defs.some((def) => def.type === "Parameter" || def.type === "CatchClause") && variable.references.length > 0);
    }

    // A throw in the handler's own body; one inside a nested function runs some other time.
    function throws(node) {
      if (node.type === "ThrowStatement") return true;
      for (const key of sourceCode.visitorKeys[node.type] ?? []) {
        const children = [node[key]].flat();
        for (const child of children) {
          if (!child || typeof child.type !== "string") continue;
          if (child.type.endsWith("FunctionExpression") || child.type === "FunctionDeclaration") continue;
          if (throws(child)) return true;
        }
      }
      return false;
    }

    function isJustified(catchLine, handler) {
      return justifications.some((comment) => {
        const inside = comment.range[0] >= handler.range[0] && comment.range[1] <= handler.range[1];
        return inside || comment.loc.end.line === catchLine || comment.loc.end.line === catchLine - 1;
      });
    }

    function check(reportAt, catchLine, handler, body) {
      if (readsTheError(handler) || throws(body) || isJustified(catchLine, handler)) return;
      context.report({ node: reportAt, messageId: "swallowed" });
    }

    return {
      CatchClause(clause) {
        check(clause, clause.loc.start.line, clause, clause.body);
      },
      CallExpression(call) {
        const { callee } = call;
        if (callee.type !== "MemberExpression") return;
        const name = callee.computed ? callee.property.value : callee.property.name;
        const [handler] = call.arguments;
        if (name !== "catch" || !handler) return;
        if (handler.type !== "ArrowFunctionExpression" && handler.type !== "FunctionExpression") return;
        check(callee.property, callee.property.loc.start.line, handler, handler.body);
      },
    };
  },
};

export default noSwallowedErrors;
