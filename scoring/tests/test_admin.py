"""The ruleset configuration admin: a form generated from the engine's option schema."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from scoring import registry
from scoring.engine.options import options_schema
from scoring.forms import RulesetConfigForm
from scoring.models import RulesetConfig

pytestmark = pytest.mark.django_db


def form_for(ruleset: str, data: dict[str, Any] | None = None,
             instance: RulesetConfig | None = None) -> RulesetConfigForm:
    cls = type("F", (RulesetConfigForm,), {"ruleset_name": ruleset})
    return cls(data=data, instance=instance)


def post_data(form: RulesetConfigForm, **changes: Any) -> dict[str, Any]:
    """What a browser would submit for the form as shown, with ``changes``."""
    data: dict[str, Any] = {"name": "Club rules", "ruleset": form.ruleset.name, "preset": "",
                            "description": ""}
    for name, field in form.fields.items():
        if name.startswith("opt_"):
            value = field.initial
            if isinstance(value, bool):
                if value:
                    data[name] = "on"
            elif isinstance(value, list):
                data[name] = value if hasattr(field, "choices") else ", ".join(map(str, value))
            elif value is not None:
                data[name] = str(value)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


@pytest.mark.parametrize("ruleset", registry.usable())
def test_every_option_has_a_field_with_label_help_and_initial_default(ruleset):
    form = form_for(ruleset)
    for spec in options_schema(registry.get(ruleset).options_class):
        field = form.fields["opt_" + spec["name"]]
        assert field.label == spec["label"] and field.help_text == spec["help"]
        assert field.initial == spec["default"]


def test_field_kinds_follow_the_option_types():
    form = form_for("riichi")
    fields = form.fields
    assert type(fields["opt_kuitan"]).__name__ == "BooleanField"
    assert [c for c, _ in fields["opt_kazoe_limit"].choices] == \
        list(next(s for s in form.schema if s["name"] == "kazoe_limit")["choices"])
    start = fields["opt_start_points"]
    assert type(start).__name__ == "IntegerField" and start.min_value == 0
    assert type(fields["opt_pao_yakuman"]).__name__ == "TypedMultipleChoiceField"
    assert type(fields["opt_uma"]).__name__ == "ListField"


@pytest.mark.parametrize("ruleset", registry.usable())
def test_submitting_the_defaults_saves_no_overrides(ruleset):
    form = form_for(ruleset)
    bound = form_for(ruleset, post_data(form))
    assert bound.is_valid(), bound.errors
    config = bound.save()
    assert config.ruleset == ruleset and config.options == {}


def test_changed_options_are_saved_as_overrides_of_the_preset():
    form = form_for("riichi")
    data = post_data(form, preset="tenhou", opt_kiriage="on", opt_uma="15000, 5000, -5000, -15000",
                     opt_red_fives="3")
    bound = form_for("riichi", data)
    assert bound.is_valid(), bound.errors
    config = bound.save()
    assert config.preset == "tenhou"
    # red_fives 3 is the preset's own value, so only the real changes are stored.
    assert config.options["kiriage"] is True
    assert config.options["uma"] == [15000, 5000, -5000, -15000]
    assert "red_fives" not in config.options


def test_number_out_of_range_is_refused_on_its_field():
    form = form_for("riichi")
    bound = form_for("riichi", post_data(form, opt_start_points="-5"))
    assert not bound.is_valid()
    assert "opt_start_points" in bound.errors


def test_invalid_combination_is_refused_with_the_engine_message():
    form = form_for("riichi")
    bound = form_for("riichi", post_data(form, opt_start_points="40000",
                                         opt_return_points="30000"))
    assert not bound.is_valid()
    errors = " ".join(str(e) for e in bound.errors.values())
    assert "return_points" in errors and "start_points" in errors


def test_list_of_numbers_rejects_text():
    form = form_for("riichi")
    bound = form_for("riichi", post_data(form, opt_uma="a, b"))
    assert not bound.is_valid()
    assert "opt_uma" in bound.errors


def test_editing_an_existing_config_shows_its_effective_values():
    config = RulesetConfig.objects.create(name="Club", ruleset="riichi", preset="tenhou",
                                          options={"kiriage": True})
    form = form_for("", instance=config)
    assert form.ruleset.name == "riichi"
    assert form.fields["opt_kiriage"].initial is True
    assert form.fields["opt_red_fives"].initial == 3


@pytest.fixture
def staff_client(client, django_user_model):
    admin_user = django_user_model.objects.create(username="root", is_staff=True,
                                                  is_superuser=True)
    client.force_login(admin_user)
    return client


def test_admin_add_page_renders_the_options_of_the_chosen_ruleset(staff_client):
    url = reverse("admin:scoring_rulesetconfig_add")
    page = staff_client.get(url + "?ruleset=sichuan").content.decode()
    assert 'name="opt_cap_fan"' in page and 'name="opt_kuitan"' not in page
    page = staff_client.get(url + "?ruleset=riichi").content.decode()
    assert 'name="opt_kuitan"' in page


def test_admin_add_saves_a_config_and_refuses_a_bad_one(staff_client):
    url = reverse("admin:scoring_rulesetconfig_add") + "?ruleset=riichi"
    data = post_data(form_for("riichi"), name="Admin rules", opt_kiriage="on")
    response = staff_client.post(url, data)
    assert response.status_code == 302
    assert RulesetConfig.objects.get(name="Admin rules").options == {"kiriage": True}
    bad = post_data(form_for("riichi"), name="Bad rules", opt_start_points="40000",
                    opt_return_points="30000")
    response = staff_client.post(url, bad)
    assert response.status_code == 200
    assert "return_points" in response.content.decode()
    assert not RulesetConfig.objects.filter(name="Bad rules").exists()


def test_admin_change_page_and_list_render(staff_client):
    config = RulesetConfig.objects.filter(ruleset="riichi", preset="tenhou").first()
    page = staff_client.get(reverse("admin:scoring_rulesetconfig_change", args=[config.pk]))
    assert page.status_code == 200 and 'name="opt_red_fives"' in page.content.decode()
    listing = staff_client.get(reverse("admin:scoring_rulesetconfig_changelist") + "?q=tenhou")
    assert listing.status_code == 200 and config.name in listing.content.decode()


def test_admin_change_form_shows_option_labels_and_help_in_the_readers_language(staff_client):
    config = RulesetConfig.objects.filter(ruleset="riichi", preset="tenhou").first()
    url = reverse("admin:scoring_rulesetconfig_change", args=[config.pk])
    spec = next(s for s in options_schema(registry.get("riichi").options_class)
                if s["name"] == "kuitan")
    with translation.override("ja"):
        label, help_text = translation.gettext(spec["label"]), translation.gettext(spec["help"])
    assert label != spec["label"] and help_text != spec["help"]
    page = staff_client.get(url, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert escape(label) in page and escape(help_text) in page
    assert escape(spec["label"]) not in page
    english = staff_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert escape(spec["label"]) in english and escape(label) not in english


def test_admin_add_form_frame_is_in_the_readers_language(staff_client):
    url = reverse("admin:scoring_rulesetconfig_add") + "?ruleset=riichi"
    texts = ["(the ruleset's defaults)",
             "Effective values; only those that differ from the preset are stored."]
    with translation.override("ja"):
        translated = [translation.gettext(t) for t in texts]
        intro = translation.gettext(
            "Options below are those of {ruleset}. Another ruleset: {links}")
    assert all(t != e for t, e in zip(translated, texts, strict=True))
    page = staff_client.get(url, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert all(escape(t) in page for t in translated)
    assert escape(intro.split("{ruleset}")[0]) in page
    assert not any(escape(e) in page for e in texts)


def add_page_post(staff_client: Any, shown: str, **changes: Any) -> Any:
    """The add page's form as a browser sends it after the preset select refilled the
    fields with ``shown``'s values."""
    form = form_for("riichi")
    data = post_data(form, preset=shown, shown_preset=shown)
    for name, value in registry.get("riichi").resolve(shown).items():
        key = "opt_" + name
        if isinstance(value, bool):
            data.pop(key, None)
            if value:
                data[key] = "on"
        elif isinstance(value, list):
            data[key] = value if hasattr(form.fields[key], "choices") else \
                ", ".join(map(str, value))
        else:
            data[key] = "" if value is None else str(value)
    data.update(changes)
    url = reverse("admin:scoring_rulesetconfig_add") + "?ruleset=riichi"
    return staff_client.post(url, data)


def test_admin_saving_mleague_untouched_stores_no_overrides(staff_client):
    answer = add_page_post(staff_client, "mleague", name="Our M-League")
    assert answer.status_code == 302
    assert RulesetConfig.objects.get(name="Our M-League").options == {}


def test_admin_saving_mleague_with_one_edit_stores_only_that_edit(staff_client):
    answer = add_page_post(staff_client, "mleague", name="M-League, triple ron",
                           opt_multi_ron="triple")
    assert answer.status_code == 302
    assert RulesetConfig.objects.get(name="M-League, triple ron").options == \
        {"multi_ron": "triple"}


def test_admin_preset_chosen_without_refill_keeps_only_the_edited_fields(staff_client):
    # No script: the fields still show the ruleset's defaults while M-League is chosen.
    answer = add_page_post(staff_client, "", name="No script", preset="mleague",
                           opt_multi_ron="triple")
    assert answer.status_code == 302
    assert RulesetConfig.objects.get(name="No script").options == {"multi_ron": "triple"}


def test_admin_preset_select_carries_every_presets_values(staff_client):
    page = staff_client.get(reverse("admin:scoring_rulesetconfig_add") + "?ruleset=riichi")
    html = page.content.decode()
    assert "js/ruleset_admin.js" in html and 'name="shown_preset"' in html
    form = page.context["adminform"].form
    values = json.loads(form.fields["preset"].widget.attrs["data-values"])
    assert values["mleague"]["opt_multi_ron"] == "head_bump"


def test_admin_shows_option_and_choice_labels_not_keys(staff_client):
    config = RulesetConfig.objects.create(name="House", ruleset="riichi", preset="mleague",
                                          options={"multi_ron": "triple",
                                                   "double_yakuman_hands": ["kokushi_13"]})
    change = staff_client.get(reverse("admin:scoring_rulesetconfig_change", args=[config.pk]))
    html = change.content.decode()
    assert ">Head bump: the first winner only</option>" in html
    assert "Thirteen orphans, 13-sided wait" in html
    assert ">head_bump<" not in html and "double_yakuman_hands&#x27;" not in html
    # The stored differences, by label, on the change page and in the list.
    assert "<li>Multiple ron: Every winner is paid</li>" in html
    listing = staff_client.get(reverse("admin:scoring_rulesetconfig_changelist") + "?q=House")
    text = listing.content.decode()
    assert "<li>Multiple ron: Every winner is paid</li>" in text
    assert "Hands that count double: Thirteen orphans, 13-sided wait" in text
    with translation.override("ja"):
        label = translation.gettext("Head bump: the first winner only")
    japanese = staff_client.get(reverse("admin:scoring_rulesetconfig_change", args=[config.pk]),
                                HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert escape(label) in japanese and "Head bump" not in japanese


def test_view_only_staff_read_a_configuration_and_how_it_differs_from_its_preset():
    # Issue 24: the change page was a 500 for staff who may only view.
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Permission
    from django.test import Client

    config = RulesetConfig.objects.create(name="Club rules", ruleset="riichi", preset="ema",
                                          options={"kiriage_mangan": True})
    viewer = get_user_model().objects.create(username="viewer", is_staff=True)
    viewer.user_permissions.set(Permission.objects.filter(codename="view_rulesetconfig"))
    staff = Client()
    staff.force_login(viewer)
    page = staff.get(reverse("admin:scoring_rulesetconfig_change", args=[config.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Club rules" in html and 'name="opt_' not in html and 'name="name"' not in html
    # The ruleset and preset by their titles, not their keys.
    riichi = registry.get("riichi")
    assert str(riichi.short_title) in html and str(riichi.presets["ema"]["title"]) in html
    # The stored override, by its label, as the list's "Differs from preset" shows it.
    assert differences_html_for(config) in html
    assert staff.get(reverse("admin:scoring_rulesetconfig_changelist")).status_code == 200


def differences_html_for(config: RulesetConfig) -> str:
    from scoring.option_text import differences_html

    return str(differences_html(config.ruleset, config.preset, config.options))
