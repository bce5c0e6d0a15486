"""Email-safe HTML: what a save keeps, what it removes, merge tags through both steps."""

import pytest

from marketing.content.email_html import email_html_clean

PAGE = """<html><head><style>p { color: red } .big { font-size: 20px }</style>
<script>alert(1)</script><link rel="stylesheet" href="http://127.0.0.1:9/x.css"></head>
<body><p class="big" onclick="steal()">Hi <% firstName || there %>,</p>
<a href="javascript:alert(1)">bad</a><a href="<% unsubscribeLink %>">unsubscribe</a>
<a href="mailto:a@b.example">mail</a><a href="https://x.example/?a=1&amp;b=2">web</a>
<img src="https://x.example/a.png" alt="A" onerror="steal()" width="100">
<img src="file:///etc/passwd"><img src="data:image/png;base64,AAAA">
<iframe src="https://evil.example"></iframe><form action="/x"><input name="q"></form>
<table width="600" cellpadding="0" cellspacing="0" bgcolor="#ffffff"><tr>
<td align="center" style="padding: 4px">cell <% RSS_title %></td></tr></table>
<object data="x"></object><svg onload="x()"></svg></body></html>"""


def test_scripts_handlers_and_dangerous_urls_are_removed():
    html = email_html_clean(PAGE)
    lowered = html.lower()
    for gone in (
        "<script",
        "alert(",
        "onclick",
        "onerror",
        "onload",
        "javascript:",
        "<iframe",
        "<form",
        "<input",
        "<object",
        "<svg",
        "file:",
        "data:",
        "<link",
        "<style",
    ):
        assert gone not in lowered, gone
    assert 'href="mailto:a@b.example"' in html
    assert 'href="https://x.example/?a=1&amp;b=2"' in html
    assert '<img src="https://x.example/a.png" alt="A" width="100">' in html


def test_css_is_inlined_and_tables_kept():
    html = email_html_clean(PAGE)
    assert 'class="big" style="color: red;font-size: 20px;"' in html
    assert 'width="600" cellpadding="0" cellspacing="0" bgcolor="#ffffff"' in html
    assert '<td align="center" style="padding: 4px">' in html


def test_merge_tags_come_through_intact():
    html = email_html_clean(PAGE)
    assert "Hi <% firstName || there %>," in html
    assert 'href="<% unsubscribeLink %>"' in html
    assert "cell <% RSS_title %>" in html
    assert "&lt;%" not in html


def test_a_merge_tag_cannot_smuggle_markup():
    html = email_html_clean('<p><% x" onmouseover="y %></p><p><%<script>alert(1)</script>%></p>')
    assert "<script" not in html
    assert '<p>&lt;% x" onmouseover="y %&gt;</p>' in html  # text, not an attribute


def test_cleaning_twice_changes_nothing():
    once = email_html_clean(PAGE)
    assert email_html_clean(once) == once


@pytest.mark.parametrize("blank", ["", "   \n"])
def test_empty_stays_empty(blank):
    assert email_html_clean(blank) == ""


def test_a_fragment_is_what_the_body_holds():
    html = email_html_clean(
        "<style>td{color:red}</style><table><tr><td><% x %></td></tr></table>", fragment=True
    )
    assert html == '<table><tbody><tr><td style="color: red;"><% x %></td></tr></tbody></table>'
    assert email_html_clean(html, fragment=True) == html


def test_media_queries_stay_for_the_clients_that_read_them():
    page = (
        "<html><head><style>p { color: red } @media (max-width: 600px) "
        "{ p { color: blue !important } }</style></head><body><p>x</p></body></html>"
    )
    html = email_html_clean(page)
    assert '<p style="color: red;">x</p>' in html
    assert "@media (max-width: 600px)" in html and "color: blue !important" in html
    assert email_html_clean(html) == html  # a second save changes nothing
