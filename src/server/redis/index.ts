/** The Redis feature's public surface: the shared connection (REDIS_URL) and better-auth's secondary storage on it. */
export {
  connectRedis,
  redactRedisUrl,
  RedisUnavailableError,
  REDIS_UNAVAILABLE_MESSAGE,
  type RedisHandle,
} from './client';
export { purgeUserFromAuthStore, redisSecondaryStorage } from './secondary-storage';
