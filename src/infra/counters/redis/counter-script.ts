/**
 * One atomic round trip per decision: INCRBY every key, and set the TTL when the increment created
 * the key (count == hits). Keys embed their window start, so a TTL set on creation always outlives
 * the window; re-setting it on every hit (as upstream does) would only cost a second command.
 * ARGV holds hits and TTL pairs in key order.
 */
export const INCREMENT_COUNTERS_LUA = `
local counts = {}
for i, key in ipairs(KEYS) do
  local hits = tonumber(ARGV[i * 2 - 1])
  local count = redis.call('INCRBY', key, hits)
  if count == hits then
    redis.call('EXPIRE', key, ARGV[i * 2])
  end
  counts[i] = count
end
return counts
`;

/** The commands the script definitions add to an ioredis client. */
export interface CounterCommands {
  /** Variable key count: `incrementCounters(numKeys, ...keys, ...hitsAndTtls)`. */
  incrementCounters(numKeys: number, ...args: (string | number)[]): Promise<number[]>;
}

export const COUNTER_SCRIPTS = {
  incrementCounters: { lua: INCREMENT_COUNTERS_LUA },
};
