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
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError

# Seconds a command waits for a free connection before it fails like a Redis outage
# (which the consumers survive: games/layer_outage.py).
POOL_WAIT = 10

# A pooled connection outlives a Redis restart as a dead socket, and the first command
# sent on it fails with ConnectionError: once per idle connection, after every restart.
# One of those commands was the group_send of the first event after the outage, so a
# phone on another server never heard it (a fresh clone's CI, issue 22). A command that
# fails so is sent once more on the connection opened again; a Redis that is really
# away still fails (twice), and the consumers ride that out (games/layer_outage.py). A
# command sent twice is at worst an event heard twice, which phones skip by its seq.
RECONNECT_ONCE = Retry(NoBackoff(), 1, supported_errors=(RedisConnectionError,))


class CappedRedisChannelLayer(RedisChannelLayer):
    """channels-redis with a blocking pool of ``max_connections`` per host."""

    def create_pool(self, index: int) -> Any:
        host = dict(self.hosts[index])
        address = host.pop("address")
        wait = host.pop("pool_timeout", POOL_WAIT)
        return BlockingConnectionPool.from_url(address, timeout=wait, retry=RECONNECT_ONCE,
                                               **host)
