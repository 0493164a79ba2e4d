import { describe, expect, it } from 'vitest';
import { isLocalName, isPrivateAddress, normaliseHost } from './private-address.ts';

/** Every way an address of this host or its network can be written must count as private. */
describe('private addresses', () => {
  it('knows the private, loopback, link-local, shared and unspecified IPv4 ranges', () => {
    for (const a of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['1.1.1.1', '93.184.216.34', '8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('knows the IPv6 loopback, unspecified, link-local, unique-local and multicast ranges', () => {
    for (const a of ['::1', '::', 'fe80::1', 'fd12::1', 'fc00::1', 'ff02::1', '[::1]', 'fe80::1%eth0']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['2606:4700:4700::1111', '2001:4860:4860::8888'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('judges an IPv4-mapped or IPv4-translated address by the IPv4 address it carries', () => {
    for (const a of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe', // 169.254.169.254, the cloud metadata address
      '::ffff:0:7f00:1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:c0a8:101', // 192.168.1.1
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['::ffff:8.8.8.8', '::ffff:0:808:808']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('judges the deprecated IPv4-compatible form by its IPv4 address', () => {
    for (const a of ['::127.0.0.1', '::7f00:1', '[::7f00:1]', '::a00:1', '::192.168.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    expect(isPrivateAddress('::808:808')).toBe(false);
  });

  it('judges 6to4 by the IPv4 address in its prefix', () => {
    for (const a of [
      '2002:7f00:1::',
      '2002:7f00:0001:ffff::1',
      '2002:a00:1::',
      '2002:c0a8:101::1',
      '2002:a9fe:a9fe::',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    expect(isPrivateAddress('2002:808:808::')).toBe(false);
  });

  it('judges NAT64, well-known and local-use prefixes, by the IPv4 address in its suffix', () => {
    for (const a of [
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b:1::7f00:1',
      '64:ff9b::a9fe:a9fe',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    expect(isPrivateAddress('64:ff9b::808:808')).toBe(false);
  });

  it('judges Teredo by its server and its (flipped) client address', () => {
    // Client 127.0.0.1 is stored inverted: ~7f00:0001 = 80ff:fffe.
    expect(isPrivateAddress('2001:0:4136:e378:8000:63bf:80ff:fffe')).toBe(true);
    // Client 10.0.0.1 (inverted f5ff:fffe), public server.
    expect(isPrivateAddress('2001:0:4136:e378:8000:63bf:f5ff:fffe')).toBe(true);
    // A private server (192.168.1.1 = c0a8:101), public client.
    expect(isPrivateAddress('2001:0:c0a8:101:8000:63bf:f7f7:f7f7')).toBe(true);
  });

  it('refuses IPv4 shorthand, hex and octal spellings, and what is no address at all', () => {
    for (const a of ['127.1', '0x7f000001', '0177.0.0.1', '2130706433', 'not-an-address', '', '1.2.3.4.5']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
  });

  it('compares hosts without brackets, zone ids, trailing dots or capitals', () => {
    expect(normaliseHost('[FE80::1%eth0]')).toBe('fe80::1');
    expect(normaliseHost('LocalHost.')).toBe('localhost');
    expect(isLocalName(normaliseHost('api.LOCALHOST.'))).toBe(true);
    expect(isLocalName('localhost.example.com')).toBe(false);
  });
});
