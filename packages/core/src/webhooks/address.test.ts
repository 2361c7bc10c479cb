import { describe, expect, it } from 'vitest';
import { type IpAddressKind, ipAddressKind, literalHostKind } from './address';

describe('ipAddressKind', () => {
  it.each<[string, IpAddressKind]>([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // Just outside the ranges: public.
    ['8.8.8.8', 'public'],
    ['93.184.215.14', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['169.253.255.255', 'public'],
    ['192.169.0.1', 'public'],
    ['223.255.255.255', 'public'],
  ])('IPv4 %s is %s', (address, kind) => {
    expect(ipAddressKind(address)).toBe(kind);
  });

  it.each<[string, IpAddressKind]>([
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:0', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['FEBF::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['64:ff9b:1::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['::2', 'unspecified'],
    // IPv4 inside IPv6 is judged as the IPv4 address: mapped, compatible, NAT64, 6to4.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:a00:1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::c0a8:101', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::808:808', 'public'],
    ['2002:808:808::1', 'public'],
    // Global unicast.
    ['2a00:1450:4001:81c::200e', 'public'],
    ['2606:4700::1111', 'public'],
  ])('IPv6 %s is %s', (address, kind) => {
    expect(ipAddressKind(address)).toBe(kind);
  });

  it.each([
    'localhost',
    'partner.kz',
    '2130706433',
    '0x7f.1',
    '0177.0.0.1',
    '127.1',
    '127.0.0.256',
    '1.2.3.4.5',
    '',
    '[::1]',
    '1::2::3',
    ':::',
    '1:2:3:4:5:6:7:8:9',
    '::1:2:3:4:5:6:7:8',
    '12345::',
    '1.2.3.4::',
    '::ffff:1.2.3',
  ])('%j is not an IP address', (text) => {
    expect(ipAddressKind(text)).toBeUndefined();
  });
});

describe('literalHostKind', () => {
  // What `new URL(...).hostname` gives, so spellings of IPv4 a URL parser reads are judged as the address they mean.
  it.each<[string, IpAddressKind]>([
    ['http://127.0.0.1:3000/hook', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['https://017700000001/', 'loopback'],
    ['https://0/', 'unspecified'],
    ['https://0xa9fea9fe/', 'link-local'],
    ['https://169.254.169.254/latest/meta-data/', 'link-local'],
    ['https://3232235777/', 'private'],
    ['https://[::1]/', 'loopback'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://[::ffff:10.1.2.3]:8443/', 'private'],
    ['https://[fd00::1]/', 'unique-local'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://[ff02::1]/', 'multicast'],
    ['https://[::]/', 'unspecified'],
    ['https://localhost/', 'loopback'],
    ['https://LOCALHOST./', 'loopback'],
    ['https://api.localhost/', 'loopback'],
    ['https://8.8.8.8/', 'public'],
    ['https://[2606:4700::1111]/', 'public'],
  ])('%s is %s', (url, kind) => {
    expect(literalHostKind(new URL(url).hostname)).toBe(kind);
  });

  it('leaves names to DNS', () => {
    for (const url of [
      'https://partner.kz/hook',
      'https://localhost.partner.kz/',
      'https://127.0.0.1.nip.io/',
    ])
      expect(literalHostKind(new URL(url).hostname), url).toBeUndefined();
  });
});
