"""A message's copy in the browser: the link each message of a send with `view_in_browser`
carries (the line at the top, or the template's own viewInBrowserLink tag), the page it
opens (the recipient's own merge values, the message's tracked links, no pixel, nothing
recorded), and the links that do not hold: altered, of another client, of an erased
profile. DKIM still verifies on a message with the line."""

import re

import dkim
from django.utils import timezone

from marketing.audience.models import Profile
from marketing.delivery.dkim import key_pair_generate
from marketing.delivery.models import Send, SendKind
from marketing.delivery.services import transactional
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.delivery.services.dkim_keys import dkim_key_store
from marketing.delivery.services.ledger import send_freeze
from marketing.delivery.services.web_view import VIEW_LINE_HTML, view_line_add
from marketing.delivery.tokens import WEB_VIEW, recipient_token
from marketing.tracking.models import EmailEvent, SendLink
from tests.support.http_api import http
from tests.support.tenants import in_schema

KEY = key_pair_generate("rsa")
TEMPLATE = (
    "<html><head><title>Sale</title></head><body>"
    '<p>Hi <% firstName || there %></p><img src="https://cdn.example/logo.png" alt="Logo">'
    '<a href="https://shop.example/sale">Sale</a>'
    '<a href="<% unsubscribeLink %>">Unsubscribe</a></body></html>'
)
TEXT = "Hi <% firstName || there %>\nSale: https://shop.example/sale"


def _profile(email="ann@mail.example", first_name="Ann") -> int:
    return Profile.objects.create(email=email, first_name=first_name).pk


def _send(*, view_in_browser=True, html=TEMPLATE, text=TEXT, line=True) -> Send:
    if line:
        html, text = view_line_add(html, text)
    return Send.objects.create(
        kind=SendKind.CAMPAIGN,
        source_id=42,
        subject="Hello <% firstName || friend %>",
        html=html,
        text=text,
        from_name="Shop",
        from_address="news@shop.example",
        view_in_browser=view_in_browser,
    )


def _run(send, profile_ids) -> None:
    send_freeze(send, audience_sql="SELECT unnest(%s::bigint[]) AS id", params=[profile_ids])
    assert send_batch_run(send.pk) == RunResult.FINISHED


def _view_url(received, host) -> str:
    html = received.message.get_body(("html",)).get_content()
    [url] = re.findall(rf'href="(https://{re.escape(host)}/v/[\w.-]+)"', html)
    return url


def _path(url: str) -> str:
    return url.split("localhost", 1)[1]


def test_each_message_links_to_its_own_copy_at_the_top(alpha, sink):
    with in_schema(alpha):
        dkim_key_store(domain="shop.example", selector="s1", algorithm="rsa", pair=KEY)
        ann, bob = _profile(), _profile("bob@mail.example", "Bob")
        send = _send()
        _run(send, [ann, bob])
    [to_ann] = sink.handler.for_recipient("ann@mail.example")
    assert dkim.verify(to_ann.data, dnsfunc=lambda name, timeout=5: KEY.dns_txt.encode())
    html = to_ann.message.get_body(("html",)).get_content()
    url = _view_url(to_ann, alpha.host)
    token = recipient_token(WEB_VIEW, schema="alpha", profile_id=ann, send_id=send.pk)
    assert url == f"https://{alpha.host}/v/{token}"
    assert html.index("<body>") < html.index("View this email in your browser") < html.index("Hi")
    text = to_ann.message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    assert text.startswith(f"View this email in your browser: {url}\n")
    [to_bob] = sink.handler.for_recipient("bob@mail.example")
    assert _view_url(to_bob, alpha.host) != url


def test_the_page_is_the_recipients_message_and_records_nothing(alpha, sink):
    with in_schema(alpha):
        ann = _profile()
        send = _send()
        _run(send, [ann])
        events = EmailEvent.objects.count()
        [link] = SendLink.objects.filter(send_id=send.pk)
    [received] = sink.handler.for_recipient("ann@mail.example")
    message_html = received.message.get_body(("html",)).get_content()
    [click] = re.findall(r'href="(https://[^"]+/t/c/[^"]+)"', message_html)
    page = http(alpha.host).get(_path(_view_url(received, alpha.host)))
    assert page.status_code == 200
    body = page.content.decode()
    assert "<p>Hi Ann</p>" in body
    assert "<title>Sale</title>" in body
    assert "View this email in your browser" not in body
    # The same click link as the message (same recipient, link and sending time); no pixel.
    assert f'href="{click}"' in body
    assert "/t/o/" not in body and "/t/o/" in message_html
    assert link.url == "https://shop.example/sale"
    assert re.search(rf'href="https://{re.escape(alpha.host)}/u/[\w.-]+"', body)
    assert page["X-Robots-Tag"] == "noindex, nofollow"
    assert page["Referrer-Policy"] == "no-referrer"
    assert page["Cache-Control"] == "private, no-store"
    policy = page["Content-Security-Policy"]
    assert policy.startswith("default-src 'none'; img-src https: http: data:;")
    assert "script-src" not in policy and "sandbox allow-popups" in policy
    with in_schema(alpha):
        assert EmailEvent.objects.count() == events


def test_the_page_shows_the_profiles_values_as_they_are_now(alpha, sink):
    with in_schema(alpha):
        ann = _profile()
        send = _send()
        _run(send, [ann])
        Profile.objects.filter(pk=ann).update(first_name="Annie")
    [received] = sink.handler.for_recipient("ann@mail.example")
    page = http(alpha.host).get(_path(_view_url(received, alpha.host)))
    assert "<p>Hi Annie</p>" in page.content.decode()
    assert "<title>Sale</title>" in page.content.decode()


def test_altered_foreign_and_erased_links_answer_the_not_found_page(alpha, beta, sink):
    with in_schema(alpha):
        ann, bob = _profile(), _profile("bob@mail.example", "Bob")
        send = _send()
        _run(send, [ann, bob])
    url = _view_url(sink.handler.for_recipient("ann@mail.example")[0], alpha.host)
    token = url.rsplit("/", 1)[1]
    payload, mac = token.split(".")
    forged = recipient_token(WEB_VIEW, schema="alpha", profile_id=ann, send_id=send.pk + 1)
    unsubscribe = recipient_token("unsubscribe", schema="alpha", profile_id=ann, send_id=send.pk)
    # Not a link of this client's: the plain 404 of config/recipient_links.py.
    for path in (
        f"/v/{payload}.{mac[:-2]}AA",
        f"/v/{payload}",
        "/v/x",
        f"/v/{unsubscribe}",  # another action's token
    ):
        answer = http(alpha.host).get(path)
        assert (answer.status_code, answer.content) == (404, b"Not found."), path
    # A good signature for a send that does not exist: the page says so.
    answer = http(alpha.host).get(f"/v/{forged}")
    assert answer.status_code == 404
    assert "This email is not available." in answer.content.decode()
    assert answer["X-Robots-Tag"] == "noindex, nofollow"
    # The same token on another client's host; beta's own token for alpha's ids.
    assert http(beta.host).get(f"/v/{token}").status_code == 404
    betas = recipient_token(WEB_VIEW, schema="beta", profile_id=ann, send_id=send.pk)
    assert http(alpha.host).get(f"/v/{betas}").status_code == 404
    with in_schema(alpha):
        Profile.objects.filter(pk=ann).update(deleted_at=timezone.now())
        Profile.objects.filter(pk=bob).delete()
    assert http(alpha.host).get(f"/v/{token}").status_code == 404
    bob_url = _view_url(sink.handler.for_recipient("bob@mail.example")[0], alpha.host)
    assert http(alpha.host).get(_path(bob_url)).status_code == 404
    assert http(alpha.host).post(f"/v/{token}").status_code == 405


def test_the_not_found_page_is_plain_and_styled(alpha):
    token = recipient_token(WEB_VIEW, schema="alpha", profile_id=1, send_id=10**9)
    answer = http(alpha.host).get(f"/v/{token}")
    body = answer.content.decode()
    assert answer.status_code == 404
    assert answer["Content-Type"] == "text/html; charset=utf-8"
    assert '<html lang="en">' in body and "<h1>Email not available</h1>" in body
    assert "<script" not in body


def test_without_the_setting_no_line_and_the_tag_renders_empty(alpha, sink):
    html = '<html><body><a href="<% viewInBrowserLink %>">Web copy</a><p>Hi</p></body></html>'
    with in_schema(alpha):
        ann = _profile()
        _run(_send(view_in_browser=False, html=html, line=False), [ann])
    [received] = sink.handler.for_recipient("ann@mail.example")
    body = received.message.get_body(("html",)).get_content()
    assert '<a href="">Web copy</a>' in body
    assert "View this email in your browser" not in body


def test_the_templates_own_tag_replaces_the_line(alpha, sink):
    html = '<html><body><p>Hi</p><a href="<% viewInBrowserLink %>">Web copy</a></body></html>'
    assert view_line_add(html, "Hi") == (html, "Hi")
    with in_schema(alpha):
        ann = _profile()
        _run(_send(html=html, text="Hi"), [ann])
    [received] = sink.handler.for_recipient("ann@mail.example")
    body = received.message.get_body(("html",)).get_content()
    assert "View this email in your browser" not in body
    url = _view_url(received, alpha.host)
    assert f'<a href="{url}">Web copy</a>' in body
    page = http(alpha.host).get(_path(url))
    assert page.status_code == 200
    assert page.content.decode().startswith(
        "<html><head><title>Hello Ann</title></head><body><p>Hi</p>"
    )


def test_a_test_send_to_a_typed_address_has_its_copy_too(alpha, sink):
    html, text = view_line_add(TEMPLATE, "")
    with in_schema(alpha):
        send = transactional.test_send(
            addresses="tester@mail.example",
            subject="Test: Sale",
            html=html,
            text=text,
            from_name="Shop",
            from_address="news@shop.example",
            view_in_browser=True,
        )
        assert send_batch_run(send.pk) == RunResult.FINISHED
    [received] = sink.handler.for_recipient("tester@mail.example")
    text_part = received.message.get_body(("plain",)).get_content()
    url = _view_url(received, alpha.host)
    assert f"View this email in your browser ({url})" in text_part
    page = http(alpha.host).get(_path(url))
    assert page.status_code == 200
    assert "<p>Hi there</p>" in page.content.decode()


def test_a_text_only_message_is_shown_as_text(alpha, sink):
    with in_schema(alpha):
        ann = _profile()
        _run(_send(html="", text="Hi <% firstName %> & welcome"), [ann])
    [received] = sink.handler.for_recipient("ann@mail.example")
    content = received.message.get_content()
    [url] = re.findall(rf"https://{re.escape(alpha.host)}/v/[\w.-]+", content)
    page = http(alpha.host).get(_path(url)).content.decode()
    assert "Hi Ann &amp; welcome" in page
    assert "View this email in your browser" not in page
    assert "<title>Hello Ann</title>" in page


def test_the_line_sits_right_after_the_body_tag():
    html, text = view_line_add('<body class="x"><p>Hi</p></body>', "Hi")
    assert html == f'<body class="x">{VIEW_LINE_HTML}<p>Hi</p></body>'
    assert text == "View this email in your browser: <% viewInBrowserLink %>\n\nHi"
    assert view_line_add("<p>Hi</p>", "")[0] == VIEW_LINE_HTML + "<p>Hi</p>"
    assert view_line_add("", "") == ("", "")
