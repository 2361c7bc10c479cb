import { generateKeyPairSync } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { nodeSigningKey } from '../keys/node-keys';
import { buildCertificate, randomSerialNumber } from '../pki/certificate-builder';
import { caName } from '../pki/kz-subject';
import { toPem } from '../pki/pem';

/** A self-signed TLS certificate for 127.0.0.1 / localhost, PEM, with its private key. */
export interface LocalhostCertificate {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
}

/** Makes a self-signed ECDSA certificate for 127.0.0.1 and localhost, valid for a day. */
export function localhostCertificate(now = new Date()): LocalhostCertificate {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const key = nodeSigningKey(privateKey, 'ecdsa');
  const name = caName('127.0.0.1');
  const altNames = new pkijs.AltName({
    altNames: [
      new pkijs.GeneralName({
        type: 7,
        value: new asn1js.OctetString({ valueHex: new Uint8Array([127, 0, 0, 1]) }),
      }),
      new pkijs.GeneralName({ type: 2, value: 'localhost' }),
    ],
  });
  const certificateDer = buildCertificate({
    serialNumber: randomSerialNumber(),
    issuer: name,
    subject: name,
    notBefore: new Date(now.getTime() - 3_600_000),
    notAfter: new Date(now.getTime() + 86_400_000),
    publicKeyInfoDer: key.publicKeyInfoDer,
    extensions: [new pkijs.Extension({ extnID: '2.5.29.17', extnValue: altNames.toSchema().toBER() })],
    issuerKey: key,
  });
  return {
    certificatePem: toPem('CERTIFICATE', certificateDer),
    privateKeyPem: String(privateKey.export({ type: 'pkcs8', format: 'pem' })),
  };
}
