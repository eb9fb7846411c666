/** Moved to the service kit (the realtime service resolves tenants the same way); re-exported here. */
export { parseHost, parseHostAndPort, TenantResolver, type TenantResolverOptions } from '@gavel/service-kit';
