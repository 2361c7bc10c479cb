// Benchmark of @qoltanba/gost against anchors measured in the same run: node's SHA-256 over the same bytes for the
// hashes, node:crypto's raw ECDSA P-256 and RSA-2048 verification for the signatures, and, where Debian's
// libengine-gost-openssl is installed, the same GOST measures through OpenSSL's GOST engine in C
// (bench/gost-openssl-anchor.c, compiled into a temporary folder). Every figure is per second of this process's
// CPU time (the steadier figure on a shared machine), the median of --rounds rounds (default 3), the measures of a
// round interleaved so that a load change hits all of them.
// Runs against the built package (`npm run build -w @qoltanba/gost`, or `npm run bench -- gost`).
// `--before=<dist folder>` adds the same rows for another build (e.g. a copy of main's packages/gost/dist), so a
// before/after table comes from one run. Prints figures, asserts nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign as nodeSign, verify as nodeVerify } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const SECONDS = Number(option('seconds', '1'));
const ROUNDS = Number(option('rounds', '3'));
const beforeDir = option('before', undefined);

const builds = [['after', join(ROOT, 'packages/gost/dist')]];
if (beforeDir) builds.unshift(['before', resolve(beforeDir)]);
const packages = [];
for (const [label, dir] of builds)
  packages.push([label, await import(pathToFileURL(join(dir, 'index.js')).href)]);

/** Operations per CPU-second of `fn`, run for about SECONDS of CPU time. */
function rate(fn) {
  for (let i = 0; i < 3; i += 1) fn();
  let count = 0;
  const start = process.cpuUsage();
  let used = 0;
  while (used < SECONDS * 1e6) {
    fn();
    count += 1;
    const cpu = process.cpuUsage(start);
    used = cpu.user + cpu.system;
  }
  return (count * 1e6) / used;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const data = new Uint8Array(4 << 20).map((_, i) => i & 255);
const MB = data.length / 1e6;
const signedAttributes = new Uint8Array(1200).map((_, i) => (i * 37) & 255);

// Anchors from node:crypto.
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const ecSignature = nodeSign('sha256', signedAttributes, ec.privateKey);
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const rsaSignature = nodeSign('sha256', signedAttributes, rsa.privateKey);
const anchors = {
  sha256: () => createHash('sha256').update(data).digest(),
  ecdsa: () => nodeVerify('sha256', signedAttributes, ec.publicKey, ecSignature),
  rsa: () => nodeVerify('sha256', signedAttributes, rsa.publicKey, rsaSignature),
};

/** The measures of one build of @qoltanba/gost: name -> [unit, fn]. */
function measures(gost) {
  const out = {
    'Streebog-512': ['MB/s', () => gost.streebog512(data)],
    'Streebog-256': ['MB/s', () => gost.streebog256(data)],
    'GOST 34.311-95': ['MB/s', () => gost.gost34311(data)],
  };
  for (const [curve, hash, label] of [
    ['tc26-512-a', gost.streebog512, '34.10-2015-512'],
    ['cryptopro-a', gost.gost34311, '34.310-2004'],
  ]) {
    const privateKey = gost.generateGostPrivateKey(curve);
    const publicKey = gost.gostPublicKey(curve, privateKey);
    const digest = hash(signedAttributes);
    const signature = gost.gostSign(curve, privateKey, digest);
    if (!gost.gostVerify(curve, publicKey, digest, signature))
      throw new Error('bench signature does not verify');
    out[`${label} verify`] = ['/s', () => gost.gostVerify(curve, publicKey, digest, signature)];
    out[`${label} sign`] = ['/s', () => gost.gostSign(curve, privateKey, digest)];
  }
  return out;
}

// OpenSSL's GOST engine, driven from C.
const OPENSSL_NAMES = {
  streebog512: 'Streebog-512',
  streebog256: 'Streebog-256',
  gost34311: 'GOST 34.311-95',
  'verify-2015-512': '34.10-2015-512 verify',
  'verify-2004': '34.310-2004 verify',
};
let anchorBinary;
let anchorDir;
function prepareOpenssl() {
  const engine = [
    '/usr/lib/x86_64-linux-gnu/engines-3/gost.so',
    '/usr/lib/aarch64-linux-gnu/engines-3/gost.so',
  ];
  const enginesDir = spawnSync('openssl', ['version', '-e'], { encoding: 'utf8' }).stdout?.match(
    /"(.*)"/,
  )?.[1];
  if (!engine.some(existsSync) && !(enginesDir && existsSync(join(enginesDir, 'gost.so'))))
    return 'skipped: OpenSSL GOST engine absent (apt-get install -y libengine-gost-openssl)';
  anchorDir = mkdtempSync(join(tmpdir(), 'qoltanba-gost-anchor-'));
  anchorBinary = join(anchorDir, 'gost-openssl-anchor');
  const built = spawnSync(
    'cc',
    [
      '-O2',
      '-Wno-deprecated-declarations',
      '-o',
      anchorBinary,
      join(ROOT, 'bench/gost-openssl-anchor.c'),
      '-lcrypto',
    ],
    { encoding: 'utf8' },
  );
  if (built.status !== 0) {
    anchorBinary = undefined;
    return `skipped: could not compile the C anchor (${(built.stderr || built.error?.message || '').trim().split('\n')[0]})`;
  }
  return undefined;
}
function runOpenssl() {
  const out = execFileSync(anchorBinary, [String(SECONDS)], { encoding: 'utf8' });
  const figures = {};
  for (const line of out.trim().split('\n')) {
    const [name, value] = line.split(' ');
    figures[OPENSSL_NAMES[name] ?? name] = Number(value);
  }
  return figures;
}
const opensslSkipped = prepareOpenssl();

const samples = {};
const add = (key, value) => {
  samples[key] ??= [];
  samples[key].push(value);
};
const sets = packages.map(([label, gost]) => [label, measures(gost)]);
for (let round = 0; round < ROUNDS; round += 1) {
  add('anchor sha256', rate(anchors.sha256) * MB);
  add('anchor ecdsa', rate(anchors.ecdsa));
  add('anchor rsa', rate(anchors.rsa));
  for (const [label, set] of sets) {
    for (const [name, [unit, fn]] of Object.entries(set))
      add(`${label} ${name}`, rate(fn) * (unit === 'MB/s' ? MB : 1));
  }
  if (anchorBinary) for (const [name, value] of Object.entries(runOpenssl())) add(`openssl ${name}`, value);
}
if (anchorDir) rmSync(anchorDir, { recursive: true, force: true });

const m = (key) => (samples[key] ? median(samples[key]) : undefined);
const sha = m('anchor sha256');
const ecdsa = m('anchor ecdsa');
const fmt = (value, unit) =>
  value === undefined
    ? '-'
    : unit === 'MB/s'
      ? `${value.toFixed(1)} MB/s`
      : `${Math.round(value).toLocaleString('en-US')}/s`;
const ratio = (a, b) => (a === undefined || b === undefined ? '-' : `${(a / b).toPrecision(2)}x`);

console.log(
  `@qoltanba/gost, per CPU-second, median of ${ROUNDS} rounds of ${SECONDS} s; load average ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${(await import('node:os')).availableParallelism()} cores`,
);
console.log(
  `anchors: node SHA-256 ${fmt(sha, 'MB/s')}, node ECDSA P-256 verify ${fmt(ecdsa, '/s')}, node RSA-2048 verify ${fmt(m('anchor rsa'), '/s')}`,
);
if (opensslSkipped) console.log(`OpenSSL GOST engine row ${opensslSkipped}`);
const labels = packages.map(([label]) => label);
const header = [
  'measure',
  ...(anchorBinary ? ['OpenSSL GOST engine (C)'] : []),
  ...labels.flatMap((l) => [l, `${l} / anchor`, ...(anchorBinary ? [`${l} / OpenSSL`] : [])]),
];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const [name, [unit]] of Object.entries(sets[0][1])) {
  const anchor = unit === 'MB/s' ? sha : ecdsa;
  const openssl = m(`openssl ${name}`);
  const cells = [name];
  if (anchorBinary)
    cells.push(openssl === undefined ? '-' : `${fmt(openssl, unit)} (${ratio(openssl, anchor)} anchor)`);
  for (const label of labels) {
    const value = m(`${label} ${name}`);
    cells.push(fmt(value, unit), ratio(value, anchor));
    if (anchorBinary) cells.push(ratio(value, openssl));
  }
  console.log(`| ${cells.join(' | ')} |`);
}
console.log(
  'anchor: node SHA-256 of the same 4 MB for hashes, node ECDSA P-256 verify (1.2 kB) for signatures',
);
