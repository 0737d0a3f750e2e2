import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { ROOT } from './layout.ts';

/**
 * The house rules hold: sources planted inside the tree (linted from memory, never written) are refused by the
 * project's own ESLint config with the rule's message, and an unformatted file fails Prettier's check.
 */
const eslint = new ESLint({ cwd: ROOT });
const modules = path.join(ROOT, 'apps/server/src/modules');

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId?.startsWith('house/')).map((m) => `${m.ruleId} ${m.message}`);
}

describe('the house rules in the linter', () => {
  it('refuse a domain importing another domain’s repo, naming the rule, the file and the reason', async () => {
    const found = await problems(
      path.join(modules, 'studio/planted.service.ts'),
      "import type { CourseRepo } from '../course/course.repo.ts';\nexport type Planted = CourseRepo;\n",
    );
    expect(found).toEqual([
      'house/domain-boundary house/domain-boundary: studio imports course/course.repo.ts; a domain reaches another ' +
        'only through its service or the contract: its index.ts, *.service.ts or *.policy.ts, and *.testing.ts ' +
        'from tests (docs/house-rules.md)',
    ]);
  });

  it('let a domain import another’s service, index types and the contract, and a test another’s test helpers', async () => {
    const service = await problems(
      path.join(modules, 'studio/planted.service.ts'),
      [
        "import type { CourseService } from '../course/course.service.ts';",
        "import type { LessonAccessCache } from '../course/index.ts';",
        "import type { TCourseView } from '#contract/course.ts';",
        'export type Planted = [CourseService, LessonAccessCache, TCourseView];',
      ].join('\n') + '\n',
    );
    expect(service).toEqual([]);
    const test = "import { waitForVideo } from '../vod/vod.testing.ts';\nexport const planted = waitForVideo;\n";
    expect(await problems(path.join(modules, 'studio/planted.int.test.ts'), test)).toEqual([]);
    expect(await problems(path.join(modules, 'studio/planted.service.ts'), test)).toHaveLength(1);
  });

  it('refuse an import that closes a cycle between domains, type-only imports included', async () => {
    // course is imported by data, studio, exam and order: a course file importing studio closes a cycle
    const found = await problems(
      path.join(modules, 'course/planted.service.ts'),
      "import type { StudioServices } from '../studio/index.ts';\nexport type Planted = StudioServices;\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^house\/domain-cycle house\/domain-cycle: course imports studio, and studio already reaches course \(studio\/.+ → course\/.+\); the domains' graph stays acyclic, type-only imports included .*\(docs\/house-rules\.md\)$/,
    );
  });

  it('refuse the platform importing a domain', async () => {
    const found = await problems(
      path.join(ROOT, 'apps/server/src/platform/planted.ts'),
      "import type { UserService } from '../modules/user/user.service.ts';\nexport type Planted = UserService;\n",
    );
    expect(found).toEqual([
      'house/platform-no-domain house/platform-no-domain: platform/planted.ts imports modules/user/user.service.ts; ' +
        'the platform serves every domain and imports none: move the shared piece into platform/ or the contract, ' +
        'or take it as a parameter (docs/house-rules.md)',
    ]);
  });

  it('refuse the server importing the web app, but not a dynamic import of its build', async () => {
    const file = path.join(ROOT, 'apps/server/src/web/planted.ts');
    const found = await problems(
      file,
      "import { callWith } from '../../../web/app/api/client.ts';\nexport const c = callWith;\n",
    );
    expect(found).toEqual([
      'house/server-no-web house/server-no-web: apps/server/src/web/planted.ts imports apps/web/app/api/client.ts; ' +
        'the server imports nothing of the pages (only a dynamic import of their build, apps/web/build): share it ' +
        'through packages/contract (docs/house-rules.md)',
    ]);
    expect(await problems(file, "export const build = () => import('../../../web/build/server/index.js');\n")).toEqual(
      [],
    );
  });

  it('refuse an inline comment that switches a house rule off', async () => {
    const found = await problems(
      path.join(modules, 'studio/planted.service.ts'),
      "// eslint-disable-next-line house/domain-boundary -- just this once\nimport type { CourseRepo } from '../course/course.repo.ts';\nexport type Planted = CourseRepo;\n",
    );
    expect(found).toEqual([
      expect.stringMatching(
        /^house\/no-bending house\/no-bending: an inline comment switches off house\/domain-boundary; /,
      ),
    ]);
  });

  it('find nothing to refuse in the tree as it is', async () => {
    const results = await eslint.lintFiles([
      'apps/server/src/modules/index.ts',
      'apps/server/src/modules/data/index.ts',
    ]);
    expect(results.flatMap((r) => r.messages.map((m) => m.message))).toEqual([]);
  });

  it('fail an unformatted file on Prettier’s check, with the repository’s settings', async () => {
    const file = path.join(modules, 'studio/planted.service.ts');
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    expect(options).toMatchObject({ printWidth: 120, singleQuote: true });
    const unformatted = 'export const planted = {a:1,\n    b: "two"}\n';
    expect(await prettier.check(unformatted, options)).toBe(false);
    expect(await prettier.check(await prettier.format(unformatted, options), options)).toBe(true);
    const info = await prettier.getFileInfo(file, { ignorePath: [path.join(ROOT, '.prettierignore')] });
    expect(info.ignored).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  });
});
