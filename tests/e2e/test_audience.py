"""The audience screens in Chromium against the real API: import, profiles (and a
profile's bounces with their reasons), bulk actions, groups and tags, profile fields,
domains, deleted profiles. Data the server writes stays for
the whole session, so every test works on its own e-mail addresses and names. Each screen,
and each dialog, is checked with axe (WCAG 2 A and AA)."""

import re
import uuid

from django.utils import timezone
from django_tenants.utils import schema_context
from playwright.sync_api import Page, expect

from marketing.audience.models import Profile
from marketing.delivery.models import Delivery, DeliveryState, Send, SendKind
from tests.e2e.axe import expect_accessible
from tests.e2e.test_campaigns import _committed
from tests.support.browser_session import sign_in


def _unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def _pick(page: Page, test_id: str, option: str, multiple: bool = True) -> None:
    """Chooses an option of a Mantine MultiSelect (whose list stays open) or Select."""
    page.get_by_test_id(test_id).click()
    page.get_by_role("option", name=option, exact=True).click()
    if multiple:
        page.keyboard.press("Escape")


def _search_profiles(page: Page, text: str) -> None:
    page.get_by_test_id("profile-search").fill(text)


def _add_profile(page: Page, email: str, group: str = "Customers") -> None:
    page.get_by_test_id("add-profile").click()
    drawer = page.get_by_role("dialog", name="Add profile")
    drawer.get_by_role("textbox", name="Email").fill(email)
    _pick(page, "profile-groups", group)
    drawer.get_by_test_id("profile-save").click()
    expect(page.get_by_text("Profile saved successfully.")).to_be_visible()
    expect(drawer).to_be_hidden()


def _bulk_confirm(page: Page, action: str, target: str | None = None, check: str = "") -> None:
    """Opens a bulk action's confirmation, checks it with axe when asked, then confirms."""
    page.get_by_test_id(f"bulk-{action}").click()
    expect(page.get_by_test_id("confirm-yes")).to_be_visible()
    if check:
        expect_accessible(page, check)
    if target:
        _pick(page, "bulk-target", target, multiple=False)
    page.get_by_test_id("confirm-yes").click()


def _select_row(page: Page, email: str) -> None:
    page.get_by_role("checkbox", name=f"Select {email}").check()


def test_import_a_csv_with_mapping_and_see_the_profiles(page, site, tmp_path):
    plain = site("plain.localhost")
    stem = _unique("imp")
    csv = tmp_path / "people.csv"
    csv.write_text(
        "Email Address,First Name,Favourite\n"
        f"{stem}-a@example.com,Ann,blue\n"
        f"{stem}-b@example.com,Bob,green\n"
        "not-an-email,Cy,red\n"
    )
    sign_in(page, plain, "admin@plain.example", next_path="/ImportSummary")
    expect(page.get_by_role("heading", name="Import Subscribers")).to_be_visible()
    expect(page.get_by_test_id("imports-table")).to_be_visible()
    expect_accessible(page, "import wizard, upload step")
    page.locator("input[type=file]").set_input_files(str(csv))

    mapping = page.get_by_test_id("mapping-table")
    expect(mapping).to_be_visible()
    expect_accessible(page, "import wizard, mapping step")
    # suggestedMapping pre-fills the email and first-name columns; the third stays out.
    expect(page.get_by_test_id("map-0")).to_have_value("Email")
    expect(page.get_by_test_id("map-1")).to_have_value("First Name")
    _pick(page, "import-groups", "Customers")
    # A group made on the spot, from the same field.
    page.get_by_test_id("import-groups").fill(f"Fair {stem}")
    page.get_by_role("option", name=f'Create group "Fair {stem}"').click()
    expect(page.get_by_text(f'Group "Fair {stem}" created.')).to_be_visible()
    page.keyboard.press("Escape")
    page.get_by_test_id("start-import").click()

    expect(page.get_by_test_id("import-progress")).to_have_text("100%")
    # The third step is ticked once the import is done, like the first two.
    steps = page.get_by_test_id("import-wizard").locator(".mantine-Stepper-step")
    for index in range(3):
        expect(steps.nth(index)).to_have_attribute("data-completed", "true")
    expect(page.get_by_test_id("import-message")).to_contain_text("2 added, 0 updated")
    expect(page.get_by_test_id("import-count-inserted")).to_contain_text("2")
    expect(page.get_by_test_id("import-count-invalid")).to_contain_text("1")
    expect_accessible(page, "import wizard, finished import")
    with page.expect_download() as download:
        page.get_by_test_id("import-wizard").get_by_role(
            "button", name="Download error report"
        ).click()
    assert "not-an-email" in download.value.path().read_text()

    page.goto(f"{plain.base_url}/profilemanagement")
    _search_profiles(page, stem)
    expect(page.get_by_test_id(f"profile-row-{stem}-a@example.com")).to_contain_text("Customers")
    expect(page.get_by_test_id(f"profile-row-{stem}-a@example.com")).to_contain_text(f"Fair {stem}")
    expect(page.get_by_test_id(f"profile-row-{stem}-b@example.com")).to_contain_text("Bob")
    # Imported profiles wait for verification: their Pending badges are on the screen.
    expect(page.get_by_test_id(f"profile-row-{stem}-a@example.com")).to_contain_text("Pending")
    expect_accessible(page, "profiles list")

    page.goto(f"{plain.base_url}/ImportList")
    expect(page.get_by_test_id("imports-table")).to_contain_text("people.csv")
    expect_accessible(page, "subscriber imports list")


def test_unsubscriber_import_screens(page, site):
    plain = site("plain.localhost")
    sign_in(page, plain, "admin@plain.example", next_path="/ImportUnsubscribers")
    expect(page.get_by_role("heading", name="Import Unsubscribers")).to_be_visible()
    expect(page.get_by_test_id("imports-table")).to_be_visible()
    expect_accessible(page, "unsubscriber import wizard")
    page.goto(f"{plain.base_url}/optoutimportsummary")
    expect(page.get_by_test_id("go-to-import")).to_be_visible()
    expect_accessible(page, "unsubscriber imports list")


def test_adding_a_profile_without_a_group_is_refused(page, site):
    plain = site("plain.localhost")
    sign_in(page, plain, "admin@plain.example", next_path="/profilemanagement")
    page.get_by_test_id("add-profile").click()
    drawer = page.get_by_role("dialog", name="Add profile")
    expect(drawer).to_be_visible()
    expect_accessible(page, "add profile drawer")
    drawer.get_by_role("textbox", name="Email").fill(f"{_unique('nogroup')}@example.com")
    drawer.get_by_test_id("profile-save").click()
    expect(
        page.get_by_text(
            re.compile(r"^(Please fill Group|At least one group is needed to save a profile\.)")
        )
    ).to_be_visible()
    expect(drawer).to_be_visible()


def _bounced(email: str) -> None:
    """A message to `email` refused at once by the receiver (550, no enhanced code)."""
    with schema_context("plain"):
        send = Send.objects.create(
            kind=SendKind.CAMPAIGN, subject="Autumn sale", from_name="S", from_address="s@x.example"
        )
        Delivery.objects.create(
            send=send,
            profile_id=Profile.objects.get(email=email).pk,
            email=email,
            state=DeliveryState.FAILED,
            last_reply="550 Requested action not taken: no such user here",
            next_attempt_at=timezone.now(),
        )


def test_an_edited_profile_shows_its_bounces_with_their_reasons(page, site):
    plain = site("plain.localhost")
    email = f"{_unique('bounced')}@example.com"
    sign_in(page, plain, "admin@plain.example", next_path="/profilemanagement")
    _add_profile(page, email)
    _committed(_bounced, email)
    _search_profiles(page, email)
    page.get_by_test_id(f"profile-row-{email}").click()
    drawer = page.get_by_role("dialog", name="Edit profile")
    history = drawer.get_by_test_id("profile-bounces")
    expect(history.get_by_role("row").filter(has_text="Autumn sale")).to_contain_text(
        "User unknown"
    )
    expect_accessible(page, "edit profile drawer with its bounces")


def test_bulk_tag_profiles_from_the_list(page, site):
    plain = site("plain.localhost")
    tag = _unique("Tag")
    email = f"{_unique('bulk')}@example.com"
    sign_in(page, plain, "admin@plain.example", next_path="/managetags")
    page.get_by_test_id("create-tag").click()
    page.get_by_test_id("name-input").fill(tag)
    page.get_by_test_id("name-save").click()
    expect(page.get_by_text("Tag saved successfully.")).to_be_visible()

    page.goto(f"{plain.base_url}/profilemanagement")
    _add_profile(page, email)
    _search_profiles(page, email)
    row = page.get_by_test_id(f"profile-row-{email}")
    expect(row).to_be_visible()
    _select_row(page, email)
    expect(page.get_by_test_id("bulk-count")).to_have_text("1 selected")
    expect_accessible(page, "profiles list with bulk actions")
    _bulk_confirm(page, "addTag", tag, check="bulk action confirmation")
    expect(row).to_contain_text(tag)


def test_create_a_group_and_a_tag(page, site):
    plain = site("plain.localhost")
    group = _unique("Group")
    tag = _unique("Tag")
    sign_in(page, plain, "admin@plain.example", next_path="/managegroups")
    # The default group shows its lock and offers no delete.
    newsletter = page.get_by_test_id("group-row-Newsletter")
    expect(newsletter.get_by_test_id("default-lock")).to_be_visible()
    expect(newsletter.get_by_role("button", name="Delete Newsletter")).to_have_count(0)
    expect_accessible(page, "groups list")

    page.get_by_test_id("create-group").click()
    expect(page.get_by_test_id("name-input")).to_be_visible()
    expect_accessible(page, "create group dialog")
    page.get_by_test_id("name-input").fill("A, B")
    page.get_by_test_id("name-save").click()
    expect(page.get_by_text("A group name cannot contain commas.")).to_be_visible()
    page.get_by_test_id("name-input").fill(group)
    page.get_by_test_id("name-save").click()
    expect(page.get_by_text("Group saved successfully.")).to_be_visible()
    page.get_by_test_id("group-search").fill(group)
    expect(page.get_by_test_id(f"group-row-{group}")).to_be_visible()

    page.goto(f"{plain.base_url}/managetags")
    page.get_by_test_id("create-tag").click()
    page.get_by_test_id("name-input").fill(tag)
    page.get_by_test_id("name-save").click()
    expect(page.get_by_text("Tag saved successfully.")).to_be_visible()
    page.get_by_test_id("tag-search").fill(tag)
    expect(page.get_by_test_id(f"tag-row-{tag}")).to_be_visible()
    expect_accessible(page, "tags list")


def test_profile_fields(page, site):
    plain = site("plain.localhost")
    label = _unique("Colour")
    sign_in(page, plain, "admin@plain.example", next_path="/managefields")
    expect(page.get_by_test_id("fields-table")).to_be_visible()
    expect_accessible(page, "profile fields list")
    page.get_by_test_id("create-field").click()
    page.get_by_test_id("field-label").fill(label)
    _pick(page, "field-type", "dropdown", multiple=False)
    page.get_by_test_id("add-option").click()
    page.get_by_role("textbox", name="Item 1").fill("Blue")
    expect_accessible(page, "create profile field dialog")
    page.get_by_test_id("field-save").click()
    expect(page.get_by_text("Profile field saved successfully.")).to_be_visible()
    row = page.locator("[data-testid^=field-row-]").filter(has_text=label)
    expect(row).to_contain_text("dropdown")
    expect(row).to_contain_text("Blue")

    # A user without the manage-fields action sees the controls greyed out.
    page.context.clear_cookies()
    page.evaluate("sessionStorage.clear()")
    sign_in(page, plain, "user@plain.example", next_path="/managefields")
    expect(page.get_by_test_id("feature-gate-disabled").first).to_be_visible()
    expect_accessible(page, "profile fields list for a user")


def test_manage_domains(page, site):
    plain = site("plain.localhost")
    domain = f"{_unique('junk')}.org"  # the domain rule takes top-level domains of 2 to 6 letters
    sign_in(page, plain, "admin@plain.example", next_path="/disposabledomains")
    expect(page.get_by_role("tab", name="Suppressed")).to_have_attribute("aria-selected", "true")
    page.get_by_test_id("domain-input").fill(domain)
    page.get_by_test_id("add-domain").click()
    expect(page.get_by_test_id(f"domain-row-{domain}")).to_be_visible()
    expect_accessible(page, "suppressed domains")
    page.get_by_role("tab", name="Public").click()
    expect(page.get_by_test_id(f"domain-row-{domain}")).to_have_count(0)
    expect_accessible(page, "public domains")


def test_deleted_profile_is_listed_and_restored(page, site):
    plain = site("plain.localhost")
    email = f"{_unique('gone')}@example.com"
    sign_in(page, plain, "admin@plain.example", next_path="/profilemanagement")
    _add_profile(page, email)
    _search_profiles(page, email)
    expect(page.get_by_test_id(f"profile-row-{email}")).to_be_visible()
    _select_row(page, email)
    _bulk_confirm(page, "delete")
    expect(page.get_by_test_id(f"profile-row-{email}")).to_have_count(0)

    page.goto(f"{plain.base_url}/profileUpdateDeleteList")
    expect(page.get_by_role("tab", name="Deleted")).to_have_attribute("aria-selected", "true")
    _search_profiles(page, email)
    expect(page.get_by_test_id(f"profile-row-{email}")).to_be_visible()
    expect_accessible(page, "deleted profiles")
    _select_row(page, email)
    _bulk_confirm(page, "restore")
    expect(page.get_by_test_id(f"profile-row-{email}")).to_have_count(0)

    page.goto(f"{plain.base_url}/profilemanagement")
    _search_profiles(page, email)
    expect(page.get_by_test_id(f"profile-row-{email}")).to_be_visible()
