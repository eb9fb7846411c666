import proxyAddr from '@fastify/proxy-addr';

/**
 * Which peers may tell the gateway the client's address, protocol and host (X-Forwarded-*): none, every
 * peer, or the proxies' addresses and ranges. Trusting every peer lets a client that reaches the gateway
 * directly name its own address and so dodge the per-address rate limits; behind an ingress, list it.
 */
export type TrustProxy = boolean | string[];

const WORDS: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  false: false,
  '0': false,
  no: false,
};

/**
 * `true`/`false` (or 1/0, yes/no), or comma-separated addresses, CIDR ranges and the names loopback,
 * linklocal and uniquelocal. Throws on an entry that is none of these.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const word = WORDS[value.trim().toLowerCase()];
  if (word !== undefined) return word;
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('no address given');
  proxyAddr.compile(entries); // throws on an invalid address or range
  return entries;
}

/** Whether a direct peer at `address` is a trusted proxy. */
export function peerTrust(trust: TrustProxy): (address: string | undefined) => boolean {
  if (typeof trust === 'boolean') return () => trust;
  const trusted = proxyAddr.compile(trust);
  return (address) => address !== undefined && trusted(address, 0);
}
