// avpass/no-literal-text: a screen's words come from the catalogs (issue 42, decision 353). Reported in
// the files the config applies it to:
//   1. JSX text with a letter in it (`<p>Loading…</p>`); punctuation, digits and spaces alone pass
//      (`{a} · {b}`, `404` still needs a name: see below);
//   2. a string or template literal with a letter as a JSX child (`{'Loading'}`, `{`Hi ${name}`}`);
//   3. a string or template literal with a letter given to an attribute a person reads (aria-label,
//      title, alt, placeholder, label, helperText, description, confirmLabel, hint, submitLabel,
//      aria-description, aria-valuetext), directly or as a branch of a conditional.
// Words that are the same in every language (the brand) are named constants: `{BRAND_NAME}`.

const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'title',
  'alt',
  'placeholder',
  'label',
  'helperText',
  'description',
  'confirmLabel',
  'hint',
  'submitLabel',
]);

const LETTER = /\p{L}/u;

/** The literal words an expression can yield (both branches of `a ? 'x' : 'y'`, `a || 'x'`). */
function literalWords(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && LETTER.test(node.value) ? [node] : [];
    case 'TemplateLiteral':
      return node.quasis.some((q) => LETTER.test(q.value.cooked ?? '')) ? [node] : [];
    case 'ConditionalExpression':
      return [...literalWords(node.consequent), ...literalWords(node.alternate)];
    case 'LogicalExpression':
      return [...literalWords(node.left), ...literalWords(node.right)];
    default:
      return [];
  }
}

export const noLiteralText = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Words a person reads come from a catalog (t(…), frontend/src/locales, libs/contracts/src/i18n), never a literal in JSX.',
    },
    schema: [],
    messages: {
      text: 'Literal text "{{text}}" in JSX: put it in the catalogs and use t(…) (decision 353).',
    },
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXAttribute') return;
        for (const literal of literalWords(node.expression))
          report(literal, context.sourceCode.getText(literal));
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !READ_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        for (const literal of literalWords(value)) report(literal, context.sourceCode.getText(literal));
      },
    };
  },
};
