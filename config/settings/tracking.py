"""Open and click tracking (marketing/tracking)."""

from config.settings.env import env

# How long a send's links stay in the endpoints' Redis cache (a miss reads the database
# once and refills it).
TRACKING_LINK_CACHE_SECONDS = env.int("TRACKING_LINK_CACHE_SECONDS", default=30 * 86400)
# A click this soon after its message was built is a scanner's (marketing/tracking/machines.py).
TRACKING_CLICK_TOO_SOON_SECONDS = env.int("TRACKING_CLICK_TOO_SOON_SECONDS", default=10)
# The batch writer takes this many queued events at a time, and runs this long at most.
TRACKING_FLUSH_BATCH = env.int("TRACKING_FLUSH_BATCH", default=2000)
TRACKING_FLUSH_SECONDS = env.int("TRACKING_FLUSH_SECONDS", default=40)
# Each web process queues its events in Redis in batches of this many, and none waits longer
# than this many seconds (marketing/tracking/outbox.py); 1 pushes every event at once.
TRACKING_PUSH_BATCH = env.int("TRACKING_PUSH_BATCH", default=64)
TRACKING_PUSH_SECONDS = env.float("TRACKING_PUSH_SECONDS", default=0.25)
# A client's part of a batch that fails this many writes is set aside (tenants'
# SetAsideBatch, in the operators' admin) so the writer goes on with everyone else's.
TRACKING_FLUSH_ATTEMPTS = env.int("TRACKING_FLUSH_ATTEMPTS", default=5)
# A campaign report warns that its opens and clicks are behind when events wait and the
# last successful write is older than this.
TRACKING_STALE_SECONDS = env.int("TRACKING_STALE_SECONDS", default=120)
