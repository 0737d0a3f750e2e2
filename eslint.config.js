import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import house from './tools/eslint-house/index.ts';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'apps/web/build',
      '.react-router',
      'data',
      'test-results',
      'playwright-report',
      'apps/server/src/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // configuration is parsed once, in platform/config.ts (DESIGN.md)
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/platform/config.ts',
      'apps/server/src/main.ts',
      'apps/server/src/testing/**',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from Config (platform/config.ts).' },
      ],
    },
  },
  {
    // pages link through the site's own Link (decision 68); React Router's stays behind it for the links it alone handles
    files: ['apps/web/app/**/*.tsx', 'apps/web/app/**/*.ts'],
    ignores: ['apps/web/app/components/link.tsx', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link'],
              message: "take Link from 'components/link.tsx' (decision 68)",
            },
          ],
        },
      ],
    },
  },
  {
    // the contract's schemas are built by the `z` of contract/zod-config.ts, which turns off zod's eval probe in the browser
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/zod-config.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message:
                "take z from './zod-config.ts': it builds the schemas jitless in the browser, whose CSP forbids eval",
            },
          ],
        },
      ],
    },
  },
  {
    // the house's boundaries (docs/house-rules.md, decision 29): no eslint-disable comment may bend them
    files: ['apps/server/**/*.ts'],
    plugins: { house },
    rules: {
      'house/domain-boundary': 'error',
      'house/domain-cycle': 'error',
      'house/platform-no-domain': 'error',
      'house/server-no-web': 'error',
      'house/no-bending': 'error',
    },
  },
  {
    files: ['**/*.test.ts', 'apps/server/src/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
