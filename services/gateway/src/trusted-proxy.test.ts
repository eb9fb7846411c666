import { describe, expect, it } from 'vitest';
import {
  parseTrustProxy,
  type TrustProxy,
  untrustedForwardingWarning,
  type WarnLog,
} from './trusted-proxy.js';

function watch(trust: TrustProxy) {
  const warnings: Parameters<WarnLog>[] = [];
  const notice = untrustedForwardingWarning(trust, (fields, message) => warnings.push([fields, message]));
  return { notice, warnings };
}

describe('untrustedForwardingWarning', () => {
  it('warns once, naming the peer and TRUST_PROXY, when a peer outside it forwards a client address', () => {
    const { notice, warnings } = watch(parseTrustProxy('10.0.0.0/8'));
    notice('192.168.4.7', undefined); // no X-Forwarded-For: nothing to say
    notice('10.1.2.3', '203.0.113.9'); // a trusted proxy
    expect(warnings).toEqual([]);
    notice('192.168.4.7', '203.0.113.9');
    notice('192.168.4.7', '203.0.113.10');
    notice('172.16.0.5', ['203.0.113.11']);
    expect(warnings).toHaveLength(1);
    const [fields, message] = warnings[0] as Parameters<WarnLog>;
    expect(fields).toEqual({ peer: '192.168.4.7', setting: 'TRUST_PROXY' });
    expect(message).toMatch(/not in TRUST_PROXY is ignored/);
  });

  it('says nothing when every peer is trusted, and warns at the first forwarded request when none is', () => {
    const trusting = watch(true);
    trusting.notice('198.51.100.1', '203.0.113.9');
    expect(trusting.warnings).toEqual([]);
    const distrusting = watch(false);
    distrusting.notice('127.0.0.1', '203.0.113.9');
    expect(distrusting.warnings.map(([fields]) => fields.peer)).toEqual(['127.0.0.1']);
  });

  it('counts an IPv4-mapped IPv6 peer in a trusted IPv4 range as trusted', () => {
    const { notice, warnings } = watch(parseTrustProxy('10.0.0.0/8'));
    notice('::ffff:10.1.2.3', '203.0.113.9');
    expect(warnings).toEqual([]);
  });
});
