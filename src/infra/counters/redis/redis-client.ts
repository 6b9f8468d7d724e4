import type Redis from 'ioredis';
import type { Cluster } from 'ioredis';

/** A Redis connection: one node (single, sentinel) or a cluster. */
export type RedisClient = Redis | Cluster;
