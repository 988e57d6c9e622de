/**
 * One atomic round trip per counted request. INCRBY creates the counter at 0 + cost if it is new;
 * a counter without an expiry gets one at the end of its window, so no key is ever left without a
 * TTL (PEXPIREAT with a time already past deletes it at once, which is also right).
 *
 * KEYS[1] = counter key, ARGV[1] = cost (0 or 1), ARGV[2] = window end in epoch milliseconds.
 */
export const CONSUME_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
end
return count
`;
