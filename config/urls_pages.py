"""URLs of the pages host (config/pages.py): a client's public pages under /<schema>/
(the segment is taken off before these are matched) and the scripts under /-/."""

from django.urls import path

from marketing.commerce.views import (
    checkout_done,
    checkout_page,
    checkout_pay_view,
    checkout_script,
    checkout_start_view,
    portal_cancel_view,
    portal_page,
)
from marketing.forms.report_views import shared_survey_report
from marketing.forms.views import (
    form_script,
    public_confirm,
    public_form,
    public_form_thanks,
    public_survey,
)
from marketing.sites.views import page_script, public_page, public_visit

urlpatterns = [
    # Public form pages, their submit and the double opt-in link (marketing/forms/views.py).
    path("pf/confirm/<str:token>", public_confirm, name="form_confirm"),
    path("pf/<str:key>", public_form, name="public_form"),
    path("pf/<str:key>/thanks", public_form_thanks, name="public_form_thanks"),
    path("s/<slug:path>", public_survey, name="public_survey"),
    # A survey report shared by its signed link (marketing/forms/report_views.py).
    path("external/dynamicformreport", shared_survey_report, name="shared_survey_report"),
    # Checkout forms' public pages (marketing/commerce/views.py) and their script.
    path("co/portal/<str:token>", portal_page, name="commerce_portal"),
    path(
        "co/portal/<str:token>/cancel/<int:subscription_id>",
        portal_cancel_view,
        name="commerce_portal_cancel",
    ),
    path("co/<str:key>", checkout_page, name="checkout_page"),
    path("co/<str:key>/start", checkout_start_view, name="checkout_start"),
    path("co/<str:key>/pay", checkout_pay_view, name="checkout_pay"),
    path("co/<str:key>/done", checkout_done, name="checkout_done"),
    path("-/co/checkout.js", checkout_script, name="checkout_script"),
    # The form page's script and the embed script (marketing/forms/static_scripts.py).
    path("-/lp.js", page_script, name="page_script"),
    path("-/<str:name>", form_script, name="form_script"),
    # Landing and pop-up pages and their visits (marketing/sites/views.py).
    path("_v/<int:page_id>", public_visit, name="page_visit"),
    path("<str:slug>", public_page, name="public_page"),
]
