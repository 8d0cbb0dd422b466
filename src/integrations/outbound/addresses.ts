import { isIP } from 'node:net';

/**
 * Which network addresses the server may call on a person's behalf (decision 200). The one place
 * that knows every spelling of an internal address: IPv4 in the forms `inet_aton` accepts (decimal
 * `2130706433`, octal `0177.0.0.1`, hex `0x7f.1`, short `127.1`), IPv6 with embedded IPv4 (mapped,
 * compatible, SIIT, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`, Teredo `2001::/32`), zone ids and
 * trailing dots. Resolvers and curl accept all of these, so a check that only knew the dotted
 * form could be walked around.
 */
export type AddressKind = 'loopback' | 'link-local' | 'private';

/** IPv4 ranges that are not the public internet: [first octets as a 32-bit number, prefix, kind]. */
const V4_BLOCKED: [string, number, AddressKind][] = [
  ['0.0.0.0', 8, 'loopback'], // "this network": 0.0.0.0 reaches the local host
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // cloud metadata lives at 169.254.169.254
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'], // CGNAT
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'private'], // IETF protocol assignments
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'private'], // benchmarking
  ['224.0.0.0', 4, 'private'], // multicast
  ['240.0.0.0', 4, 'private'], // reserved and broadcast
];

const v4Number = (dotted: string) => dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const V4_TABLE = V4_BLOCKED.map(([net, bits, kind]) => ({ net: v4Number(net), bits, kind }));

function classifyV4(n: number): AddressKind | undefined {
  for (const { net, bits, kind } of V4_TABLE) {
    const size = 2 ** (32 - bits);
    if (Math.floor(n / size) === Math.floor(net / size)) return kind;
  }
  return undefined;
}

const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

/** An IPv4 address in any form `inet_aton` accepts (1 to 4 parts, each decimal, 0-octal or 0x-hex), as a number. */
function parseInetAton(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length > 4) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    let v: number;
    if (/^0x[0-9a-f]*$/i.test(part)) v = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]*$/.test(part)) v = part.length === 1 ? 0 : parseInt(part.slice(1), 8);
    else if (/^[1-9][0-9]*$/.test(part)) v = Number(part);
    else return undefined;
    values.push(v);
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255) || last >= 2 ** (8 * (4 - values.length))) return undefined;
  return values.reduce((n, v, i) => n + v * 2 ** (8 * (3 - i)), 0) + last;
}

/** The eight 16-bit groups of an IPv6 address (embedded dotted IPv4 accepted). */
function v6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = v4Number(v4[1]!);
    text = `${text.slice(0, v4.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => parseInt(g, 16));
}

function classifyV6(address: string): AddressKind | undefined {
  const g = v6Groups(address);
  const v4At = (i: number) => g[i]! * 65536 + g[i + 1]!;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'loopback'; // :: (unspecified) connects to the local host
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // ::a.b.c.d (compatible), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (SIIT): the embedded IPv4 decides.
  if (zeros(0, 6) || (zeros(0, 5) && g[5] === 0xffff) || (zeros(0, 4) && g[4] === 0xffff && g[5] === 0))
    return classifyV4(v4At(6));
  if (g[0] === 0x64 && g[1] === 0xff9b) {
    if (zeros(2, 6)) return classifyV4(v4At(6)); // NAT64 well-known prefix 64:ff9b::/96
    if (g[2] === 1) return 'private'; // local-use NAT64 64:ff9b:1::/48: a translator inside the network
  }
  if (g[0] === 0x2002) return classifyV4(v4At(1)); // 6to4 carries the IPv4 in groups 1-2
  if (g[0] === 0x2001 && g[1] === 0) return classifyV4(v4At(2)) ?? classifyV4(~v4At(6) >>> 0); // Teredo: server, then client (inverted)
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated) fec0::/10
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private'; // unique-local fc00::/7
  if ((g[0]! & 0xff00) === 0xff00) return 'private'; // multicast
  if (g[0] === 0x100 && zeros(1, 4)) return 'private'; // discard-only 100::/64
  return undefined;
}

/**
 * The address a host names when it is written as an address, in canonical form (`127.0.0.1`,
 * `::ffff:7f00:1` kept as IPv6): brackets, zone ids (`%eth0`, `%25eth0`) and trailing dots removed,
 * every IPv4 spelling decoded. A host name answers undefined.
 */
export function literalAddress(host: string): string | undefined {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  h = h.replace(/%.*$/, '');
  h = h.replace(/\.+$/, '');
  if (isIP(h)) return h;
  const n = parseInetAton(h);
  return n === undefined ? undefined : dotted(n);
}

/** The kind of internal address `address` is (any spelling), or undefined for a public one or a host name. */
export function addressKind(address: string): AddressKind | undefined {
  const a = literalAddress(address);
  if (!a) return undefined;
  return isIP(a) === 6 ? classifyV6(a) : classifyV4(v4Number(a));
}

/** Names that always mean this host, whatever a resolver says. */
export function isLoopbackName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.+$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/** Whether `address` (an IP) lies in the CIDR range `net/bits`. */
export function inRange(address: string, net: string, bits: number): boolean {
  const a = literalAddress(address);
  const n = literalAddress(net);
  if (!a || !n || isIP(a) !== isIP(n)) return false;
  if (isIP(a) === 4) {
    const size = 2 ** (32 - bits);
    return Math.floor(v4Number(a) / size) === Math.floor(v4Number(n) / size);
  }
  const ga = v6Groups(a);
  const gn = v6Groups(n);
  for (let i = 0, left = bits; left > 0; i++, left -= 16) {
    const mask = left >= 16 ? 0xffff : (0xffff << (16 - left)) & 0xffff;
    if ((ga[i]! & mask) !== (gn[i]! & mask)) return false;
  }
  return true;
}
