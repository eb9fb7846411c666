/** Moved to the service kit (the realtime service caches the same lookups); re-exported for the gateway. */
export { TtlCache } from '@gavel/service-kit';
