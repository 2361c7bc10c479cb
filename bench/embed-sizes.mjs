// `npm run bench -- embed-sizes`: what a host page downloads to embed signing, ours against peers' published embed
// packages. Each package (ours: the built dist files) is bundled by esbuild (minify, code splitting, ESM, browser;
// React and React DOM external, since the host has them) and every output file gzipped at level 9 like
// size-limit does. "first load" = the entry and the chunks it imports statically; "with lazy" adds the chunks it
// imports dynamically (pdf.js, other languages...). Peers that fail to install are skipped with a note.
// Prints figures, asserts nothing. Needs the npm registry for the peers (`npm run bench -- embed-sizes --ours`
// measures ours only).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'packages/widgets/dist');

/** Peers' published embed packages: name and whether React is a peer (then it is external). */
const PEERS = [
  { name: '@docuseal/react', react: true },
  { name: '@docuseal/js', react: false },
  { name: '@documenso/embed-react', react: true },
  { name: 'hellosign-embedded', react: false },
  { name: '@calcom/embed-react', react: true },
  { name: '@calcom/embed-snippet', react: false },
];

const REACT_EXTERNAL = ['react', 'react-dom', 'react/*', 'react-dom/*'];

/**
 * Bundles `contents` (an ES module importing the package) with esbuild and returns gzipped bytes of the first
 * load (entry + static imports, transitively) and of everything (with dynamic imports).
 */
async function measure(contents, resolveDir, { react, alias = {} }) {
  const outdir = mkdtempSync(join(tmpdir(), 'embed-size-out-'));
  try {
    const result = await build({
      stdin: { contents, resolveDir, loader: 'js', sourcefile: 'entry.js' },
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2020',
      outdir,
      metafile: true,
      logLevel: 'silent',
      alias,
      external: react ? REACT_EXTERNAL : [],
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.css': 'text', '.svg': 'text', '.woff2': 'dataurl', '.woff': 'dataurl', '.png': 'dataurl' },
    });
    const outputs = result.metafile.outputs;
    const gzipped = (file) => gzipSync(readFileSync(join(ROOT, file)), { level: 9 }).length;
    const jsFiles = Object.keys(outputs).filter((file) => file.endsWith('.js'));
    const entry = jsFiles.find((file) => outputs[file].entryPoint);
    const firstLoad = new Set();
    const visit = (file) => {
      if (firstLoad.has(file)) return;
      firstLoad.add(file);
      for (const imported of outputs[file].imports) {
        if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
      }
    };
    visit(entry);
    const sum = (files) => [...files].reduce((total, file) => total + gzipped(file), 0);
    return { firstLoad: sum(firstLoad), all: sum(jsFiles) };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

// esbuild's metafile paths are relative to the working directory: measure from the repository root.
process.chdir(ROOT);

if (
  !existsSync(join(DIST, 'elements.js')) ||
  !existsSync(join(DIST, 'react-embed.js')) ||
  process.argv.includes('--build')
) {
  for (const workspace of ['@qoltanba/core', '@qoltanba/sdk', '@qoltanba/widgets']) {
    const built = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}

const rows = [];
const notes = [];
const ours = (file) => `import * as m from ${JSON.stringify(join(DIST, file))}; export default m;`;
const elementsAlias = { '@qoltanba/widgets/elements': join(DIST, 'elements.js') };
for (const [label, file, react] of [
  ['ours: <qoltanba-sign> (runtime + element)', 'elements/qoltanba-sign.js', false],
  ['ours: <qoltanba-verify> (runtime + element)', 'elements/qoltanba-verify.js', false],
  ['ours: <qoltanba-document-status> (runtime + element)', 'elements/qoltanba-document-status.js', false],
  ['ours: <qoltanba-language-switch> (runtime + element)', 'elements/qoltanba-language-switch.js', false],
  ['ours: all elements (dist/elements.js)', 'elements.js', false],
  ['ours: @qoltanba/widgets/react-embed (React build, elements lazy)', 'react-embed.js', true],
]) {
  rows.push({ label, ...(await measure(ours(file), DIST, { react, alias: elementsAlias })) });
}
const sdkEmbed = join(ROOT, 'packages/sdk/dist/embed.js');
if (existsSync(sdkEmbed)) {
  rows.push({
    label: 'ours: @qoltanba/sdk embed.js',
    ...(await measure(ours(relative(DIST, sdkEmbed)), DIST, { react: false })),
  });
} else {
  notes.push(
    '@qoltanba/sdk has no separate embed.js (its embed client is inside the elements runtime above)',
  );
}

// The help widget: the loader is the first load; the panel it imports by URL on first open or when idle is lazy
// (esbuild cannot follow that import, so it is measured on its own and added).
const HELP_DIST = join(ROOT, 'packages/help-widget/dist');
if (!existsSync(join(HELP_DIST, 'help-widget.js'))) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@qoltanba/help-widget'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const helpLoader = await measure(ours(relative(DIST, join(HELP_DIST, 'help-widget.js'))), DIST, {
  react: false,
});
const helpPanel = await measure(ours(relative(DIST, join(HELP_DIST, 'help/panel.js'))), DIST, {
  react: false,
});
rows.push({
  label: 'ours: help widget (loader; with lazy: + panel)',
  firstLoad: helpLoader.firstLoad,
  all: helpLoader.all + helpPanel.all,
});

const workdir = mkdtempSync(join(tmpdir(), 'embed-sizes-'));
const peers = process.argv.includes('--ours') ? [] : PEERS;
try {
  writeFileSync(
    join(workdir, 'package.json'),
    JSON.stringify({ name: 'embed-sizes', private: true, type: 'module' }),
  );
  for (const peer of peers) {
    const dir = join(workdir, peer.name.replace('/', '__'));
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'embed-size-peer', private: true }));
    // One folder per package so that one failing install does not take the others with it.
    const installed = spawnSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--legacy-peer-deps',
        '--loglevel=error',
        peer.name,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    if (installed.status !== 0) {
      const lines = (installed.stderr || '')
        .split('\n')
        .map((line) => line.replace(/^npm error /, '').trim());
      const reason =
        lines.find((line) => /^(code|404)\b/.test(line)) ?? lines.find(Boolean) ?? `exit ${installed.status}`;
      notes.push(`${peer.name}: skipped, npm install failed (${reason})`);
      continue;
    }
    const version = JSON.parse(
      readFileSync(join(dir, 'node_modules', peer.name, 'package.json'), 'utf8'),
    ).version;
    try {
      const sizes = await measure(`import * as m from '${peer.name}'; export default m;`, dir, {
        react: peer.react,
      });
      rows.push({ label: `${peer.name}@${version}${peer.react ? ' (React external)' : ''}`, ...sizes });
    } catch (error) {
      notes.push(`${peer.name}@${version}: esbuild failed (${String(error.message).split('\n')[0]})`);
    }
  }
} finally {
  rmSync(workdir, { recursive: true, force: true });
}

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
const width = Math.max(...rows.map((row) => row.label.length));
console.log(`embed sizes, min + gzip (esbuild, level-9 gzip), ${new Date().toISOString().slice(0, 10)}`);
console.log(`${'package'.padEnd(width)}  ${'first load'.padStart(10)}  ${'with lazy'.padStart(10)}`);
for (const row of rows) {
  console.log(`${row.label.padEnd(width)}  ${kB(row.firstLoad).padStart(10)}  ${kB(row.all).padStart(10)}`);
}
notes.push(
  "ours' first load leaves out the texts of the page's language, a lazy chunk (texts-<lang>: up to 7 kB, npx size-limit)",
  "peers' packages fetch their UI at run time from their servers (an iframe or a remote script); that is not counted",
);
for (const note of notes) console.log(`note: ${note}`);
