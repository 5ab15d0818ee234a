"""Backup and restore of a whole site: ``manage.py backup FILE`` / ``manage.py restore FILE``.

At the top of the layering (engine → scoring → games → clubs → backup): it reads every
app's models from Django's app registry, so it knows none of them by name (see
:mod:`backup.catalog`).
"""
