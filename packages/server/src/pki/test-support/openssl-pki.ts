// A throw-away RSA/ECDSA test PKI made with the openssl CLI in a temp folder: root -> issuing CA -> KZ-format
// leaves, `openssl cms -sign`, CRLs from `openssl ca -gencrl` and OCSP answers from `openssl ocsp -index`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pemBlocks } from '../der.js';

/** Options of one issued leaf certificate. */
export interface LeafOptions {
  name: string;
  key?: 'rsa' | 'ec';
  /** `/CN=.../SERIALNUMBER=IIN.../...` (UTF-8). */
  subject?: string;
  extendedKeyUsage?: string;
  keyUsage?: string;
  ocspUrl?: string;
  crlUrl?: string;
}

/** An issued leaf: its files and DER. */
export interface Leaf {
  certPem: string;
  keyPem: string;
  der: Uint8Array;
}

const DEFAULT_SUBJECT =
  '/CN=ТЕСТОВ ТЕСТ/SN=ТЕСТОВ/serialNumber=IIN123456789011/C=KZ/O=АО "ТЕСТ"/OU=BIN123456789021/GN=ТЕСТОВИЧ';

/** The test PKI in a temp folder; `trustDir` holds the root only. */
export class OpensslPki {
  readonly dir = mkdtempSync(join(tmpdir(), 'qoltanba-pki-'));
  readonly trustDir = join(this.dir, 'trust');
  #serial = 0x1000;

  constructor() {
    mkdirSync(this.trustDir);
    writeFileSync(join(this.dir, 'index.txt'), '');
    writeFileSync(join(this.dir, 'index.txt.attr'), 'unique_subject = no\n');
    writeFileSync(join(this.dir, 'crlnumber'), '01\n');
    writeFileSync(
      join(this.dir, 'ca.cnf'),
      [
        '[ca]',
        'default_ca = ca_default',
        '[ca_default]',
        `database = ${join(this.dir, 'index.txt')}`,
        `crlnumber = ${join(this.dir, 'crlnumber')}`,
        `certificate = ${join(this.dir, 'issuing.pem')}`,
        `private_key = ${join(this.dir, 'issuing.key')}`,
        'default_md = sha256',
        'default_crl_days = 30',
        'unique_subject = no',
        '[ca_ext]',
        'basicConstraints = critical,CA:TRUE',
        'keyUsage = critical,keyCertSign,cRLSign',
        'subjectKeyIdentifier = hash',
        'authorityKeyIdentifier = keyid',
        '',
      ].join('\n'),
    );
    this.#openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      this.path('root.key'),
      '-out',
      this.path('root.pem'),
      '-days',
      '3650',
      '-subj',
      '/CN=Qoltanba TEST ROOT/C=KZ',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
    writeFileSync(join(this.trustDir, 'root.pem'), readFileSync(this.path('root.pem')));
    this.#openssl(
      'req',
      '-new',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      this.path('issuing.key'),
      '-out',
      this.path('issuing.csr'),
      '-subj',
      '/CN=Qoltanba TEST ISSUING CA/C=KZ',
    );
    this.#openssl(
      'x509',
      '-req',
      '-in',
      this.path('issuing.csr'),
      '-CA',
      this.path('root.pem'),
      '-CAkey',
      this.path('root.key'),
      '-set_serial',
      '2',
      '-days',
      '3650',
      '-out',
      this.path('issuing.pem'),
      '-extfile',
      this.path('ca.cnf'),
      '-extensions',
      'ca_ext',
    );
  }

  /** A file of the PKI folder. */
  path(name: string): string {
    return join(this.dir, name);
  }

  #openssl(...args: string[]): Buffer {
    return execFileSync('openssl', args, { cwd: this.dir, stdio: ['pipe', 'pipe', 'pipe'] });
  }

  /** Issues a leaf under the issuing CA (RSA-2048 or P-256), recorded as valid in the CA's index. */
  issue(options: LeafOptions): Leaf {
    const { name } = options;
    const key =
      options.key === 'ec'
        ? ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']
        : ['-newkey', 'rsa:2048'];
    this.#openssl(
      'req',
      '-new',
      ...key,
      '-nodes',
      '-utf8',
      '-keyout',
      this.path(`${name}.key`),
      '-out',
      this.path(`${name}.csr`),
      '-subj',
      options.subject ?? DEFAULT_SUBJECT,
    );
    const ext = [
      `keyUsage = critical,${options.keyUsage ?? 'digitalSignature,nonRepudiation'}`,
      `extendedKeyUsage = ${options.extendedKeyUsage ?? 'emailProtection,1.2.398.3.3.4.1.2,1.2.398.3.3.4.1.2.1'}`,
      'subjectKeyIdentifier = hash',
      'authorityKeyIdentifier = keyid',
    ];
    if (options.ocspUrl) ext.push(`authorityInfoAccess = OCSP;URI:${options.ocspUrl}`);
    if (options.crlUrl) ext.push(`crlDistributionPoints = URI:${options.crlUrl}`);
    writeFileSync(this.path(`${name}.ext`), `${ext.join('\n')}\n`);
    this.#serial += 1;
    const serial = this.#serial.toString(16).toUpperCase();
    this.#openssl(
      'x509',
      '-req',
      '-in',
      this.path(`${name}.csr`),
      '-CA',
      this.path('issuing.pem'),
      '-CAkey',
      this.path('issuing.key'),
      '-set_serial',
      `0x${serial}`,
      '-days',
      '365',
      '-sha256',
      '-out',
      this.path(`${name}.pem`),
      '-extfile',
      this.path(`${name}.ext`),
    );
    const certPem = this.path(`${name}.pem`);
    const enddate =
      this.#openssl('x509', '-in', certPem, '-noout', '-enddate').toString().trim().split('=')[1] ?? '';
    const expiry = new Date(enddate).toISOString().replace(/[-:T]/g, '').slice(2, 14);
    const subject = this.#openssl('x509', '-in', certPem, '-noout', '-subject', '-nameopt', 'compat')
      .toString()
      .trim()
      .replace(/^subject=/, '');
    const line = `V\t${expiry}Z\t\t${serial.length % 2 ? `0${serial}` : serial}\tunknown\t${subject}\n`;
    writeFileSync(this.path('index.txt'), readFileSync(this.path('index.txt'), 'utf8') + line);
    const [block] = pemBlocks(readFileSync(certPem, 'latin1'));
    if (block === undefined) throw new Error('no certificate');
    return { certPem, keyPem: this.path(`${name}.key`), der: block.der };
  }

  /** Marks a leaf revoked in the CA's index (CRL and OCSP answers made afterwards list it). */
  revoke(leaf: Leaf): void {
    this.#openssl('ca', '-config', this.path('ca.cnf'), '-revoke', leaf.certPem);
  }

  /** A DER CRL of the issuing CA from the current index. */
  crl(): Uint8Array {
    this.#openssl('ca', '-config', this.path('ca.cnf'), '-gencrl', '-out', this.path('crl.pem'));
    const [block] = pemBlocks(readFileSync(this.path('crl.pem'), 'latin1'));
    if (block === undefined) throw new Error('no CRL');
    return block.der;
  }

  /** Answers a DER OCSP request as the issuing CA (`openssl ocsp -index`, nonce echoed). */
  ocsp(request: Uint8Array): Uint8Array {
    writeFileSync(this.path('ocsp-req.der'), request);
    this.#openssl(
      'ocsp',
      '-index',
      this.path('index.txt'),
      '-CA',
      this.path('issuing.pem'),
      '-rsigner',
      this.path('issuing.pem'),
      '-rkey',
      this.path('issuing.key'),
      '-reqin',
      this.path('ocsp-req.der'),
      '-respout',
      this.path('ocsp-resp.der'),
      '-nmin',
      '5',
    );
    return new Uint8Array(readFileSync(this.path('ocsp-resp.der')));
  }

  /** `openssl cms -sign` over `content` (detached unless `attached`), carrying the issuing CA certificate. */
  cmsSign(
    content: Uint8Array,
    signers: Leaf[],
    options: { attached?: boolean; pss?: boolean; stream?: boolean } = {},
  ): Uint8Array {
    writeFileSync(this.path('content.bin'), content);
    const signerArgs = signers.flatMap((s) => ['-signer', s.certPem, '-inkey', s.keyPem]);
    this.#openssl(
      'cms',
      '-sign',
      '-binary',
      '-md',
      'sha256',
      '-in',
      this.path('content.bin'),
      ...signerArgs,
      '-certfile',
      this.path('issuing.pem'),
      '-outform',
      'DER',
      '-out',
      this.path('cms.der'),
      ...(options.attached ? ['-nodetach'] : []),
      ...(options.pss ? ['-keyopt', 'rsa_padding_mode:pss'] : []),
      // BER: indefinite lengths, and attached content as a constructed OCTET STRING.
      ...(options.stream ? ['-stream'] : []),
    );
    return new Uint8Array(readFileSync(this.path('cms.der')));
  }

  /** Deletes the folder. */
  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
