/**
 * One atomic round trip for every counter of a batch, whatever its algorithm. ARGV holds one
 * group per counter, in key order:
 * - `f hits ttl` (fixed window): INCRBY, and the TTL when the increment created the key (count ==
 *   hits). Keys embed their window start, so a TTL set on creation always outlives the window;
 *   re-setting it on every hit (as upstream does) would only cost a second command.
 * - `s hits ttl` (sliding window): the same on the current window's key, then GET of the previous
 *   window's key (the next KEYS entry).
 * - `t hits capacity refillPerMs nowMs ttl` (token bucket): refill from the stored tokens and
 *   time (a hash: t, u), take the hits when they are there. Time is the service's, passed in.
 * - `d hits capacity refillPerMs nowMs ttl` (token bucket debit, the write-behind cache's flush):
 *   the same refill, then take the hits whatever is there (the tokens may go below zero); gives
 *   the tokens before and after, in thousandths.
 * Results follow `resultSlots`: a count; a count and the previous count; taken (1/0) and the tokens
 * left in thousandths (Lua numbers come back as integers).
 */
export const INCREMENT_COUNTERS_LUA = `
local out = {}
local k = 1
local a = 1
while a <= #ARGV do
  local kind = ARGV[a]
  local hits = tonumber(ARGV[a + 1])
  if kind == 't' or kind == 'd' then
    local capacity = tonumber(ARGV[a + 2])
    local rate = tonumber(ARGV[a + 3])
    local now = tonumber(ARGV[a + 4])
    local state = redis.call('HMGET', KEYS[k], 't', 'u')
    local tokens = capacity
    if state[1] then
      tokens = math.min(capacity, tonumber(state[1]) + math.max(0, now - tonumber(state[2])) * rate)
    end
    if kind == 'd' then
      out[#out + 1] = math.floor(tokens * 1000)
      if hits > 0 then
        tokens = tokens - hits
        redis.call('HSET', KEYS[k], 't', tostring(tokens), 'u', ARGV[a + 4])
        redis.call('EXPIRE', KEYS[k], ARGV[a + 5])
      end
    else
      local taken = 0
      if hits <= tokens then
        taken = 1
        if hits > 0 then
          tokens = tokens - hits
          redis.call('HSET', KEYS[k], 't', tostring(tokens), 'u', ARGV[a + 4])
          redis.call('EXPIRE', KEYS[k], ARGV[a + 5])
        end
      end
      out[#out + 1] = taken
    end
    out[#out + 1] = math.floor(tokens * 1000)
    k = k + 1
    a = a + 6
  else
    local count = redis.call('INCRBY', KEYS[k], hits)
    if count == hits then
      redis.call('EXPIRE', KEYS[k], ARGV[a + 2])
    end
    out[#out + 1] = count
    k = k + 1
    if kind == 's' then
      out[#out + 1] = tonumber(redis.call('GET', KEYS[k]) or '0')
      k = k + 1
    end
    a = a + 3
  end
end
return out
`;

/** The commands the script definitions add to an ioredis client. */
export interface CounterCommands {
  /** Variable key count: `incrementCounters(numKeys, ...keys, ...argumentGroups)`. */
  incrementCounters(numKeys: number, ...args: (string | number)[]): Promise<number[]>;
}

export const COUNTER_SCRIPTS = {
  incrementCounters: { lua: INCREMENT_COUNTERS_LUA },
};
