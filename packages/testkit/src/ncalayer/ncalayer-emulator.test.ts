import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { OID } from '../oids';
import { identityOf } from '../pki/certificate-identity';
import { createTestPki } from '../pki/test-pki';
import { type NcaLayerEmulator, startNcaLayerEmulator } from './ncalayer-emulator';
import { BASICS_MODULE, HEARTBEAT } from './protocol';

const pki = createTestPki({ seed: 'ncalayer.test' });
const person = pki.issue({
  algorithm: 'ecdsa',
  kind: 'individual',
  usage: 'sign',
  iin: '880101300123',
  surname: 'ТЕСТОВ',
  givenName: 'ТЕСТ',
});
const head = pki.issue({
  algorithm: 'ecdsa',
  kind: 'first_head',
  usage: 'sign',
  iin: '770101300456',
  bin: '120340001234',
  surname: 'БАСШЫ',
  givenName: 'БАС',
  organisation: 'ТОО "ТЕСТ"',
});
const content = new TextEncoder().encode('%PDF-1.7 test');
const data = Buffer.from(content).toString('base64');

/** A page's view of NCALayer: connect, read the greeting, then one answer per request. */
class Page {
  private readonly queue: string[] = [];
  private readonly waiting: ((text: string) => void)[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const text = raw.toString();
      const next = this.waiting.shift();
      if (next) next(text);
      else this.queue.push(text);
    });
  }
  static async open(url: string, ca?: string): Promise<Page> {
    const socket = new WebSocket(url, ca ? { ca } : {});
    const page = new Page(socket);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return page;
  }
  next(): Promise<string> {
    const queued = this.queue.shift();
    return queued !== undefined
      ? Promise.resolve(queued)
      : new Promise((resolve) => this.waiting.push(resolve));
  }
  async call(request: unknown): Promise<Record<string, unknown>> {
    this.socket.send(typeof request === 'string' ? request : JSON.stringify(request));
    return JSON.parse(await this.next()) as Record<string, unknown>;
  }
}

function signRequest(
  overrides: {
    data?: unknown;
    signingParams?: unknown;
    signerParams?: unknown;
    allowedStorages?: unknown;
  } = {},
) {
  return {
    module: BASICS_MODULE,
    method: 'sign',
    args: {
      allowedStorages: overrides.allowedStorages ?? ['PKCS12'],
      format: 'cms',
      data: overrides.data ?? data,
      signingParams: overrides.signingParams ?? {
        decode: true,
        encapsulate: false,
        digested: false,
        tsaProfile: {},
      },
      signerParams: overrides.signerParams ?? { extKeyUsageOids: [OID.emailProtection], chain: [] },
      locale: 'ru',
    },
  };
}

function signedDataOf(base64: unknown): pkijs.SignedData {
  return new pkijs.SignedData({
    schema: pkijs.ContentInfo.fromBER(Buffer.from(String(base64), 'base64')).content,
  });
}

function signerSerial(signedData: pkijs.SignedData): string {
  const certificate = signedData.certificates?.[0];
  if (!(certificate instanceof pkijs.Certificate)) throw new Error('no certificate');
  return identityOf(new Uint8Array(certificate.toSchema().toBER())).serialNumber;
}

describe('startNcaLayerEmulator', () => {
  let emulator: NcaLayerEmulator;
  let page: Page;

  beforeAll(async () => {
    emulator = await startNcaLayerEmulator({ signers: [person, head] });
    page = await Page.open(emulator.url);
  });
  afterAll(async () => {
    page.socket.close();
    await emulator.close();
  });

  it('greets with the version, answers heartbeats', async () => {
    expect(emulator.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(JSON.parse(await page.next())).toEqual({ result: { version: '1.4' } });
    page.socket.send(HEARTBEAT);
    expect(await page.next()).toBe(HEARTBEAT);
  });

  it('signs one data item into a one-element result array: a detached CMS over the decoded bytes', async () => {
    const answer = await page.call(signRequest());
    expect(answer).toMatchObject({ status: true, body: { result: [expect.any(String)] } });
    const [cms] = (answer.body as { result: string[] }).result;
    const signedData = signedDataOf(cms);
    expect(signedData.encapContentInfo.eContent).toBeUndefined();
    expect(signerSerial(signedData)).toBe(person.identity.serialNumber);
    const verified = await signedData.verify({ signer: 0, data: content.buffer as ArrayBuffer });
    expect(verified).toBe(true);
  });

  it('signs every item of a data array, attached when encapsulate is set', async () => {
    const items = ['YQ==', 'Yg==', 'Yw=='];
    const answer = await page.call(
      signRequest({ data: items, signingParams: { decode: true, encapsulate: true, digested: false } }),
    );
    const result = (answer.body as { result: string[] }).result;
    expect(
      result.map((cms) =>
        Buffer.from(signedDataOf(cms).encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0)).toString(),
      ),
    ).toEqual(['a', 'b', 'c']);
  });

  it('narrows the keys by EKU, IIN, BIN and serial number', async () => {
    const byRole = await page.call(
      signRequest({ signerParams: { extKeyUsageOids: [OID.emailProtection, OID.kzFirstHead] } }),
    );
    expect(signerSerial(signedDataOf((byRole.body as { result: string[] }).result[0]))).toBe(
      head.identity.serialNumber,
    );
    const byBin = await page.call(
      signRequest({ signerParams: { extKeyUsageOids: [], iin: '', bin: '120340001234' } }),
    );
    expect(signerSerial(signedDataOf((byBin.body as { result: string[] }).result[0]))).toBe(
      head.identity.serialNumber,
    );
    const bySerial = await page.call(
      signRequest({
        signerParams: { extKeyUsageOids: [], serialNumber: head.identity.serialNumber.toUpperCase() },
      }),
    );
    expect(signerSerial(signedDataOf((bySerial.body as { result: string[] }).result[0]))).toBe(
      head.identity.serialNumber,
    );
  });

  it('answers as a cancel when no key passes the filters (the user can only close the dialog)', async () => {
    expect(
      await page.call(signRequest({ signerParams: { extKeyUsageOids: [], iin: '000000000000' } })),
    ).toEqual({ status: true, body: {} });
    expect(await page.call(signRequest({ signerParams: { extKeyUsageOids: [OID.clientAuth] } }))).toEqual({
      status: true,
      body: {},
    });
    expect(await page.call(signRequest({ allowedStorages: ['AKKaztokenStore'] }))).toEqual({
      status: true,
      body: {},
    });
  });

  it('cancels and fails on request, as NCALayer answers them', async () => {
    emulator.setBehaviour('cancel');
    expect(await page.call(signRequest())).toEqual({ status: true, body: {} });
    emulator.setBehaviour('error');
    expect(await page.call(signRequest())).toMatchObject({
      status: false,
      code: 'SIGNING_FAILURE',
      message: expect.any(String),
      details: expect.any(String),
    });
    emulator.setBehaviour('sign');
    expect(await page.call(signRequest())).toMatchObject({ status: true });
  });

  it('refuses malformed requests the way NCALayer does', async () => {
    expect(await page.call(signRequest({ signingParams: 555 }))).toEqual({
      status: false,
      code: 'INVOCATION_ERROR',
      message: 'An invoked method threw an exception.',
      details: 'org.json.JSONException: JSONObject["signingParams"] is not a JSONObject.',
    });
    expect(await page.call({ module: 'kz.gov.pki.knca.unknown', method: 'x' })).toEqual({
      success: false,
      errorCode: 'MODULE_NOT_FOUND',
    });
    expect(emulator.requests.length).toBeGreaterThan(5);
  });
});

describe('startNcaLayerEmulator over TLS', () => {
  it('serves wss:// with a self-signed certificate for 127.0.0.1', async () => {
    const emulator = await startNcaLayerEmulator({ signer: person, tls: true });
    try {
      expect(emulator.url).toMatch(/^wss:\/\/127\.0\.0\.1:\d+$/);
      const page = await Page.open(emulator.url, emulator.certificatePem);
      expect(JSON.parse(await page.next())).toEqual({ result: { version: '1.4' } });
      expect(await page.call(signRequest())).toMatchObject({ status: true });
      page.socket.close();
      await expect(Page.open(emulator.url)).rejects.toThrow(/self-signed|certificate/);
    } finally {
      await emulator.close();
    }
  });
});
