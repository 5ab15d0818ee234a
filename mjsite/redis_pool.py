"""Redis connection pools with a ceiling (issue 24, finding 7).

redis-py's pools open a connection whenever every open one is busy and never close the
idle ones: five hundred phones joining a table at once left a daphne process holding
~500 idle Redis connections after they had all gone, and under the systemd unit's
default limit of 1,024 open files one in four of the next phones could not connect. A
*blocking* pool keeps at most ``MJ_REDIS_MAX_CONNECTIONS`` per process and makes a burst
wait (milliseconds: each command is short) for a free connection instead of opening more,
or raising "Too many connections" as a plain pool at its maximum does.

The channel layer takes the pool through :class:`CappedRedisChannelLayer`; the cache
through Django's ``pool_class`` option (:func:`mjsite.settings.caches_for`).
"""

from __future__ import annotations

from typing import Any

from channels_redis.core import RedisChannelLayer
from redis.asyncio import BlockingConnectionPool

# Seconds a command waits for a free connection before it fails like a Redis outage
# (which the consumers survive: games/layer_outage.py).
POOL_WAIT = 10


class CappedRedisChannelLayer(RedisChannelLayer):
    """channels-redis with a blocking pool of ``max_connections`` per host."""

    def create_pool(self, index: int) -> Any:
        host = dict(self.hosts[index])
        address = host.pop("address")
        wait = host.pop("pool_timeout", POOL_WAIT)
        return BlockingConnectionPool.from_url(address, timeout=wait, **host)
