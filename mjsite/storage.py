"""The static files' storage with debug off: WhiteNoise's compressed files under hashed
names, and the site's script modules naming each other by those hashed names.

Django's ManifestStaticFilesStorage rewrites the ``url()`` of a stylesheet, but leaves a
module's ``import {TableSocket} from "./sync.js";`` as it is unless told otherwise. The
table page loaded ``js/table.<hash>.js``, which imported ``js/sync.js`` by its plain name,
a name browsers keep: nginx (deploy/nginx.conf) serves every static file as immutable for
a year, WhiteNoise for a minute, and the service worker from its cache first. After a
release a reloaded page could run the new table.js with the old sync.js, and a page that
asks its reader to reload after a release (static/js/sync.js, common/build.py) would
have asked in vain.

Here each ``import ... from "./x.js";`` of the site's own modules (``js/*.js``) names
the hashed file, so an entry module's hash covers every module it runs: a release that
changes one gives its pages new names all the way down. Only the site's modules are
read: third-party scripts (the admin's, the API docs' bundles) hold no such imports, and
a pattern matched by chance in their text would name a file that does not exist and fail
``collectstatic``. An import this pattern misses (written in another form) is found by
``mjsite/tests/test_script_releases.py``.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage

# ``import <names> from "./x.js";`` at the start of a line (never in a comment), the
# names over several lines if need be; the template writes it back with the hashed name.
MODULE_IMPORT = (
    r"""(?m)(?P<matched>^import\s+(?P<names>[^;"']+?)\s+from\s+"(?P<url>\.{1,2}/[^"]+\.js)";)""",
    """import %(names)s from "%(url)s";""",
)


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    patterns = (*CompressedManifestStaticFilesStorage.patterns,
                ("js/*.js", (MODULE_IMPORT,)))
