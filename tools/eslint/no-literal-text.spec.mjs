// avpass/no-literal-text, by example: words in JSX are refused, catalog calls and named constants pass.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noLiteralText } from './no-literal-text.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = (text) => {
  throw new Error(`Remove \`only: true\` from the rule test case ${JSON.stringify(text)}`);
};

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    ecmaVersion: 'latest',
    sourceType: 'module',
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run('no-literal-text', noLiteralText, {
  valid: [
    "const a = <p>{t('voucher.title.plain')}</p>;",
    'const a = <span>{BRAND_NAME}</span>;',
    'const a = <p>{a} · {b}</p>;',
    'const a = <input aria-label={t(\'voucher.share.field\')} className="vs-input" data-testid="x" />;',
    'const a = <div style={{ width: \'70%\' }} role="status" />;',
    "const a = <p>{count > 1 ? t('till.label.partners') : t('till.label.partner')}</p>;",
  ],
  invalid: [
    { code: 'const a = <p>Loading voucher</p>;', errors: [{ messageId: 'text' }] },
    { code: "const a = <p>{'Share'}</p>;", errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>{`Show all ${n} partners`}</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <img alt="logo" />;', errors: [{ messageId: 'text' }] },
    { code: "const a = <b title={on ? 'Hide password' : 'Show password'} />;", errors: 2 },
    { code: "const a = <p>{busy ? 'Signing in...' : label}</p>;", errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>Días</p>;', errors: [{ messageId: 'text' }] },
  ],
});
