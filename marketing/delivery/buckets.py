"""Token buckets in Redis for pacing sends (services/throttle.py decides the rates).

One Lua script takes a token from the sender's bucket and the receiving domain's bucket
and counts one message against the warm-up day, all or nothing: Redis runs a script
alone, so however many workers ask at once, no bucket gives out more than its rate and
burst, and no warm-up day more than its allowance. Time is Redis's own clock (`TIME`), so
workers with skewed clocks share one idea of when a bucket refills.

Keys (`<p>` is the deployment's CACHE_KEY_PREFIX; each key names its client's schema):

- `<p>:pace:<schema>:s:<sending domain>` and `<p>:pace:<schema>:d:<receiving domain>`:
  hashes {tokens, at}, expiring once they would be full again;
- `<p>:pace:<schema>:slow`: a hash of receiving domain -> "factor:at", the share of its
  rate a domain that answered 421/4.7.x gets (halved per answer, at most once per step),
  held DELIVERY_SLOW_DOWN_SECONDS after the last halving. One hash per client, so a run
  reads every slowed domain of its client in one call (HGETALL, once a second) and a
  message to a domain nothing limits costs no round trip;
- `<p>:pace:<schema>:warm:<sending domain>:<yyyy-mm-dd>`: messages of that warm-up day.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from django.conf import settings

from core.redis_store import key_prefix, redis_connection

_TAKE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local srate, drate = tonumber(ARGV[1]), tonumber(ARGV[2])
local burst_seconds = tonumber(ARGV[3])
local factor = 1
local slowed = redis.call('HGET', KEYS[3], ARGV[8])
if slowed then
  local f, at = string.match(slowed, '([^:]+):([^:]+)')
  if now - tonumber(at) < tonumber(ARGV[9]) then factor = tonumber(f) end
end
if factor < 1 then
  if drate <= 0 then drate = tonumber(ARGV[4]) end
  drate = math.max(tonumber(ARGV[5]), drate * factor)
end
local function burst(rate) return math.max(1, rate * burst_seconds) end
local function level(key, rate)
  local v = redis.call('HMGET', key, 'tokens', 'at')
  local tokens, at = tonumber(v[1]), tonumber(v[2])
  if tokens == nil then return burst(rate) end
  return math.min(burst(rate), tokens + math.max(0, now - at) * rate)
end
local allowance = tonumber(ARGV[6])
if allowance >= 0 and tonumber(redis.call('GET', KEYS[4]) or '0') >= allowance then
  return {3, 0}
end
local why, wait = 0, 0
local stokens, dtokens
if srate > 0 then
  stokens = level(KEYS[1], srate)
  if stokens < 1 then why, wait = 1, (1 - stokens) / srate end
end
if drate > 0 then
  dtokens = level(KEYS[2], drate)
  if dtokens < 1 and (1 - dtokens) / drate > wait then why, wait = 2, (1 - dtokens) / drate end
end
if why > 0 then return {why, math.ceil(wait * 1000)} end
if srate > 0 then
  redis.call('HSET', KEYS[1], 'tokens', tostring(stokens - 1), 'at', tostring(now))
  redis.call('EXPIRE', KEYS[1], math.ceil(burst(srate) / srate) + 60)
end
if drate > 0 then
  redis.call('HSET', KEYS[2], 'tokens', tostring(dtokens - 1), 'at', tostring(now))
  redis.call('EXPIRE', KEYS[2], math.ceil(burst(drate) / drate) + 60)
end
if allowance >= 0 then
  redis.call('INCR', KEYS[4])
  redis.call('EXPIRE', KEYS[4], tonumber(ARGV[7]))
end
return {0, 0}
"""

_SLOW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local step, hold = tonumber(ARGV[2]), tonumber(ARGV[3])
local factor, at = 1, 0
local slowed = redis.call('HGET', KEYS[1], ARGV[1])
if slowed then
  local f, a = string.match(slowed, '([^:]+):([^:]+)')
  if now - tonumber(a) < hold then factor, at = tonumber(f), tonumber(a) end
end
if now - at >= step then
  factor = math.max(1 / 1024, factor / 2)
  redis.call('HSET', KEYS[1], ARGV[1], tostring(factor) .. ':' .. tostring(now))
  redis.call('EXPIRE', KEYS[1], hold)
end
return tostring(factor)
"""


class Refusal(IntEnum):
    NONE = 0
    SENDER = 1  # the sending domain's bucket is empty
    DOMAIN = 2  # the receiving domain's bucket is empty
    WARMUP = 3  # the sending domain's warm-up day is used up


@dataclass(frozen=True)
class Verdict:
    refusal: Refusal
    wait_seconds: float  # when a token will be there (0 for WARMUP: tomorrow)

    @property
    def allowed(self) -> bool:
        return self.refusal == Refusal.NONE


def _prefix(schema: str) -> str:
    return f"{key_prefix()}:pace:{schema}"


def sender_key(schema: str, domain: str) -> str:
    return f"{_prefix(schema)}:s:{domain}"


def domain_key(schema: str, domain: str) -> str:
    return f"{_prefix(schema)}:d:{domain}"


def slow_key(schema: str) -> str:
    return f"{_prefix(schema)}:slow"


def warmup_key(schema: str, domain: str, day: str) -> str:
    return f"{_prefix(schema)}:warm:{domain}:{day}"


def take(
    *,
    schema: str,
    sender_domain: str,
    recipient_domain: str,
    sender_per_second: float,
    domain_per_second: float,
    warmup_day: str = "",
    warmup_allowance: int | None = None,
) -> Verdict:
    """One message from `sender_domain` to `recipient_domain`, now? Rates of 0 are no
    limit; `warmup_allowance` None is no warm-up cap."""
    script = _scripts()[0]
    refusal, wait_ms = script(
        keys=[
            sender_key(schema, sender_domain),
            domain_key(schema, recipient_domain),
            slow_key(schema),
            warmup_key(schema, sender_domain, warmup_day),
        ],
        args=[
            repr(float(sender_per_second)),
            repr(float(domain_per_second)),
            settings.DELIVERY_PACE_BURST_SECONDS,
            repr(settings.DELIVERY_SLOW_DOWN_START_PER_MINUTE / 60),
            repr(settings.DELIVERY_SLOW_DOWN_FLOOR_PER_MINUTE / 60),
            -1 if warmup_allowance is None else int(warmup_allowance),
            2 * 86400,
            recipient_domain,
            settings.DELIVERY_SLOW_DOWN_SECONDS,
        ],
    )
    return Verdict(Refusal(int(refusal)), int(wait_ms) / 1000)


def slow_down(*, schema: str, recipient_domain: str) -> float:
    """A receiver asked us to slow down: halve the domain's rate (at most once per step)
    for DELIVERY_SLOW_DOWN_SECONDS. Returns the share of its rate it now gets."""
    factor = _scripts()[1](
        keys=[slow_key(schema)],
        args=[
            recipient_domain,
            settings.DELIVERY_SLOW_DOWN_STEP_SECONDS,
            settings.DELIVERY_SLOW_DOWN_SECONDS,
        ],
    )
    return float(factor)


def slow_factors(*, schema: str) -> dict[str, float]:
    """The client's slowed receiving domains and the share of their rate each gets now
    (a domain not named gets its whole rate). Judged on this machine's clock, which only
    decides whether to ask the script; the script decides on Redis's."""
    client = redis_connection()
    now = float(client.time()[0])
    hold = settings.DELIVERY_SLOW_DOWN_SECONDS
    factors = {}
    for domain, value in client.hgetall(slow_key(schema)).items():
        factor, at = value.decode().split(":")
        if now - float(at) < hold:
            factors[domain.decode()] = float(factor)
    return factors


def warmup_used(*, schema: str, sender_domain: str, day: str) -> int:
    value = redis_connection().get(warmup_key(schema, sender_domain, day))
    return int(value or 0)


_registered: dict[int, tuple] = {}


def _scripts():
    """The two scripts, registered once per Redis client (EVALSHA, loaded on a miss)."""
    client = redis_connection()
    scripts = _registered.get(id(client))
    if scripts is None:
        scripts = (client.register_script(_TAKE), client.register_script(_SLOW))
        _registered[id(client)] = scripts
    return scripts
