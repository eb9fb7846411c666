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

/** Where the once-only warning goes: the gateway's logger (pino's `warn(fields, message)`). */
export type WarnLog = (fields: { peer: string | undefined; setting: 'TRUST_PROXY' }, message: string) => void;

/**
 * Notices a request from a peer outside TRUST_PROXY that carries X-Forwarded-For: its forwarded addresses
 * are ignored (the default, so that a client cannot name its own address), and the peer counts as the
 * client. Behind a proxy missing from TRUST_PROXY that makes every user one client, sharing the per-address
 * rate limits (sign-ins at a convention would soon be refused), so it warns, naming the peer and the
 * setting: once per gateway (one per process), since its configuration does not change and every request
 * would repeat it.
 */
export function untrustedForwardingWarning(
  trust: TrustProxy,
  warn: WarnLog,
): (peer: string | undefined, forwardedFor: string | string[] | undefined) => void {
  const trusts = peerTrust(trust);
  let warned = false;
  return (peer, forwardedFor) => {
    if (warned || forwardedFor === undefined || trusts(peer)) return;
    warned = true;
    warn(
      { peer, setting: 'TRUST_PROXY' },
      'X-Forwarded-For from a peer not in TRUST_PROXY is ignored: every client behind that peer is taken to ' +
        'be at its address, and shares its rate limits. If it is your ingress or load balancer, add its ' +
        'address or range to TRUST_PROXY (this warning is given once)',
    );
  };
}
