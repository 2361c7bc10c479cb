import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkImports,
  checkRelativeImports,
  checkRepository,
  importsOf,
  splitSpecifier,
} from './check-deps.mjs';

const packages = {
  '@qoltanba/core': ['.'],
  '@qoltanba/sdk': ['.'],
  '@qoltanba/widgets': ['.', './elements'],
  '@qoltanba/portal': ['.'],
};

describe('dependency rule', () => {
  it('finds static, dynamic and side-effect imports', () => {
    const src = `import { a } from '@qoltanba/core';\nexport * from "./x";\nimport('@qoltanba/sdk');\nimport '@qoltanba/widgets/elements';`;
    expect(importsOf(src)).toEqual(['@qoltanba/core', './x', '@qoltanba/sdk', '@qoltanba/widgets/elements']);
  });

  it('splits scoped specifiers into name and subpath', () => {
    expect(splitSpecifier('@qoltanba/widgets/elements')).toEqual({
      name: '@qoltanba/widgets',
      subpath: './elements',
    });
    expect(splitSpecifier('react-dom/client')).toEqual({ name: 'react-dom', subpath: './client' });
  });

  it('allows downward imports and declared subpaths', () => {
    const specifiers = ['@qoltanba/core', '@qoltanba/sdk', '@qoltanba/widgets/elements', 'react'];
    expect(checkImports({ from: '@qoltanba/portal', file: 'a.ts', specifiers, packages })).toEqual([]);
  });

  it('fails when sdk imports widgets or widgets imports portal', () => {
    expect(
      checkImports({ from: '@qoltanba/sdk', file: 'a.ts', specifiers: ['@qoltanba/widgets'], packages }),
    ).toHaveLength(1);
    expect(
      checkImports({ from: '@qoltanba/widgets', file: 'b.ts', specifiers: ['@qoltanba/portal'], packages }),
    ).toHaveLength(1);
    expect(
      checkImports({ from: '@qoltanba/core', file: 'c.ts', specifiers: ['@qoltanba/sdk'], packages }),
    ).toHaveLength(1);
  });

  it('lets only tests (and the development server) import the testkit', () => {
    const withKit = { ...packages, '@qoltanba/testkit': ['.'] };
    const at = (file) =>
      checkImports({ from: '@qoltanba/server', file, specifiers: ['@qoltanba/testkit'], packages: withKit });
    expect(at('packages/server/src/modules/signing/sign.test.ts')).toEqual([]);
    expect(at('packages/server/src/dev/ncalayer.ts')).toEqual([]);
    expect(at('packages/server/src/modules/signing/sign.ts')[0]).toMatch(/for tests only/);
  });

  it('fails on a deep import past the exports map', () => {
    const v = checkImports({
      from: '@qoltanba/sdk',
      file: 'a.ts',
      specifiers: ['@qoltanba/core/src/x'],
      packages,
    });
    expect(v[0]).toMatch(/deep import/);
  });

  it('fails on a relative import into another package, but not within the package or into shared folders', () => {
    const packageDirs = { '@qoltanba/sdk': '/r/packages/sdk', '@qoltanba/widgets': '/r/packages/widgets' };
    const check = (specifier) =>
      checkRelativeImports({
        from: '@qoltanba/widgets',
        file: '/r/packages/widgets/src/form/a.ts',
        specifiers: [specifier],
        packageDirs,
        root: '/r',
      });
    expect(check('../../../sdk/src/session/client')).toEqual([
      "packages/widgets/src/form/a.ts: relative import '../../../sdk/src/session/client' reaches into @qoltanba/sdk; import the package",
    ]);
    expect(check('../styles/theme')).toEqual([]);
    expect(check('../../../../.storybook/preview')).toEqual([]);
    // A sibling whose name starts like a package folder is not that package.
    expect(check('../../../sdk-extras/x')).toEqual([]);
  });

  it('checks a whole repository, package.json dependencies included', () => {
    const root = mkdtempSync(join(tmpdir(), 'deps-'));
    const write = (name, dir, deps, source) => {
      mkdirSync(join(root, 'packages', dir, 'src'), { recursive: true });
      writeFileSync(
        join(root, 'packages', dir, 'package.json'),
        JSON.stringify({ name, exports: { '.': './src/index.ts' }, dependencies: deps }),
      );
      writeFileSync(join(root, 'packages', dir, 'src', 'index.ts'), source);
    };
    write('@qoltanba/core', 'core', {}, 'export const a = 1;');
    write(
      '@qoltanba/sdk',
      'sdk',
      { '@qoltanba/core': '0.1.0', '@qoltanba/widgets': '0.1.0' },
      "import '@qoltanba/widgets';",
    );
    write('@qoltanba/widgets', 'widgets', { '@qoltanba/sdk': '0.1.0' }, "import { a } from '@qoltanba/sdk';");
    const violations = checkRepository(root);
    expect(violations).toHaveLength(2);
    expect(violations.join('\n')).toMatch(/sdk\/package.json: must not depend on @qoltanba\/widgets/);
  });

  it('passes on this repository', () => {
    expect(checkRepository(new URL('..', import.meta.url).pathname)).toEqual([]);
  });
});
