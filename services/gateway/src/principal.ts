/** Moved to the service kit (the realtime service resolves principals the same way); re-exported here. */
export { PrincipalResolver, type PrincipalResolverOptions } from '@gavel/service-kit';
