import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Static imports, re-exports and dynamic `import()` alike: a lazy screen import closes a circle too.
const IMPORT_RE =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The portal's own modules, each with the portal modules it imports. */
function importGraph(): Map<string, string[]> {
  return new Map(
    sourceFiles(SRC).map((file) => {
      const specifiers = [...readFileSync(file, 'utf8').matchAll(IMPORT_RE)].map(
        (match) => match[1] ?? match[2] ?? match[3] ?? '',
      );
      const local = specifiers.filter((specifier) => specifier.startsWith('.'));
      return [file, local.flatMap((specifier) => resolveImport(file, specifier) ?? [])];
    }),
  );
}

/** Every import circle found by a depth-first walk, as relative paths from the first module back to it. */
function findCycles(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const circle = [...stack.slice(stack.indexOf(next)), next];
        cycles.push(circle.map((path) => relative(SRC, path)).join(' -> '));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('portal import graph', () => {
  it('sees the route modules and their imports', () => {
    const graph = importGraph();
    const table = graph.get(join(SRC, 'routes/routeTable.ts'));
    expect(table).toContain(join(SRC, 'routes/routePaths.ts'));
    expect(graph.get(join(SRC, 'routes/routeScreens.ts'))).toContain(join(SRC, 'cabinet/CabinetLayout.tsx'));
  });

  // The route table is read by screens (useCurrentRoute); only createPortalRoutes may know the screens.
  it('has no import circle (the route table and the screens included)', () => {
    expect(findCycles(importGraph())).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      [join(SRC, 'a.ts'), [join(SRC, 'b.ts')]],
      [join(SRC, 'b.ts'), [join(SRC, 'a.ts')]],
    ]);
    expect(findCycles(graph)).toEqual(['a.ts -> b.ts -> a.ts']);
  });
});

// A path spelled by hand drifts from the route table; links, redirects and navigations use pathTo.
const PATH_LITERAL = /(?:\bto=\{?|\bto:\s*|\bnavigate\(\s*|\bhref=\{?|_PATH\s*=\s*)['"`]\//;

describe('portal paths', () => {
  it('no link, redirect or navigation spells a path literal', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (PATH_LITERAL.test(line) ? [`${relative(SRC, file)}:${index + 1}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it.each([
    `<Link to="/cabinet/create">`,
    `{ to: '/check', label }`,
    `navigate('/cabinet')`,
    `export const ONBOARDING_PATH = '/cabinet/onboarding';`,
  ])('recognises a path literal: %s', (line) => {
    expect(PATH_LITERAL.test(line)).toBe(true);
  });
});
