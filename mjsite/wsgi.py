"""WSGI entry point. mjsite is served with daphne (ASGI, see asgi.py); this one has no
websockets and exists for tools that only speak WSGI."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjsite.settings")

application = get_wsgi_application()
