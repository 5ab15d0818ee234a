"""Which release of the pages' scripts this process serves: a short name that the live
pages compare with the one they were loaded with.

A table page stays open for a whole evening and keeps running the scripts it loaded. When
the site is upgraded meanwhile, the page reconnects to a server whose messages its old
scripts may misread (a field gone, a meaning changed). The page is handed this name when
it loads (the table page's protocol block, :func:`games.messages.protocol`) and the socket
names it again in its first message; a page whose name differs asks its reader to reload
(static/js/sync.js).

The name is a digest of the contents of the site's own scripts (``js/*.js`` of the static
folders, as the staticfiles finders see them), taken once per process:

* it changes exactly when a script a page may run changes, whatever else a release
  touches, so nobody has to remember to bump a protocol number, and a release that only
  changes Python or templates asks nobody to reload (the scripts the pages run are the
  current ones, which the tests run against the current server);
* it is the same with debug on, where the scripts are served under their own names
  straight from the source folders, and off, where collectstatic copies those same files
  under hashed names (``mjsite.storage``): a hashed URL would say nothing in development
  and in the browser tests, which run with debug on;
* it is the same in every process of one release (two daphne instances behind nginx, the
  tests' live servers), since they read the same files.

A script edited under a running debug server is not seen until the server restarts, as
with the Python code.
"""

from __future__ import annotations

import hashlib
from functools import cache

from django.contrib.staticfiles import finders

SCRIPTS_PREFIX = "js/"
# Long enough that two releases never share one, short enough for every connect frame.
LENGTH = 12


def _scripts() -> dict[str, bytes]:
    """The site's scripts by static path; a path found twice is the first finder's file,
    the one collectstatic and WhiteNoise serve."""
    found: dict[str, bytes] = {}
    for finder in finders.get_finders():
        for path, storage in finder.list([]):
            name = path.replace("\\", "/")
            if name in found or not (name.startswith(SCRIPTS_PREFIX)
                                     and name.endswith(".js")):
                continue
            with storage.open(path) as handle:
                found[name] = handle.read()
    return found


@cache
def scripts_build() -> str:
    """The name of this process's scripts: the first LENGTH hex digits of a digest over
    each script's path and contents, in path order."""
    digest = hashlib.sha256()
    for name, content in sorted(_scripts().items()):
        digest.update(name.encode())
        digest.update(b"\0")
        digest.update(hashlib.sha256(content).digest())
    return digest.hexdigest()[:LENGTH]
