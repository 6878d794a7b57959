/**
 * Dates, times, numbers and money are written by packages/core/src/format.ts alone (DESIGN.md: prices
 * as INR, en-IN, 2 decimals), so neighbouring screens, emails and charts never show one value two ways
 * ('7/12/2026' beside '7 Dec 2026', '₹1349.00' beside '₹1,349.00'). Reported outside that module:
 * - `Intl` (Intl.NumberFormat, Intl.DateTimeFormat, …) and `.toLocaleString()`,
 *   `.toLocaleDateString()`, `.toLocaleTimeString()`, which pick their own locale and style;
 * - money built by hand: a '₹' text joined to a value (`₹${amount}`, "₹" + amount) or an amount
 *   written out after '₹' ("₹499"). A '₹' on its own, such as a field's label "Price (₹)", is fine;
 * - fromPaise(…) written into a text (`Captured ${fromPaise(paise)}`, "Total " + fromPaise(paise)):
 *   it gives the API's decimal string ("5979.00"), without formatPrice's '₹' and en-IN grouping.
 * The option `allowRupeeText` lets tests and stand-ins state the text a reader sees ("₹1,499.00").
 */
const LOCALE_METHODS = new Set(["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]);
const RUPEE = "₹";
// '₹' followed by a written amount: "₹499", "₹ 1,299.50".
const WRITTEN_AMOUNT = /₹\s*[\d.,]*\d/;

/** @type {import("eslint").Rule.RuleModule} */
const formattersFromCore = {
  meta: {
    type: "problem",
    docs: { description: "Report Intl, toLocale*String and hand-built '₹' amounts outside packages/core/src/format.ts." },
    messages: {
      locale:
        "Write dates, times and numbers with packages/core/src/format.ts (formatDay, formatDateTime, formatShortDay, formatNumber, formatCount), " +
        "not {{what}}: each kind of value has one formatter, in en-IN.",
      rupee: "Write money with formatPrice from packages/core/src/format.ts (INR in en-IN's grouping, 2 decimals), not a hand-built '₹' text.",
      decimal: "Write money in a text with formatPrice(fromPaise(…)) from packages/core/src/format.ts: fromPaise alone gives the API's decimal ('5979.00'), with no '₹' or grouping.",
    },
    schema: [{ type: "object", properties: { allowRupeeText: { type: "boolean" } }, additionalProperties: false }],
  },
  create(context) {
    const allowRupeeText = context.options[0]?.allowRupeeText === true;

    const propertyName = (member) =>
      !member.computed && member.property.type === "Identifier" ? member.property.name : member.property.type === "Literal" ? String(member.property.value) : null;

    const isRupeeString = (node) => node.type === "Literal" && typeof node.value === "string" && node.value.includes(RUPEE);
    const isFromPaise = (node) => node.type === "CallExpression" && node.callee.type === "Identifier" && node.callee.name === "fromPaise";
    const isText = (node) => (node.type === "Literal" && typeof node.value === "string") || node.type === "TemplateLiteral";

    const checks = {
      MemberExpression(node) {
        const name = propertyName(node);
        if (name && LOCALE_METHODS.has(name)) context.report({ node: node.property, messageId: "locale", data: { what: `.${name}()` } });
      },
      // Intl as a value (Intl.NumberFormat, a destructured Intl); `Intl.DateTimeFormatOptions` as a type is no formatting.
      Identifier(node) {
        if (node.name !== "Intl") return;
        const { parent } = node;
        if (parent.type === "MemberExpression" && parent.property === node && !parent.computed) return;
        if ((parent.type === "Property" || parent.type === "MethodDefinition" || parent.type === "PropertyDefinition") && parent.key === node && !parent.computed) return;
        if (parent.type === "TSQualifiedName" || parent.type === "TSTypeReference") return;
        context.report({ node, messageId: "locale", data: { what: "Intl" } });
      },
    };
    if (allowRupeeText) return checks;

    return {
      ...checks,
      TemplateLiteral(node) {
        const texts = node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw);
        if (texts.some((text) => WRITTEN_AMOUNT.test(text)) || (node.expressions.length > 0 && texts.some((text) => text.includes(RUPEE)))) {
          context.report({ node, messageId: "rupee" });
        } else if (node.expressions.some(isFromPaise)) {
          context.report({ node, messageId: "decimal" });
        }
      },
      Literal(node) {
        if (typeof node.value === "string" && WRITTEN_AMOUNT.test(node.value)) context.report({ node, messageId: "rupee" });
      },
      // "₹499" in JSX, or a '₹' put before a value: <p>₹{amount}</p>.
      JSXText(node) {
        const siblings = node.parent.children ?? [];
        const next = siblings[siblings.indexOf(node) + 1];
        if (WRITTEN_AMOUNT.test(node.value) || (node.value.trimEnd().endsWith(RUPEE) && next?.type === "JSXExpressionContainer")) {
          context.report({ node, messageId: "rupee" });
        }
      },
      BinaryExpression(node) {
        if (node.operator !== "+") return;
        const joined = [node.left, node.right].find((side) => isRupeeString(side) && !WRITTEN_AMOUNT.test(side.value));
        if (joined) context.report({ node, messageId: "rupee" });
        else if ((isFromPaise(node.left) && isText(node.right)) || (isText(node.left) && isFromPaise(node.right))) context.report({ node, messageId: "decimal" });
      },
    };
  },
};

export default formattersFromCore;
