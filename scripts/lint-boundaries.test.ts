import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file at `file` (relative to the repo root); returns the rule ids that fired. */
async function rulesFired(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const BOUNDARY = 'import-x/no-restricted-paths';

describe('lint boundaries', () => {
  it('refuses a web feature importing another feature', async () => {
    const fired = await rulesFired(
      'apps/web/src/features/chat/components/planted.ts',
      "import { useAuthStore } from '../../auth/stores/auth-store';\nexport const x = useAuthStore;\n",
    );
    expect(fired).toContain(BOUNDARY);
  });

  it('lets a feature import its own files and the shared layers', async () => {
    const fired = await rulesFired(
      'apps/web/src/features/chat/components/planted.ts',
      "import { paths } from '@/config/paths';\nimport { ChatInput } from './chat-input';\nexport const x = [paths, ChatInput];\n",
    );
    expect(fired).not.toContain(BOUNDARY);
  });

  it('refuses src/lib importing a feature or the app', async () => {
    expect(await rulesFired('apps/web/src/lib/planted.ts', "import { paths } from '@/app/router';\nexport const x = paths;\n")).toContain(
      BOUNDARY,
    );
    expect(
      await rulesFired(
        'apps/web/src/components/planted.ts',
        "import { ChatPage } from '@/features/chat/components/chat-page';\nexport const x = ChatPage;\n",
      ),
    ).toContain(BOUNDARY);
  });

  it("refuses a server module reaching into another module's files, but not its index", async () => {
    const file = 'apps/server/src/modules/chat/planted.ts';
    expect(
      await rulesFired(file, "import { createUserRepository } from '../auth/repository';\nexport const x = createUserRepository;\n"),
    ).toContain(BOUNDARY);
    expect(await rulesFired(file, "import type { UserRepository } from '../auth';\nexport type X = UserRepository;\n")).not.toContain(
      BOUNDARY,
    );
  });

  it('refuses SQL outside a server repository file, but not row types', async () => {
    const query = "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema';\nexport const x = [eq, users];\n";
    const SQL_RULE = '@typescript-eslint/no-restricted-imports';
    expect(await rulesFired('apps/server/src/modules/chat/planted-service.ts', query)).toContain(SQL_RULE);
    expect(await rulesFired('apps/server/src/modules/chat/planted-repository.ts', query)).not.toContain(SQL_RULE);
    expect(
      await rulesFired(
        'apps/server/src/modules/chat/planted-service.ts',
        "import type { UserRow } from '../../db/schema';\nexport type X = UserRow;\n",
      ),
    ).not.toContain(SQL_RULE);
  });

  it('refuses a domain package importing an app', async () => {
    const fired = await rulesFired(
      'packages/bazi/src/planted.ts',
      "import { buildApp } from '../../../apps/server/src/app';\nexport const x = buildApp;\n",
    );
    expect(fired).toContain(BOUNDARY);
  });

  it('refuses a non-null assertion in new code', async () => {
    const fired = await rulesFired('apps/server/src/lib/planted.ts', 'export const f = (xs: number[]) => xs[0]!;\n');
    expect(fired).toContain('@typescript-eslint/no-non-null-assertion');
  });

  it('refuses a web api call whose answer is not typed from a shared contract', async () => {
    const file = 'apps/web/src/features/chat/api/planted.ts';
    const head = "import type { personaResponse } from '@lingxi/shared';\nimport { apiClient, type Answer } from '@/lib/api-client';\n";
    expect(await rulesFired(file, `${head}export const f = () => apiClient.get('/chat/persona/x');\n`)).toContain('no-restricted-syntax');
    expect(await rulesFired(file, `${head}export const f = () => apiClient.post<{ ok: true }>('/x');\n`)).toContain('no-restricted-syntax');
    expect(
      await rulesFired(file, `${head}export const f = () => apiClient.get<Answer<typeof personaResponse>>('/chat/persona/x');\n`),
    ).not.toContain('no-restricted-syntax');
  });
});
