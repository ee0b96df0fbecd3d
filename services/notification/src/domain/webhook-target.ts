import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// A webhook's URL is chosen by a project lead and fetched by this server: without a check it
// would let them reach what only the server can (SSRF: the metadata service at 169.254.169.254,
// a database on 10.x, the server's own loopback). The host is resolved once; every address it
// resolves to must be public, and the connection is then made to the checked address (pinned),
// so a DNS answer that changes between the check and the request (DNS rebinding) gains nothing.

/**
 * Addresses no webhook may reach (IANA special-purpose registries). Node's BlockList also
 * matches an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) against the IPv4 ranges.
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
] as const)
  refused.addSubnet(network, prefix, 'ipv6');

/** Whether a webhook may connect to this address (an IPv4 or IPv6 literal). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
