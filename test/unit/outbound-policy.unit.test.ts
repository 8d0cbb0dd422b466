import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKind } from '../../src/integrations/outbound/addresses.js';
import { outboundFetch } from '../../src/integrations/outbound/fetch.js';
import { assertHost, checkHost, checkHttpUrl, type OutboundRules } from '../../src/integrations/outbound/policy.js';

const strict: OutboundRules = { allowedHosts: [], setting: 'TEST_ALLOWED_HOSTS' };

/** Every spelling of an internal address the policy must recognise, and the kind it names. */
const INTERNAL: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.1', 'loopback'], // short form
  ['2130706433', 'loopback'], // decimal
  ['0177.0.0.1', 'loopback'], // octal
  ['0x7f.0.0.1', 'loopback'], // hex
  ['0x7f000001', 'loopback'],
  ['127.0.0.1.', 'loopback'], // trailing dot
  ['0.0.0.0', 'loopback'],
  ['0', 'loopback'],
  ['::', 'loopback'], // unspecified
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'], // IPv4-mapped
  ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
  ['::127.0.0.1', 'loopback'], // IPv4-compatible
  ['::7f00:1', 'loopback'],
  ['::ffff:0:127.0.0.1', 'loopback'], // SIIT
  ['169.254.169.254', 'link-local'], // cloud metadata
  ['0xa9fea9fe', 'link-local'],
  ['2852039166', 'link-local'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:a9fe:a9fe', 'link-local'],
  ['64:ff9b::a9fe:a9fe', 'link-local'], // NAT64
  ['64:ff9b::169.254.169.254', 'link-local'],
  ['2002:a9fe:a9fe::', 'link-local'], // 6to4
  ['2002:7f00:1::1', 'loopback'],
  ['2001:0:a9fe:a9fe::1', 'link-local'], // Teredo server
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'], // Teredo client 127.0.0.1 (inverted)
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'], // zone id
  ['[fe80::1%25eth0]', 'link-local'],
  ['febf::1', 'link-local'], // still fe80::/10
  ['fec0::1', 'private'], // site-local
  ['fc00::1', 'private'], // unique-local
  ['fd12:3456::1', 'private'],
  ['ff02::1', 'private'], // multicast
  ['64:ff9b:1::a00:1', 'private'], // local-use NAT64
  ['64:ff9b:1:ffff::8.8.8.8', 'private'],
  ['10.0.0.1', 'private'],
  ['012.0.0.1', 'private'], // octal 10.0.0.1
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'private'], // CGNAT
  ['100.127.255.254', 'private'],
  ['224.0.0.1', 'private'], // multicast
  ['255.255.255.255', 'private'],
  ['198.18.0.1', 'private'],
];

const PUBLIC = [
  '8.8.8.8',
  '93.184.216.34',
  '172.32.0.1',
  '100.128.0.1',
  '2606:4700::1111',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
  'fec0::1x',
  'example.com',
];

describe('outbound address policy (one table of spellings)', () => {
  it.each(INTERNAL)('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
    expect(() => assertHost(strict, address, undefined, 'url')).toThrow(new RegExp(kind));
  });

  it.each(PUBLIC)('%s is public', (address) => {
    expect(addressKind(address)).toBeUndefined();
  });

  it('refuses loopback names, and allow-list entries (names, host:port, CIDR, *.suffix) widen it', () => {
    expect(() => assertHost(strict, 'localhost', undefined, 'url')).toThrow(/loopback/);
    expect(() => assertHost(strict, 'LOCALHOST.', undefined, 'url')).toThrow(/loopback/);
    expect(() => assertHost(strict, 'a.localhost', undefined, 'url')).toThrow(/loopback/);
    const rules = { ...strict, allowedHosts: ['127.0.0.1:9200', '10.0.0.0/8', '*.corp.test', 'localhost'] };
    expect(() => assertHost(rules, '127.0.0.1', 9200, 'url')).not.toThrow();
    expect(() => assertHost(rules, '127.0.0.1', 9300, 'url')).toThrow(/TEST_ALLOWED_HOSTS/);
    expect(() => assertHost(rules, '10.1.2.3', undefined, 'url')).not.toThrow();
    expect(() => assertHost(rules, 'localhost', undefined, 'url')).not.toThrow();
  });

  it('checks every resolved address of a name', async () => {
    const resolver = async (h: string) =>
      h === 'rebind.test' ? ['93.184.216.34', '::ffff:169.254.169.254'] : ['93.184.216.34'];
    await expect(checkHost(strict, 'rebind.test', undefined, 'url', resolver)).rejects.toThrow(
      /resolves to a link-local/,
    );
    await expect(checkHost(strict, 'ok.test', undefined, 'url', resolver)).resolves.toEqual(['93.184.216.34']);
    const cidr = { ...strict, allowedHosts: ['10.0.0.0/8'] };
    await expect(checkHost(cidr, 'inner.test', undefined, 'url', async () => ['10.0.0.5'])).resolves.toEqual([
      '10.0.0.5',
    ]);
  });

  it('refuses characters RFC 3986 does not allow (the backslash parsers disagree on)', async () => {
    await expect(checkHttpUrl(strict, 'http://public.invalid\\@127.0.0.1:4561/x', 'url')).rejects.toThrow(/characters/);
    await expect(checkHttpUrl(strict, 'http://a b.test/', 'url')).rejects.toThrow(/characters/);
    await expect(checkHttpUrl(strict, 'ftp://example.test/', 'url')).rejects.toThrow(/http/);
  });
});

describe('outboundFetch: the policy at connect time', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      }
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses a name that resolves to loopback, and pins an allowed one to the checked address', async () => {
    const refusing = outboundFetch(strict, async () => ['127.0.0.1']);
    const before = hits;
    await expect(refusing(`http://rebind.test:${port}/`)).rejects.toThrow();
    expect(hits).toBe(before);
    const allowed = outboundFetch({ ...strict, allowedHosts: ['pinned.test'] }, async () => ['127.0.0.1']);
    expect(await (await allowed(`http://pinned.test:${port}/`)).text()).toBe('ok');
  });

  it('refuses literal internal addresses without connecting, and never follows redirects', async () => {
    const before = hits;
    await expect(outboundFetch(strict)(`http://[::ffff:127.0.0.1]:${port}/`)).rejects.toThrow(/loopback/);
    await expect(outboundFetch(strict)(`http://2130706433:${port}/`)).rejects.toThrow(/loopback/);
    expect(hits).toBe(before);
    const loose = outboundFetch({ ...strict, allowKinds: ['loopback'] });
    const res = await loose(`http://127.0.0.1:${port}/redirect`);
    expect(res.status).toBe(302);
  });
});
