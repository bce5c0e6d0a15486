"""UI.md's width rule in Chromium: the app lives in the parent suite's iframe and every main
list screen works from 1024 px wide upward without scrolling sideways, the page or a table
inside it (measured 2026-11-28: the campaign list clipped its Actions column, "Ac" and
half-hidden icons, at 1400 px)."""

import uuid
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from playwright.sync_api import Page, expect

from marketing.audience.models import ImportKind, Profile, ProfileImport
from marketing.campaigns.models import Campaign, CampaignType
from marketing.jobs.models import BackgroundJob, JobStatus
from tenants.models import Client
from tests.e2e.test_campaigns import _committed
from tests.support.browser_session import sign_in

# Every element that scrolls sideways (the page, a table's scroll container) and is wider
# inside than it shows, and every header cell or badge whose text does not fit.
_OVERFLOWING = """() => {
  const found = [];
  const name = (el) => el.getAttribute('data-testid') || `${el.tagName}.${el.className}`;
  const page = document.scrollingElement;
  if (page.scrollWidth > page.clientWidth + 1) {
    found.push(`page ${page.scrollWidth} > ${page.clientWidth}`);
  }
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el);
    const scrolls = ['auto', 'scroll'].includes(style.overflowX);
    const clips = el.matches('th, .mantine-Badge-label');
    if ((scrolls || clips) && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${name(el)}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  return found;
}"""

LIST_SCREENS = [
    ("/campaignListView", "campaigns-table"),
    ("/segmentList", None),
    ("/profilemanagement", None),
    ("/managegroups", None),
    ("/managetags", None),
    ("/ImportSummary", None),
    ("/backgroundJobs", None),
    ("/senderList", None),
    ("/OptoutForms", None),
    ("/managedisclaimer", None),
]


def _seed(suffix: str) -> None:
    """Campaigns with every action shown: a sent one (report), a scheduled one (pause), a
    paused one (resume), and long names and a status message as a marketer writes them; a
    profile with a long address, so that the profile list has a row; a finished export with
    its file, started by a long address, so that the jobs list has a row with its actions
    (with no row a list shows its empty state, which fits whatever its table's width); a
    cancelled campaign-report export with its message beside it; and a finished subscriber
    import with six-digit counts and an error report, so that the import screen's table has
    a row with every column filled (measured 2026-11-28: the merged tree's imports asked for
    820 px at 1024, where 752 show)."""
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        Profile.objects.create(
            email=f"first.last.with-a-long-address-{suffix}@subsidiary.example.com",
            first_name="Ann",
            last_name="Lee",
        )
        general = CampaignType.objects.get(name="General")
        common = dict(campaign_type=general, from_name="Shop", from_address="news@shop.example")
        Campaign.objects.create(
            name=f"Black Friday early access for loyal customers {suffix}",
            status="Sent",
            recipient_count=123456,
            send_id=10**9 + 7,
            scheduled_at=timezone.now() - timedelta(days=1),
            **common,
        )
        Campaign.objects.create(
            name=f"Winter newsletter {suffix}",
            status="Scheduled",
            scheduled_at=timezone.now() + timedelta(days=2),
            **common,
        )
        Campaign.objects.create(
            name=f"Spring {suffix}",
            kind="RSS Feed",
            status="Paused",
            status_message="Paused by admin@plain.example.",
            recipient_count=98765,
            send_id=10**9 + 8,
            **common,
        )
        BackgroundJob.objects.create(
            kind="profileExport",
            status=JobStatus.COMPLETED,
            operation_key=f"widths-{suffix}",
            title=f"Export of the profiles of the spring subscribers group {suffix}",
            total=123456,
            processed=123456,
            succeeded=123400,
            failed=56,
            file_path=f"plain/exports/widths-{suffix}.csv",
            started_by_email=f"marketing.manager.with-a-long-address-{suffix}@plain.example",
            started_at=timezone.now() - timedelta(minutes=5),
            finished_at=timezone.now(),
        )
        BackgroundJob.objects.create(
            kind="campaignReportExport",
            status=JobStatus.CANCELLED,
            operation_key=f"widths-report-{suffix}",
            title=f"Report of Black Friday early access for loyal customers {suffix}",
            message="Cancelled by marketing.manager@plain.example before it finished.",
            total=98765,
            processed=4321,
            succeeded=4321,
            started_by_email=f"marketing.manager.with-a-long-address-{suffix}@plain.example",
            started_at=timezone.now() - timedelta(minutes=9),
            finished_at=timezone.now() - timedelta(minutes=8),
        )
        imported = BackgroundJob.objects.create(
            kind="profileImport",
            status=JobStatus.COMPLETED,
            operation_key=f"widths-import-{suffix}",
            title=f"spring-subscribers-{suffix}.csv",
            total=123456,
            processed=123456,
            succeeded=120000,
            failed=3456,
            started_by_email=f"marketing.manager.with-a-long-address-{suffix}@plain.example",
            started_at=timezone.now() - timedelta(minutes=7),
            finished_at=timezone.now() - timedelta(minutes=6),
        )
        ProfileImport.objects.create(
            kind=ImportKind.SUBSCRIBERS,
            file_name=f"spring-subscribers-from-the-trade-fair-{suffix}.csv",
            file_path=f"plain/imports/widths-{suffix}.csv",
            file_sha256="0" * 64,
            job=imported,
            rows_total=123456,
            rows_inserted=100000,
            rows_updated=18000,
            rows_invalid=3456,
            rows_duplicate=2000,
            errors_path=f"plain/imports/widths-{suffix}-errors.csv",
        )
    finally:
        connection.set_schema_to_public()


@pytest.mark.parametrize("width", [1024, 1400])
def test_main_lists_never_scroll_sideways(page: Page, site, width):
    suffix = uuid.uuid4().hex[:8]
    _committed(_seed, suffix)
    plain = site("plain.localhost")
    page.set_viewport_size({"width": width, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/campaignListView")
    overflowing = {}
    for path, table in LIST_SCREENS:
        page.goto(f"{plain.base_url}{path}")
        if table:
            expect(page.get_by_test_id(table).get_by_role("row").nth(3)).to_be_visible()
        if path == "/backgroundJobs":  # the seeded rows, not the four of a table
            expect(page.get_by_text(f"spring subscribers group {suffix}")).to_be_visible()
        if path == "/ImportSummary":
            expect(page.get_by_text(f"from-the-trade-fair-{suffix}.csv")).to_be_visible()
        page.wait_for_load_state("networkidle")
        found = page.evaluate(_OVERFLOWING)
        if found:
            overflowing[path] = found
    assert overflowing == {}, f"at {width} px"
    # The campaign list's row actions are whole and clickable at this width.
    page.goto(f"{plain.base_url}/campaignListView")
    row = page.get_by_role("row").filter(has_text=f"Winter newsletter {suffix}")
    actions = row.get_by_role("button", name=f"Actions for Winter newsletter {suffix}")
    expect(actions).to_be_in_viewport(ratio=1)
    actions.click()
    expect(page.get_by_role("menuitem", name="Pause")).to_be_visible()
