"""The trial area's sign-up on the public host (tenants/trial.py, api_trial.py): sign up,
confirm the emailed link (signed, expiring, one use), choose the free trial, watch the
workspace's steps. Enumeration-safe, limited per address and IP, public host only."""

import json
import re
import statistics
import time

import pytest
from django.core import mail, signing
from django.test import Client as HttpClient

from tenants.models import Membership, Plan, Role, SignUp, User
from tenants.tasks import provision, trial_mail_send_task

HOST = "localhost"
GOOD = {
    "email": "Grace@Newco.example",
    "firstName": "Grace",
    "lastName": "Hopper",
    "password": "violet-harbour-1906",
    "companyName": "Newco Labs",
    "website": "https://newco.example",
    "companySize": "11-50",
    "country": "US",
    "timeZone": "Europe/Paris",
    "termsAccepted": True,
}


@pytest.fixture(autouse=True)
def _mail_kept(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def public(tenants, db) -> HttpClient:
    return HttpClient(HTTP_HOST=HOST)


def _post(client, path, body, **extra):
    return client.post(f"/api/trial/{path}", body, content_type="application/json", **extra)


def _signed_up(client, **changes) -> SignUp:
    answer = _post(client, "signup", {**GOOD, **changes})
    assert answer.status_code == 202, answer.content
    sign_up = SignUp.objects.latest("pk")
    trial_mail_send_task.apply(args=[sign_up.pk]).get()
    return sign_up


def _link_token() -> str:
    return re.search(r"activationsuccess\?token=(\S+)", mail.outbox[-1].body).group(1)


def test_sign_up_confirm_choose_the_free_trial_and_land_as_admin(public):
    sign_up = _signed_up(public)
    assert sign_up.email == "grace@newco.example" and sign_up.password.startswith("argon2")
    assert mail.outbox[-1].to == ["grace@newco.example"]
    assert mail.outbox[-1].subject == "Confirm your email address"

    answer = _post(public, "confirm", {"token": _link_token()})
    assert answer.status_code == 200
    assert answer.json() == {
        "email": "grace@newco.example",
        "firstName": "Grace",
        "companyName": "Newco Labs",
    }
    plans = public.get("/api/trial/plans").json()
    assert [(p["name"], p["freeTrial"]) for p in plans] == [("Free trial", True)]
    assert plans[0]["limits"]["Contacts"] == 500

    started = _post(public, "plan", {"planId": plans[0]["id"]}).json()
    assert started["status"] == "pending" and started["appUrl"] is None
    assert [s["done"] for s in started["steps"]] == [False] * len(started["steps"])

    provision.apply(args=[SignUp.objects.get(pk=sign_up.pk).provisioning_id]).get()
    setup = public.get("/api/trial/setup").json()
    assert setup["status"] == "done" and all(step["done"] for step in setup["steps"])
    host = setup["appUrl"].removeprefix("//").removesuffix("/trial/login")
    assert re.fullmatch(r"newco-labs-[0-9a-f]{6}\.localhost", host)
    user = User.objects.get(email="grace@newco.example")
    assert Membership.objects.get(user=user).role == Role.ADMIN
    assert Membership.objects.get(user=user).client.time_zone == "Europe/Paris"
    signed = HttpClient(HTTP_HOST=host).post(
        "/api/auth/login",
        {"email": "grace@newco.example", "password": GOOD["password"]},
        content_type="application/json",
    )
    assert signed.status_code == 200


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"email": "not-an-address"}, "email"),
        ({"password": "password123"}, "password"),  # on Django's common-password list
        ({"password": "short"}, "password"),
        ({"firstName": " "}, "firstName"),
        ({"companyName": ""}, "companyName"),
        ({"companySize": "huge"}, "companySize"),
        ({"timeZone": "Mars/Olympus"}, "timeZone"),
        ({"termsAccepted": False}, "termsAccepted"),
    ],
)
def test_bad_input_is_refused_with_the_field_and_nothing_is_kept(public, changes, field):
    answer = _post(public, "signup", {**GOOD, **changes})
    assert answer.status_code == 400
    assert field in answer.json()["errors"]
    assert not SignUp.objects.exists()


def test_a_write_that_is_not_json_is_refused(public):
    answer = public.post("/api/trial/signup", json.dumps(GOOD), content_type="text/plain")
    assert answer.status_code == 415
    assert not SignUp.objects.exists()


def test_an_existing_address_gets_the_same_answer_and_a_mail_saying_so(public, alpha):
    existing = alpha.admin.email
    new_answer = _post(public, "signup", {**GOOD, "email": "someone.new@newco.example"})
    taken_answer = _post(public, "signup", {**GOOD, "email": existing})
    assert (taken_answer.status_code, taken_answer.json()) == (
        new_answer.status_code,
        new_answer.json(),
    )
    trial_mail_send_task.apply(args=[SignUp.objects.get(email=existing).pk]).get()
    assert mail.outbox[-1].subject == "You already have an account"
    assert "activationsuccess" not in mail.outbox[-1].body


def test_the_answer_takes_as_long_for_an_existing_address(public, alpha):
    def timed(email):
        started = time.perf_counter()
        _post(public, "signup", {**GOOD, "email": email})
        return time.perf_counter() - started

    timed("warm-up@newco.example")
    new, taken = [], []
    for i in range(4):  # interleaved, so that the machine's load falls on both alike
        new.append(timed(f"n{i}@newco.example"))
        taken.append(timed(alpha.admin.email))
    # Both hash the password and send their mail later: no lookup decides the work.
    fast, slow = sorted([statistics.median(new), statistics.median(taken)])
    assert slow < fast * 1.5


def test_the_link_works_once(public):
    _signed_up(public)
    token = _link_token()
    assert _post(public, "confirm", {"token": token}).status_code == 200
    again = _post(HttpClient(HTTP_HOST=HOST), "confirm", {"token": token})
    assert again.status_code == 400
    assert again.json()["message"] == "This link is invalid or has expired. Please sign up again."


def test_an_expired_or_forged_link_is_refused(public, settings):
    sign_up = _signed_up(public)
    forged = signing.dumps({"id": sign_up.pk}, salt="another purpose")
    assert _post(public, "confirm", {"token": forged}).status_code == 400
    settings.TRIAL_CONFIRM_MAX_AGE = -1
    assert _post(public, "confirm", {"token": _link_token()}).status_code == 400
    assert not User.objects.filter(email="grace@newco.example").exists()


def test_without_a_confirmed_sign_up_plans_choice_and_setup_are_refused(public):
    _signed_up(public)  # signed up, not confirmed
    assert public.get("/api/trial/plans").status_code == 404
    assert public.get("/api/trial/setup").status_code == 404
    assert _post(public, "plan", {"planId": 1}).status_code == 404


def test_an_unknown_or_paid_plan_is_refused(public):
    _signed_up(public)
    _post(public, "confirm", {"token": _link_token()})
    assert _post(public, "plan", {"planId": 999_999}).json()["errors"]["planId"]
    paid = Plan.objects.create(name="Gold", limits={"Contacts": 100_000})
    answer = _post(public, "plan", {"planId": paid.pk})
    assert answer.status_code == 400
    assert answer.json()["errors"]["planId"] == [
        "Paid plans are not available yet. Please start the free trial."
    ]
    assert SignUp.objects.get().provisioning is None


def test_sign_ups_are_limited_per_address_and_per_ip(public, settings):
    settings.TRIAL_SIGNUPS_HOURLY_PER_ADDRESS = 2
    for _ in range(2):
        assert _post(public, "signup", GOOD).status_code == 202
    refused = _post(public, "signup", GOOD)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    settings.TRIAL_SIGNUPS_HOURLY_PER_IP = 3
    assert _post(public, "signup", {**GOOD, "email": "b@newco.example"}).status_code == 202
    assert _post(public, "signup", {**GOOD, "email": "c@newco.example"}).status_code == 429


def test_the_trial_area_answers_on_the_public_host_only(alpha):
    answer = _post(HttpClient(HTTP_HOST="alpha.localhost"), "signup", GOOD)
    assert answer.status_code == 404
    assert not SignUp.objects.exists()
