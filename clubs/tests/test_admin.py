"""The admin lists and opens every clubs model for staff."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Evening, Group, Stake, TableLink

from .helpers import evening_of_two

pytestmark = pytest.mark.django_db


def test_staff_open_every_clubs_admin_page(admin_client: Client) -> None:
    evening_of_two()
    for model in (Group, Evening, TableLink, Stake):
        meta = model._meta
        listing = admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))
        assert listing.status_code == 200, meta.model_name
        first = model.objects.first()
        change = admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_change",
                                          args=[first.pk]))
        assert change.status_code == 200, meta.model_name
