#!/usr/bin/env node
// The dependency rule of ARCHITECTURE.md: core <- sdk <- widgets <- portal; core <- help-widget <- portal;
// core <- server; nothing imports upward, and no package reaches into another's files past its `exports` map.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Which workspace packages each package may depend on. */
export const ALLOWED = {
  '@qoltanba/core': [],
  '@qoltanba/gost': [],
  // The client packages' tests run against the real server in-process (`@qoltanba/server/testing`, tests only).
  '@qoltanba/sdk': ['@qoltanba/core', '@qoltanba/testkit', '@qoltanba/server'],
  '@qoltanba/widgets': ['@qoltanba/core', '@qoltanba/sdk', '@qoltanba/server'],
  '@qoltanba/portal': [
    '@qoltanba/core',
    '@qoltanba/sdk',
    '@qoltanba/widgets',
    '@qoltanba/help-widget',
    '@qoltanba/server',
  ],
  // The script-tag help widget runs on any page: core's contract only, no sdk, no React.
  '@qoltanba/help-widget': ['@qoltanba/core', '@qoltanba/server'],
  '@qoltanba/server': ['@qoltanba/core', '@qoltanba/gost', '@qoltanba/testkit'],
  // The eGov mobile emulator parses with core's API #1/#2 schemas, so server and emulator cannot drift.
  '@qoltanba/testkit': ['@qoltanba/core', '@qoltanba/gost'],
};

/**
 * Packages that only tests may import, with the source folders (besides test files) that may use them: the
 * development server starts the testkit's NCALayer emulator, never in production; the server's test helpers
 * (`src/testing/`, imported by test files only) sign with the testkit's PKI; the client packages import the server
 * (`@qoltanba/server/testing`) only from test files and `test-support/`.
 */
export const TEST_ONLY = {
  '@qoltanba/testkit': ['packages/server/src/dev/', 'packages/server/src/testing/'],
  // The server only as the test server of the client packages' tests (and the portal's shared test set-up in
  // src/test/).
  '@qoltanba/server': ['packages/portal/src/test/'],
};

const isTestFile = (file) => /\.test\.[mc]?[jt]sx?$/.test(file) || file.includes('/test-support/');

const IMPORT_RE =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** Every module specifier a source text imports. */
export function importsOf(source) {
  const found = [];
  for (const match of source.matchAll(IMPORT_RE)) found.push(match[1] ?? match[2] ?? match[3]);
  return found;
}

/** Splits '@scope/name/sub/path' into the package name and the subpath ('.' when none). */
export function splitSpecifier(specifier) {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const rest = specifier.slice(name.length);
  return { name, subpath: rest ? `.${rest}` : '.' };
}

/**
 * Checks one package's imports against the rule. `packages` maps a package name to its `exports` subpaths.
 * Returns human-readable violations.
 */
export function checkImports({ from, file, specifiers, packages }) {
  const violations = [];
  const allowed = ALLOWED[from] ?? [];
  for (const specifier of specifiers) {
    const { name, subpath } = splitSpecifier(specifier);
    if (!(name in packages) || name === from) continue;
    if (!allowed.includes(name))
      violations.push(`${file}: ${from} must not import ${name} (upward or sideways)`);
    else if (name in TEST_ONLY && !isTestFile(file) && !TEST_ONLY[name].some((dir) => file.startsWith(dir)))
      violations.push(`${file}: ${name} is for tests only`);
    else if (!packages[name].includes(subpath))
      violations.push(`${file}: deep import '${specifier}' is not in ${name}'s exports map`);
  }
  return violations;
}

/**
 * Relative imports that land inside another workspace package, which would bypass both the rule and the exports
 * map (`'../../sdk/src/x'`). `packageDirs` maps a package name to its folder; `file` is absolute.
 */
export function checkRelativeImports({ from, file, specifiers, packageDirs, root }) {
  const violations = [];
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    for (const [name, dir] of Object.entries(packageDirs)) {
      if (name !== from && (target === dir || target.startsWith(dir + sep)))
        violations.push(
          `${relative(root, file)}: relative import '${specifier}' reaches into ${name}; import the package`,
        );
    }
  }
  return violations;
}

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(m?[jt]sx?)$/.test(entry)) out.push(path);
  }
  return out;
}

/** Runs the rule over the repository; returns the violations. */
export function checkRepository(root) {
  const dirs = readdirSync(join(root, 'packages')).map((d) => join(root, 'packages', d));
  const manifests = dirs.map((dir) => ({
    dir,
    pkg: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')),
  }));
  const packages = Object.fromEntries(
    manifests.map(({ pkg }) => [pkg.name, Object.keys(pkg.exports ?? { '.': '' })]),
  );
  const packageDirs = Object.fromEntries(manifests.map(({ dir, pkg }) => [pkg.name, dir]));
  const violations = [];
  for (const { dir, pkg } of manifests) {
    const declared = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies });
    for (const dep of declared) {
      if (dep in packages && !(ALLOWED[pkg.name] ?? []).includes(dep))
        violations.push(`${pkg.name}/package.json: must not depend on ${dep}`);
    }
    for (const file of sourceFiles(dir)) {
      const specifiers = importsOf(readFileSync(file, 'utf8'));
      violations.push(...checkImports({ from: pkg.name, file: relative(root, file), specifiers, packages }));
      violations.push(...checkRelativeImports({ from: pkg.name, file, specifiers, packageDirs, root }));
    }
  }
  return violations;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const violations = checkRepository(fileURLToPath(new URL('..', import.meta.url)));
  for (const v of violations) console.error(v);
  if (violations.length > 0) process.exit(1);
  console.log('dependency rule: ok');
}
