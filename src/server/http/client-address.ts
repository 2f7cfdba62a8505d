import proxyaddr from '@fastify/proxy-addr';

// Behind a load balancer every connection comes from the balancer, so limits counted per address
// (sign-in throttles) would count every learner as one. The address a trusted proxy saw is taken
// from X-Forwarded-For, and only the one hop it appended: entries further left are whatever the
// client sent and are never believed. Deny by default: with no trusted proxies configured, the
// connection's own address is the client's. Both servers hand this to Fastify (trustProxy), so
// request.ip is that address.

/** Whether the connection's peer is a proxy whose X-Forwarded-For entry is believed. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * From TRUSTED_PROXIES (addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`): trusts
 * the first hop only, and only when it is one of them. Throws on a malformed entry.
 */
export function proxyTrust(proxies: string[]): ProxyTrust {
  if (proxies.length === 0) return () => false;
  const trusted = proxyaddr.compile(proxies);
  return (address, hop) => hop === 0 && trusted(address, hop);
}
