import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// A webhook's URL is chosen by a project lead and fetched by this server: without a check it
// would let them reach what only the server can (SSRF: the metadata service at 169.254.169.254,
// a database on 10.x, the server's own loopback). The host is resolved once; every address it
// resolves to must be public, and the connection is then made to the checked address (pinned),
// so a DNS answer that changes between the check and the request (DNS rebinding) gains nothing.

/**
 * Addresses no webhook may reach (IANA special-purpose registries). Node's BlockList also
 * matches an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) against the IPv4 ranges, and any
 * IPv4 address against an IPv6 range of `::ffff:0:0/96`: so that range is never listed here
 * (it would refuse every IPv4 address); its addresses are checked as the IPv4 they carry.
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 (unspecified)
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 (broadcast)
] as const)
  refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified (::), loopback (::1) and the deprecated IPv4-compatible form (::127.0.0.1)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['64:ff9b:1::', 48], // local-use NAT64: where its IPv4 address sits is the network's choice
  ['2001::', 32], // Teredo: its IPv4 addresses are obfuscated (and the tunnel long dead)
] as const)
  refused.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a valid one: `isIP` said so), `::` and a trailing dotted quad expanded. */
function groupsOf(address: string): number[] {
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = quad
    ? `${address.slice(0, quad.index)}${(+quad[1]! * 256 + +quad[2]!).toString(16)}:${(+quad[3]! * 256 + +quad[4]!).toString(16)}`
    : address;
  const [head, tail] = hex.split('::').map((part) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []));
  return tail ? [...head!, ...Array<number>(8 - head!.length - tail.length).fill(0), ...tail] : head!;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
const rangeOf = (network: string, prefix: number) => {
  const range = new BlockList();
  range.addSubnet(network, prefix, 'ipv6');
  return range;
};

/**
 * IPv6 ranges a connection to which ends at an IPv4 address the IPv6 one carries: checked as
 * that IPv4 address, so `64:ff9b::169.254.169.254` is the metadata service and `64:ff9b::8.8.8.8`
 * a public host (on an IPv6-only network with DNS64 every IPv4-only host resolves into NAT64's
 * prefix: refusing it whole would refuse them all).
 */
const carriers = [
  // IPv4-mapped (::ffff:a.b.c.d): the socket connects to a.b.c.d itself.
  { range: rangeOf('::ffff:0:0', 96), ipv4: (g: number[]) => ipv4Of(g[6]!, g[7]!) },
  // NAT64's well-known prefix: the translator connects to the last 32 bits.
  { range: rangeOf('64:ff9b::', 96), ipv4: (g: number[]) => ipv4Of(g[6]!, g[7]!) },
  // 6to4: a relay tunnels to the IPv4 address that follows the prefix.
  { range: rangeOf('2002::', 16), ipv4: (g: number[]) => ipv4Of(g[1]!, g[2]!) },
];

/** Whether a webhook may connect to this address (an IPv4 or IPv6 literal). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !refused.check(address, 'ipv4');
  if (refused.check(address, 'ipv6')) return false;
  const carrier = carriers.find(({ range }) => range.check(address, 'ipv6'));
  return !carrier || !refused.check(carrier.ipv4(groupsOf(address)), 'ipv4');
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export type TargetCheck =
  { ok: true; url: URL; pinned: ResolvedAddress } | { ok: false; reason: 'refused' | 'unresolved' };

export type TargetPolicy = {
  /** WEBHOOK_ALLOW_PRIVATE: private and loopback targets allowed (tests, a closed network). */
  allowPrivate: boolean;
  resolve?: Resolver;
};

/**
 * The address a delivery to `url` connects to: the first the host resolves to, when every one
 * of them is public (one private answer among public ones is still refused: which one a client
 * picks is not ours to know). An IP literal is checked as it is.
 */
export async function checkTarget(
  url: string,
  { allowPrivate, resolve = systemResolver }: TargetPolicy,
): Promise<TargetCheck> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: 'unresolved' };
    }
  }
  if (!addresses.length) return { ok: false, reason: 'unresolved' };
  if (!allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) return { ok: false, reason: 'refused' };
  return { ok: true, url: parsed, pinned: addresses[0]! };
}
