/** Moved to the service kit (the realtime service reads the same sessions); re-exported for the gateway. */
export { createRedis, redisReady, withRedis } from '@gavel/service-kit';
