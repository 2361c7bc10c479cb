// CMS verification throughput of the server's engine (built dist), single core, next to the raw signature
// primitive measured in the same run: RSA-2048 (`openssl cms -sign`) and GOST 34.10-2015 512-bit (a pkijs-built
// root and leaf signed with @qoltanba/gost). Offline, no CRL: every verification walks the whole pipeline and
// ends INDETERMINATE/TRY_LATER on revocation, the same for both. Prints figures, asserts nothing.
// Each rate is given per wall-clock second and per second of this process's CPU time: on a shared machine the
// second one is the steadier "per core" figure.
import { execFileSync } from 'node:child_process';
import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { createVerifier } = await import(join(ROOT, 'packages/server/dist/index.js'));
const gost = await import(join(ROOT, 'packages/gost/dist/index.js'));
const SECONDS = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.slice(10) ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'qoltanba-pki-bench-'));
const content = new Uint8Array(100_000).fill(7);

function measured(label, n, start, cpuStart) {
  const cpu = process.cpuUsage(cpuStart);
  const perSecond = n / (Number(process.hrtime.bigint() - start) / 1e9);
  return { label, perSecond, perCpuSecond: n / ((cpu.user + cpu.system) / 1e6) };
}

function rate(label, fn) {
  for (let i = 0; i < 50; i += 1) fn();
  let n = 0;
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const end = start + BigInt(SECONDS * 1e9);
  while (process.hrtime.bigint() < end) {
    for (let i = 0; i < 20; i += 1) fn();
    n += 20;
  }
  return measured(label, n, start, cpuStart);
}

async function rateAsync(label, fn) {
  for (let i = 0; i < 50; i += 1) await fn();
  let n = 0;
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const end = start + BigInt(SECONDS * 1e9);
  while (process.hrtime.bigint() < end) {
    await fn();
    n += 1;
  }
  return measured(label, n, start, cpuStart);
}

// RSA-2048 with openssl: root in the trust folder, leaf signs a detached CMS.
const openssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
mkdirTrust('rsa');
openssl(
  'req',
  '-x509',
  '-newkey',
  'rsa:2048',
  '-nodes',
  '-keyout',
  'root.key',
  '-out',
  'rsa-trust/root.pem',
  '-days',
  '30',
  '-subj',
  '/CN=Bench Root',
  '-addext',
  'basicConstraints=critical,CA:TRUE',
  '-addext',
  'keyUsage=critical,keyCertSign,cRLSign',
);
openssl(
  'req',
  '-new',
  '-newkey',
  'rsa:2048',
  '-nodes',
  '-keyout',
  'leaf.key',
  '-out',
  'leaf.csr',
  '-subj',
  '/CN=BENCH/serialNumber=IIN123456789011',
);
writeFileSync(
  join(dir, 'leaf.ext'),
  'keyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=emailProtection\n',
);
openssl(
  'x509',
  '-req',
  '-in',
  'leaf.csr',
  '-CA',
  'rsa-trust/root.pem',
  '-CAkey',
  'root.key',
  '-set_serial',
  '5',
  '-days',
  '30',
  '-out',
  'leaf.pem',
  '-extfile',
  'leaf.ext',
);
/** A detached RSA CMS over `bytes`, made by `openssl cms -sign` with the leaf (its files named after `name`). */
function rsaSign(bytes, name) {
  writeFileSync(join(dir, `${name}.bin`), bytes);
  openssl(
    'cms',
    '-sign',
    '-binary',
    '-md',
    'sha256',
    '-in',
    `${name}.bin`,
    '-signer',
    'leaf.pem',
    '-inkey',
    'leaf.key',
    '-outform',
    'DER',
    '-out',
    `${name}.cms`,
  );
  return new Uint8Array(readFileSync(join(dir, `${name}.cms`)));
}
const rsaCms = rsaSign(content, 'rsa');
// Issue 24's row: the whole engine on a 1 KB document.
const small = content.subarray(0, 1000);
const rsaCms1k = rsaSign(small, 'rsa-1k');

function mkdirTrust(name) {
  execFileSync('mkdir', ['-p', join(dir, `${name}-trust`)]);
}

// GOST 34.10-2015 512-bit: a root and a leaf built with pkijs, signed with @qoltanba/gost.
const GOST_KEY = '1.2.398.3.10.1.1.2.2';
const GOST_SIG = '1.2.398.3.10.1.1.2.3.2';
const STREEBOG = '1.2.398.3.10.1.3.3';
const curve = 'tc26-512-a';
const gostSign = (key, data) => gost.gostSign(curve, key, gost.streebog512(data));

function gostCertificate({ serial, subject, issuer, publicKey, signingKey, ca }) {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: serial });
  const name = (cn) =>
    new pkijs.RelativeDistinguishedNames({
      typesAndValues: [
        new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: cn }) }),
      ],
    });
  cert.subject = name(subject);
  cert.issuer = name(issuer);
  cert.notBefore.value = new Date(Date.now() - 86_400_000);
  cert.notAfter.value = new Date(Date.now() + 30 * 86_400_000);
  cert.subjectPublicKeyInfo = new pkijs.PublicKeyInfo({
    algorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: GOST_KEY,
      algorithmParams: new asn1js.Sequence({
        value: [
          new asn1js.ObjectIdentifier({ value: '1.2.398.3.10.1.1.2.2.1' }),
          new asn1js.ObjectIdentifier({ value: STREEBOG }),
        ],
      }),
    }),
    subjectPublicKey: new asn1js.BitString({
      valueHex: new asn1js.OctetString({ valueHex: gost.encodeGostPublicKey(curve, publicKey) }).toBER(),
    }),
  });
  const keyUsage = ca ? 0x06 : 0xc0;
  cert.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.15',
      critical: true,
      extnValue: new asn1js.BitString({ valueHex: new Uint8Array([keyUsage]), unusedBits: 1 }).toBER(),
    }),
    ...(ca
      ? [
          new pkijs.Extension({
            extnID: '2.5.29.19',
            critical: true,
            extnValue: new pkijs.BasicConstraints({ cA: true }).toSchema().toBER(),
          }),
        ]
      : []),
  ];
  cert.signature = new pkijs.AlgorithmIdentifier({ algorithmId: GOST_SIG });
  cert.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: GOST_SIG });
  const tbs = new Uint8Array(cert.encodeTBS().toBER());
  cert.tbsView = tbs;
  cert.signatureValue = new asn1js.BitString({ valueHex: gostSign(signingKey, tbs) });
  return new Uint8Array(cert.toSchema(true).toBER());
}

const rootKey = gost.generateGostPrivateKey(curve);
const leafKey = gost.generateGostPrivateKey(curve);
const rootDer = gostCertificate({
  serial: 1,
  subject: 'GOST Root',
  issuer: 'GOST Root',
  publicKey: gost.gostPublicKey(curve, rootKey),
  signingKey: rootKey,
  ca: true,
});
const leafDer = gostCertificate({
  serial: 2,
  subject: 'GOST Leaf',
  issuer: 'GOST Root',
  publicKey: gost.gostPublicKey(curve, leafKey),
  signingKey: rootKey,
  ca: false,
});
mkdirTrust('gost');
writeFileSync(join(dir, 'gost-trust/root.cer'), rootDer);

const leaf = pkijs.Certificate.fromBER(leafDer);
const attrs = new pkijs.SignedAndUnsignedAttributes({
  type: 0,
  attributes: [
    new pkijs.Attribute({
      type: '1.2.840.113549.1.9.3',
      values: [new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.7.1' })],
    }),
    new pkijs.Attribute({
      type: '1.2.840.113549.1.9.5',
      values: [new asn1js.UTCTime({ valueDate: new Date() })],
    }),
    new pkijs.Attribute({
      type: '1.2.840.113549.1.9.4',
      values: [new asn1js.OctetString({ valueHex: gost.streebog512(content) })],
    }),
  ],
});
const signedAttrs = new Uint8Array(attrs.toSchema().toBER());
signedAttrs[0] = 0x31;
const gostSignature = gostSign(leafKey, signedAttrs);
const signedData = new pkijs.SignedData({
  version: 1,
  digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: STREEBOG })],
  encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: '1.2.840.113549.1.7.1' }),
  certificates: [leaf],
  signerInfos: [
    new pkijs.SignerInfo({
      version: 1,
      sid: new pkijs.IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber }),
      digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: STREEBOG }),
      signedAttrs: attrs,
      signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: GOST_SIG }),
      signature: new asn1js.OctetString({ valueHex: gostSignature }),
    }),
  ],
});
const gostCms = new Uint8Array(
  new pkijs.ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: signedData.toSchema(true) })
    .toSchema()
    .toBER(),
);

const rsaVerifier = await createVerifier({
  trustDir: join(dir, 'rsa-trust'),
  offline: true,
  acceptTestIdentities: true,
});
const gostVerifier = await createVerifier({
  trustDir: join(dir, 'gost-trust'),
  offline: true,
  acceptTestIdentities: true,
});
for (const [name, verifier, cms] of [
  ['RSA', rsaVerifier, rsaCms],
  ['GOST', gostVerifier, gostCms],
]) {
  const { report } = await verifier.verifyCms({ cms, content });
  const s = report.signatures[0];
  console.log(`${name} report: ${s.indication}/${s.subIndication} (TRY_LATER expected: offline, no CRL)`);
  if (s.subIndication !== 'TRY_LATER') throw new Error(`${name}: unexpected report ${JSON.stringify(s)}`);
}

// Raw primitives over the same signed-attribute bytes the CMS carries.
const rsaKey = createPublicKey(readFileSync(join(dir, 'leaf.pem')));
const rsaParsed = pkijs.ContentInfo.fromBER(rsaCms);
const rsaSigner = new pkijs.SignedData({ schema: rsaParsed.content }).signerInfos[0];
const rsaAttrs = new Uint8Array(rsaSigner.signedAttrs.encodedValue);
const rsaSig = rsaSigner.signature.valueBlock.valueHexView;
const gostPoint = gost.gostPublicKey(curve, leafKey);

const results = [
  rate('RSA-2048 raw verify (node:crypto)', () => nodeVerify('sha256', rsaAttrs, rsaKey, rsaSig)),
  await rateAsync('RSA-2048 CMS verify (100 kB detached)', () =>
    rsaVerifier.verifyCms({ cms: rsaCms, content }),
  ),
  await rateAsync('RSA-2048 CMS verify (1 kB detached)', () =>
    rsaVerifier.verifyCms({ cms: rsaCms1k, content: small }),
  ),
  rate('GOST-2015 raw verify (streebog512 + gostVerify)', () =>
    gost.gostVerify(curve, gostPoint, gost.streebog512(signedAttrs), gostSignature),
  ),
  await rateAsync('GOST-2015 CMS verify (100 kB detached)', () =>
    gostVerifier.verifyCms({ cms: gostCms, content }),
  ),
];
console.log(`${''.padEnd(48)} ${'wall'.padStart(8)}   ${'CPU'.padStart(8)}`);
for (const { label, perSecond, perCpuSecond } of results)
  console.log(
    `${label.padEnd(48)} ${perSecond.toFixed(0).padStart(8)}/s ${perCpuSecond.toFixed(0).padStart(8)}/s`,
  );
const [rsaRaw, rsaCmsRate, rsaCms1kRate, gostRaw, gostCmsRate] = results.map((r) => r.perCpuSecond);
console.log(
  `ratio CMS/raw (CPU): RSA ${(rsaCmsRate / rsaRaw).toFixed(2)} (1 kB: ${(rsaCms1kRate / rsaRaw).toFixed(2)}), GOST ${(gostCmsRate / gostRaw).toFixed(2)}`,
);
console.log(
  `RSA-2048 CMS verify, whole engine, 1 kB: ${rsaCms1kRate.toFixed(0)}/s per CPU-second (issue 24's goal >= 2,500/s: ${rsaCms1kRate >= 2500 ? 'met' : 'NOT met'})`,
);
rmSync(dir, { recursive: true, force: true });
