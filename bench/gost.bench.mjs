// Benchmark of @qoltanba/gost: verifications per second on both curves, Streebog-512 and GOST 34.311-95 throughput.
// Runs against the built package (`npm run build -w @qoltanba/gost`, or `npm run bench -- gost`). Prints figures,
// asserts nothing.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const gost = await import(pathToFileURL(join(ROOT, 'packages/gost/dist/index.js')).href);
const SECONDS = 2;

/** Runs `fn` repeatedly for about SECONDS and returns operations per second. */
function rate(fn) {
  for (let i = 0; i < 3; i += 1) fn();
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < SECONDS * 1000) {
    fn();
    count += 1;
    elapsed = performance.now() - start;
  }
  return (count * 1000) / elapsed;
}

const signedAttributes = new Uint8Array(1200).map((_, i) => (i * 37) & 255);
for (const [curve, hash, hashName] of [
  ['tc26-512-a', gost.streebog512, 'Streebog-512'],
  ['cryptopro-a', gost.gost34311, 'GOST 34.311-95'],
]) {
  const privateKey = gost.generateGostPrivateKey(curve);
  const publicKey = gost.gostPublicKey(curve, privateKey);
  const digest = hash(signedAttributes);
  const signature = gost.gostSign(curve, privateKey, digest);
  if (!gost.gostVerify(curve, publicKey, digest, signature))
    throw new Error('bench signature does not verify');
  const verifies = rate(() => gost.gostVerify(curve, publicKey, digest, signature));
  const cms = rate(() => gost.gostVerify(curve, publicKey, hash(signedAttributes), signature));
  const signs = rate(() => gost.gostSign(curve, privateKey, digest));
  console.log(
    `${curve.padEnd(12)} verify ${verifies.toFixed(0).padStart(5)}/s (${(1000 / verifies).toFixed(2)} ms)` +
      ` | ${hashName} of 1.2 kB + verify ${cms.toFixed(0)}/s | sign ${signs.toFixed(0)}/s`,
  );
}

const data = new Uint8Array(8 << 20).map((_, i) => i & 255);
for (const [name, hash] of [
  ['streebog512', gost.streebog512],
  ['gost34311', gost.gost34311],
]) {
  const perSecond = rate(() => hash(data));
  console.log(`${name.padEnd(12)} ${(perSecond * 8).toFixed(1)} MB/s`);
}
