import * as asn1js from 'asn1js';
import { describe, expect, it } from 'vitest';
import { FormatError } from './der.js';
import { childrenOf, encodingOf, octetsOf, oidOf, readRoot, readTlv, TAG } from './tlv.js';

const der = (value: asn1js.AsnType) => new Uint8Array(value.toBER(false));
const hex = (text: string) => new Uint8Array(Buffer.from(text.replace(/\s+/g, ''), 'hex'));

/** The tree as [class, constructed, number, children | contents hex], to compare with asn1js's reading. */
function shape(bytes: Uint8Array): unknown {
  const walk = (node: ReturnType<typeof readRoot>): unknown =>
    node.constructed
      ? [node.tagClass, true, node.tagNumber, childrenOf(node, 'node').map(walk)]
      : [node.tagClass, false, node.tagNumber, Buffer.from(encodingOf(node)).toString('hex')];
  return walk(readRoot(bytes, 'test'));
}

function asn1Shape(value: asn1js.AsnType): unknown {
  const { tagClass, tagNumber, isConstructed } = value.idBlock;
  if (isConstructed && value instanceof asn1js.BaseBlock && 'value' in value.valueBlock) {
    const children = (value.valueBlock as { value: asn1js.AsnType[] }).value;
    return [tagClass - 1, true, tagNumber, children.map(asn1Shape)];
  }
  return [tagClass - 1, false, tagNumber, Buffer.from(value.toBER(false)).toString('hex')];
}

describe('TLV reader', () => {
  it('walks a structure as asn1js reads it: classes, long tags, long lengths, nesting', () => {
    const value = new asn1js.Sequence({
      value: [
        new asn1js.Integer({ value: 5 }),
        new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.7.2' }),
        new asn1js.OctetString({ valueHex: new Uint8Array(300).fill(1) }),
        new asn1js.Set({ value: [new asn1js.Utf8String({ value: 'Қолтаңба' }), new asn1js.Null()] }),
        new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 0 },
          value: [new asn1js.Integer({ value: 70_000 })],
        }),
        new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 200 }, valueHex: new Uint8Array([9]) }),
      ],
    });
    const bytes = der(value);
    expect(shape(bytes)).toEqual(asn1Shape(asn1js.fromBER(bytes).result));
  });

  it('reads indefinite lengths up to their end-of-contents and joins a chunked OCTET STRING', () => {
    // SEQUENCE (indefinite) { OCTET STRING (constructed, indefinite) { "ab", "cd" }, INTEGER 1 }
    const bytes = hex('30 80 24 80 04 02 6162 04 02 6364 0000 02 01 01 0000');
    const root = readRoot(bytes, 'test');
    expect(root.end).toBe(bytes.length);
    const [octets, integer] = childrenOf(root, 'test');
    expect(Buffer.from(octetsOf(octets as never, 'test')).toString()).toBe('abcd');
    expect(integer?.tagNumber).toBe(TAG.integer);
  });

  it('decodes OIDs as asn1js does, the first two arcs included', () => {
    for (const oid of [
      '1.2.840.113549.1.9.16.2.14',
      '2.999.3',
      '0.39',
      '1.2.398.3.10.1.1.2.3.2',
      '2.5.29.15',
    ]) {
      const bytes = der(new asn1js.ObjectIdentifier({ value: oid }));
      expect(oidOf(readRoot(bytes, 'oid'), 'oid')).toBe(oid);
    }
  });

  it('refuses truncation, overruns, trailing bytes, indefinite primitives, deep nesting and bad OIDs', () => {
    const refused = (bytes: Uint8Array) => expect(() => readRoot(bytes, 'test')).toThrow(FormatError);
    refused(hex('30 05 02 01 01'));
    refused(hex('30 03 02 05 01 02 03'));
    refused(hex('02 01 01 00'));
    refused(hex('04 80 01 00 00'));
    refused(hex('30 80 02 01 01'));
    refused(hex('30 84 ff ff ff ff'));
    refused(hex('30 85 01 00 00 00 00'));
    refused(new Uint8Array(0));
    const nested = new Uint8Array(200).fill(0x30).map((byte, i) => (i % 2 ? 0x80 : byte));
    expect(() => readRoot(nested, 'test')).toThrow(/nested too deeply/);
    expect(() => oidOf(readTlv(hex('06 02 2a 86'), 0, 4), 'oid')).toThrow(FormatError);
    expect(() => oidOf(readTlv(hex('02 01 01'), 0, 3), 'oid')).toThrow(FormatError);
  });
});
