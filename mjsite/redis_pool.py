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

The same class keeps a Redis outage quiet where channels-redis would not: see
:meth:`CappedRedisChannelLayer._clean_receive_backup`.
"""

from __future__ import annotations

from typing import Any

from channels_redis.core import RedisChannelLayer
from redis.asyncio import BlockingConnectionPool
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError

from games.layer_outage import LAYER_OUTAGE

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

    async def _clean_receive_backup(self, index: int, channel: str) -> None:
        # channels-redis fires this off as a task of its own after each message received,
        # to drop the message from the channel's in-flight backup, and never awaits it.
        # When Redis went away between the receive and this command, the task's
        # ConnectionError reached asyncio's "Task exception was never retrieved": a
        # traceback in the log beside the outage's one (test_quiet_outage.py, on a busy
        # machine, where that gap is long). The failure is the outage's to count. What it
        # leaves undone is harmless: a message still in the backup is handed out once
        # more on the next receive, and phones skip an event they have by its seq.
        try:
            await super()._clean_receive_backup(index, channel)
        except Exception:  # noqa: BLE001 - any layer failure is the outage, counted
            LAYER_OUTAGE.failed("could not clear a received message from the channel layer")
