import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rules that keep one resource layer (docs/architecture.md "Fetching"), run on snippets. */
const root = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

// Loading the config and the TypeScript parser takes a few seconds on a busy machine.
describe('server resources are read and written only through web/api/', { timeout: 30_000 }, () => {
  it('a feature may not read with useQuery or GET through the client itself', async () => {
    const code = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { apiJson } from '../../lib/api-client';",
      "export const useCoursesAgain = () => useQuery({ queryKey: ['/api/courses'], queryFn: () => apiJson('GET', '/api/courses') });",
      '',
    ].join('\n');
    const ids = await ruleIds('web/features/tasks/probe.ts', code);
    expect(ids).toContain('@typescript-eslint/no-restricted-imports');
    expect(ids).toContain('no-restricted-syntax');
  });

  it('a feature may not write with useMutation or through the client itself', async () => {
    const code = [
      "import { useMutation } from '@tanstack/react-query';",
      "import { apiJson } from '../../lib/api-client';",
      "export const useSave = () => useMutation({ mutationFn: (name: string) => apiJson('POST', '/api/courses', { name }) });",
      '',
    ].join('\n');
    const ids = await ruleIds('web/features/tasks/probe.ts', code);
    expect(ids.filter((id) => id === '@typescript-eslint/no-restricted-imports')).toHaveLength(2);
  });

  it('a feature reads and writes through web/api and may still tell a refusal by its ApiError', async () => {
    const code = [
      "import { useCourses } from '../../api/schedule';",
      "import { useCreateTask } from '../../api/tasks-writes';",
      "import { ApiError } from '../../lib/api-client';",
      'export const useList = () => useCourses();',
      'export const useSave = () => useCreateTask();',
      'export const refused = (error: unknown) => error instanceof ApiError;',
      '',
    ].join('\n');
    expect(await ruleIds('web/features/tasks/probe.ts', code)).toEqual([]);
  });

  it('web/api imports no feature', async () => {
    const code = "import { TaskFormDialog } from '../features/tasks/task-form';\nexport const probe = TaskFormDialog;\n";
    expect(await ruleIds('web/api/probe.ts', code)).toContain('import-x/no-restricted-paths');
  });
});
