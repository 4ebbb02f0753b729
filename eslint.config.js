// One lint config for the monorepo (flat config). The boundary zones are generated from the folder listing, so a new
// feature or server module is fenced in the day it is created.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const dirs = (rel) =>
  readdirSync(path.join(root, rel), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const serverModules = dirs('apps/server/src/modules');
const webFeatures = dirs('apps/web/src/features');

/** Server modules meet only through each other's index.ts (the module's public surface). */
const serverZones = serverModules.flatMap((m) =>
  serverModules
    .filter((other) => other !== m)
    .map((other) => ({
      target: `./apps/server/src/modules/${m}`,
      from: `./apps/server/src/modules/${other}`,
      except: ['./index.ts'],
      message: `模块 ${m} 只能通过 modules/${other}/index.ts 使用 ${other}（服务端模块边界）`,
    })),
);

/** Features never import each other; they meet in src/app (bulletproof-react). */
const webZones = [
  ...webFeatures.map((f) => ({
    target: `./apps/web/src/features/${f}`,
    from: './apps/web/src/features',
    except: [`./${f}`],
    message: `功能 ${f} 不能引用其他功能：在 src/app 中组合它们`,
  })),
  ...['lib', 'components', 'hooks', 'config'].map((shared) => ({
    target: `./apps/web/src/${shared}`,
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: `src/${shared} 是共用层，不能引用 features 或 app`,
  })),
];

const packageZones = [
  { target: './packages', from: './apps', message: 'packages/* 是纯领域包，不能引用 apps' },
  // The browser tests start the server as `npm start` does, from its bundle (ADR 028): its build script is the exception.
  {
    target: './apps/web',
    from: './apps/server',
    except: ['./server-build.mjs', './server-build.d.mts'],
    message: '网页端不能引用服务端代码：共享的契约放在 packages/shared',
  },
  { target: './apps/server', from: './apps/web', message: '服务端不能引用网页端代码' },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', '**/*.gen.ts', 'apps/server/src/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/*/tsconfig.json', 'scripts/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...serverZones, ...webZones, ...packageZones] }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // SQL lives in repositories only (issue 17): a module's other files call its repository, so every query of an
    // area is in one place. Types of rows (UserRow…) may still be imported anywhere.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*repository.ts', 'apps/server/src/modules/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*'],
              allowTypeImports: true,
              message: 'SQL 只能写在 repository 文件（*repository.ts）中：在这里调用本模块的仓储',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // ADR 008: the browser trusts the server's contracts, so every call says which one it gets back.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/__tests__/**', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='apiClient'][callee.property.name=/^(get|post|put|patch|delete)$/]:not([typeArguments.params.0.typeName.name='Answer'])",
          message: 'api 调用的返回类型要取自共享契约：apiClient.get<Answer<typeof xxxResponse>>(…)（ADR 008）',
        },
      ],
    },
  },
);
