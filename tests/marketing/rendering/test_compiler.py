"""The merge-tag renderer (marketing/rendering/compiler.py, through services): syntax,
fallbacks, unknown tags, escaping, header safety, RSS loops and link tracking."""

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from marketing.rendering.catalogue import BOT_LINK_GUIDS
from marketing.rendering.compiler import PartKind, unreadable_tags
from marketing.rendering.messages import LINK_EMPTY, LINK_PROTOCOL_INVALID
from marketing.rendering.services import (
    LinkTracking,
    RenderContext,
    header_render,
    header_safe,
    links_check,
    merge_tags_check,
    render_shared,
    template_compile,
)

TRACKING = LinkTracking("https://t.example.com/c/", "TOKEN123")


def html(source, values=None, **kwargs):
    return template_compile("", source, "").render(RenderContext(values or {}, **kwargs)).html


def subject(source, values=None, **kwargs):
    return template_compile(source, "", "").render(RenderContext(values or {}, **kwargs)).subject


def text(source, values=None, **kwargs):
    return template_compile("", "", source).render(RenderContext(values or {}, **kwargs)).text


# --- syntax and fallbacks ----------------------------------------------------------------


def test_a_tag_renders_its_value_in_every_part():
    compiled = template_compile(
        "Hi <% firstName %>", "<p>Hi <% firstName %></p>", "Hi <% firstName %>"
    )
    rendered = compiled.render(RenderContext({"firstName": "Ada"}))
    assert rendered == ("Hi Ada", "<p>Hi Ada</p>", "Hi Ada")


def test_whitespace_inside_the_tag_does_not_matter():
    values = {"firstName": "Ada"}
    for written in ("<%firstName%>", "<%   firstName   %>", "<%\tfirstName\n%>"):
        assert text(written, values) == "Ada"


def test_names_are_case_insensitive():
    assert text("<% FIRSTNAME %> <% firstname %>", {"firstName": "Ada"}) == "Ada Ada"


def test_fallback_shows_when_the_value_is_missing_or_empty():
    source = "Hi <% firstName || there %>!"
    assert text(source, {}) == "Hi there!"
    assert text(source, {"firstName": ""}) == "Hi there!"
    assert text(source, {"firstName": None}) == "Hi there!"
    assert text(source, {"firstName": "Ada"}) == "Hi Ada!"
    assert text("<%firstName||Friend of ours%>", {}) == "Friend of ours"


def test_unknown_tags_render_their_fallback_or_nothing_never_the_tag():
    assert text("a<% noSuchTag %>b") == "ab"
    assert text("a<% noSuchTag || x %>b") == "axb"
    assert html("<p><% noSuchTag %></p>") == "<p></p>"
    assert subject("S <% noSuchTag || y %>") == "S y"


def test_groups_without_data_render_their_fallback():
    assert text("<% planName || your plan %> <% invoiceNumber %>.") == "your plan ."


def test_the_designers_escaped_form_is_the_same_tag_in_html():
    assert html("<p>&lt;% firstName || you %&gt;</p>", {"firstName": "Ada"}) == "<p>Ada</p>"
    assert html("<p>&lt;%firstName||you%&gt;</p>") == "<p>you</p>"


def test_values_of_other_types_are_written_as_text():
    values = {"score": 12.0, "vip": True, "tags": ["a", "b"], "ratio": 0.5}
    assert text("<% score %> <% vip %> <% tags %> <% ratio %>", values) == "12 Yes a, b 0.5"


def test_a_quoted_fallback_renders_without_its_quotes():
    assert text('Hi <% firstName || "there" %>!') == "Hi there!"
    assert text("Hi <% firstName || 'there' %>!") == "Hi there!"
    assert text("Hi <% firstName || there %>!") == "Hi there!"
    assert subject('Hi <% firstName || "there" %>') == "Hi there"
    assert html('<p>Hi <% firstName || "there" %>!</p>') == "<p>Hi there!</p>"
    # The designer writes quotes as entities inside its escaped tags.
    assert html("<p>Hi &lt;% firstName || &quot;there&quot; %&gt;!</p>") == "<p>Hi there!</p>"
    assert html('<p>Hi <% firstName || "there" %>!</p>', {"firstName": "Ada"}) == "<p>Hi Ada!</p>"
    # Quotes inside a fallback are the reader's.
    assert text('<% firstName || the "best" reader %>') == 'the "best" reader'


def test_a_tag_the_renderer_cannot_read_is_named():
    assert unreadable_tags('Hi <% firstName | "there" %>!', PartKind.TEXT) == [
        '<% firstName | "there" %>'
    ]
    assert unreadable_tags("<p>&lt;% first name %&gt; <% x || y %></p>", PartKind.HTML) == [
        "<% first name %>"
    ]
    # Readable tags, and text that only looks like the start of one, are not named.
    assert unreadable_tags('<% firstName || "there" %> 5 <% 10 and 20%', PartKind.TEXT) == []
    assert merge_tags_check(subject="<% a %>", html="<p>x</p>", text="<% a | b %>") == {
        "text": [
            "This merge tag cannot be read: <% a | b %>. "
            "Write it as <% name %> or <% name || fallback %>."
        ]
    }


def test_text_that_only_looks_like_a_tag_stays():
    assert text("5 <% 10 and 20%") == "5 <% 10 and 20%"


# Any tag name but the RSS loop's; fallbacks are plain text (no markup, no entities).
NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_.\-]{0,30}", fullmatch=True).filter(
    lambda name: name.lower() != "rss_items"
)
FALLBACKS = st.text(alphabet=string.ascii_letters + string.digits + " .,!?%'", max_size=30)


@settings(max_examples=300, deadline=None)
@given(NAMES, FALLBACKS, st.sampled_from(["<%{} || {}%>", "<%  {}||{}  %>", "<%{}||{} %>"]))
def test_an_unknown_tag_renders_exactly_its_fallback(name, fallback, form):
    source = "[" + form.format(name, fallback) + "]"
    written = fallback.strip()
    quoted = len(written) >= 2 and written[0] == written[-1] == "'"
    expected = "[" + (written[1:-1] if quoted else written) + "]"
    assert text(source) == expected
    assert subject(source) == expected
    assert html(source) == expected


# --- escaping ----------------------------------------------------------------------------


def test_values_are_html_escaped_in_html_parts_only():
    value = "<script>alert('x')</script> & \"q\""
    assert html("<p><% company %></p>", {"company": value}) == (
        "<p>&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; &quot;q&quot;</p>"
    )
    assert text("<% company %>", {"company": value}) == value


def test_a_value_cannot_leave_its_attribute():
    out = html('<img alt="<% firstName %>">', {"firstName": '" onerror="alert(1)'})
    assert out == '<img alt="&quot; onerror=&quot;alert(1)">'


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_value_rendered_into_html_yields_no_raw_markup(value):
    out = html("<p>[<% firstName %>]</p>", {"firstName": value})
    inner = out.removeprefix("<p>[").removesuffix("]</p>")
    assert "<" not in inner and ">" not in inner and '"' not in inner and "'" not in inner


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=string.printable + "\u2028\x85\x00", max_size=40))
def test_no_value_or_fallback_ever_leaves_a_tag_behind(value):
    source = "<% firstName %>|<% nothing || fb %>|&lt;% lastName %&gt;"
    out = html(source, {"firstName": value, "lastName": value})
    for part in (out, text("<% firstName %>|<% nothing %>", {"firstName": value})):
        assert "<% nothing" not in part and "% nothing" not in part


# --- headers -----------------------------------------------------------------------------


def test_header_injection_through_a_value_is_stripped():
    rendered = subject("Hello <% firstName %>", {"firstName": "x\r\nBcc: a@b"})
    assert rendered == "Hello xBcc: a@b"
    assert "\r" not in rendered and "\n" not in rendered


def test_header_injection_through_a_fallback_or_the_subject_itself_is_stripped():
    assert subject("Hi\r\nBcc: a@b <% x || y\r\nCc: c@d %>") == "HiBcc: a@b yCc: c@d"


def test_header_injection_through_a_sender_name_is_stripped():
    context = RenderContext({"repName": "x\r\nBcc: a@b"})
    assert header_render("<% repName || Sales %>", context) == "xBcc: a@b"
    assert header_render("<% repName || Sales %>", RenderContext({})) == "Sales"
    assert header_render("Team\r\nBcc: c@d", RenderContext({})) == "TeamBcc: c@d"


def test_header_safe_strips_every_control_character():
    assert header_safe("a\rb\nc\x00d\x1fe\x7ff\x85g\u2028h\u2029i\tj") == "abcdefghij"
    assert header_safe("Émile Zoë — ok") == "Émile Zoë — ok"


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_no_value_puts_a_line_break_in_a_subject(value):
    rendered = subject("<% firstName %> and <% lastName || x %>", {"firstName": value})
    assert not any(ch in rendered for ch in "\r\n\x00\x0b\x0c\x85\u2028\u2029")


# --- RSS ---------------------------------------------------------------------------------

CHANNEL = {
    "title": "Example News",
    "link": "https://news.example.com/",
    "description": "All the news",
    "item": [
        {
            "title": f"Story {n}",
            "description": f"<p>Body {n}<script>evil()</script></p>",
            "pubDate": f"Mon, 0{n} Jun 2026 10:00:00 GMT",
            "link": f"https://news.example.com/{n}",
            "guid": f"guid-{n}",
            "author": "Kim",
            "enclosure": f"https://news.example.com/{n}.jpg",
        }
        for n in (1, 2, 3)
    ],
}


def test_rss_tags_first_item_numbered_items_and_channel_title():
    shared = render_shared(rss_channel=CHANNEL)
    out = text(
        "<% RSS_channelTitle %>: <% RSS_title %> / <% RSS_title_3 %> / <% rss_link_2 %>",
        shared=shared.values,
    )
    assert out == "Example News: Story 1 / Story 3 / https://news.example.com/2"


def test_rss_description_is_sanitised_html_in_html_and_text_elsewhere():
    shared = render_shared(rss_channel=CHANNEL)
    assert html("<div><% RSS_description %></div>", shared=shared.values) == (
        "<div><p>Body 1</p></div>"
    )
    assert text("<% RSS_description %>", shared=shared.values) == "Body 1 evil()"


def test_rss_items_block_repeats_per_item_up_to_the_article_count():
    shared = render_shared(rss_channel=CHANNEL, article_count=2)
    source = (
        '<ul><% RSS_ITEMS %><li><a href="<% RSS_link %>"><% RSS_title %></a> '
        "for <% firstName %></li><% /RSS_ITEMS %></ul>"
    )
    context = RenderContext(
        {"firstName": "Ada"}, shared=shared.values, items=shared.items, tracking=TRACKING
    )
    out = template_compile("", source, "").render(context).html
    assert out == (
        '<ul><li><a href="https://news.example.com/1">Story 1</a> for Ada</li>'
        '<li><a href="https://news.example.com/2">Story 2</a> for Ada</li></ul>'
    )


def test_campaign_values_are_shared_and_a_recipients_own_win():
    shared = render_shared(values={"campaignId": 42, "firstName": "Shared"})
    assert (
        text("<% campaignId %> <% firstName %>", {"firstName": "Own"}, shared=shared.values)
        == "42 Own"
    )


# --- links -------------------------------------------------------------------------------

PAGE = (
    '<p><a href="https://shop.example.com/a?x=1&amp;y=2">Shop <b>now</b></a>'
    "<a class=\"b\" href='http://example.com/b'>B</a>"
    '<a href="mailto:info@example.com">Mail</a>'
    '<a href="https://example.com/u?e=<% mailId %>">Mine</a>'
    '<a href="<% websiteLink %>">Site</a>'
    f'<a href="https://trap.example.com/{BOT_LINK_GUIDS[0]}" style="display:none">.</a></p>'
)


def test_links_are_listed_with_url_text_and_index_bot_traps_left_out():
    links = template_compile("", PAGE, "").links
    assert [(link.index, link.url, link.text, link.tracked) for link in links] == [
        (0, "https://shop.example.com/a?x=1&y=2", "Shop now", True),
        (1, "http://example.com/b", "B", True),
        (2, "mailto:info@example.com", "Mail", False),
        (3, "https://example.com/u?e=<% mailId %>", "Mine", True),
        (4, "<% websiteLink %>", "Site", True),
    ]


def test_tracked_links_are_rewritten_to_the_recipients_click_url():
    values = {"mailId": "a@b.example", "websiteLink": "https://ada.example"}
    out = html(PAGE, values, tracking=TRACKING)
    prefix = "https://t.example.com/c/TOKEN123/"
    for index in (0, 3, 4):
        assert f'href="{prefix}{index}"' in out
    assert f"href='{prefix}1'" in out
    assert 'href="mailto:info@example.com"' in out
    assert f"https://trap.example.com/{BOT_LINK_GUIDS[0]}" in out
    assert "shop.example.com" not in out


def test_without_tracking_links_render_their_tags():
    values = {"mailId": "a&b@x.example", "websiteLink": "https://ada.example"}
    out = html(PAGE, values)
    assert 'href="https://example.com/u?e=a&amp;b@x.example"' in out
    assert 'href="https://ada.example"' in out
    assert "t.example.com" not in out


def test_a_link_starting_with_a_tag_is_tracked_only_when_its_value_is_http():
    out = html(PAGE, {"websiteLink": "javascript:alert(1)"}, tracking=TRACKING)
    assert 'href="javascript:alert(1)"' in out
    assert 'href="https://t.example.com/c/TOKEN123/4"' not in out


def test_link_url_gives_the_personalised_destination():
    compiled = template_compile("", PAGE, "")
    context = RenderContext({"mailId": "a@b.example"})
    assert compiled.link_url(3, context) == "https://example.com/u?e=a@b.example"
    assert compiled.link_url(0, context) == "https://shop.example.com/a?x=1&y=2"
    assert compiled.link_url(99, context) is None


def test_links_check_accepts_the_spec_protocols_and_merge_tags():
    accepted = [
        "http://a.example",
        "https://a.example/x",
        "HTTPS://A.EXAMPLE",
        "mailto:a@b.example",
        "tel:+15550100",
        "sms:+15550100",
        "ftp://files.example/f",
        "file:///c:/x",
        "geo:37.78,-122.4",
        "whatsapp://send?text=hi",
        "skype:someone?call",
        "viber://chat?number=1",
        "intent://scan/#Intent;end",
        "market://details?id=x",
        "<% websiteLink %>",
        "&lt;% websiteLink %&gt;",
    ]
    page = "".join(f'<a href="{url}">{n}</a>' for n, url in enumerate(accepted))
    assert links_check(page) == []


def test_links_check_refuses_other_protocols_and_empty_links():
    page = (
        '<a href="javascript:alert(1)">j</a><a href="">e</a><a href="/relative">r</a>'
        '<a href="data:text/html,x">d</a><a href="http://">h</a>'
        f'<a href="javascript:{BOT_LINK_GUIDS[1]}">trap</a>'
    )
    problems = links_check(page)
    assert [(p.index, p.url, p.message) for p in problems] == [
        (0, "javascript:alert(1)", LINK_PROTOCOL_INVALID),
        (1, "", LINK_EMPTY),
        (2, "/relative", LINK_PROTOCOL_INVALID),
        (3, "data:text/html,x", LINK_PROTOCOL_INVALID),
        (4, "http://", LINK_PROTOCOL_INVALID),
    ]


def test_a_template_without_tags_renders_as_written():
    compiled = template_compile("Plain", "<p>Plain</p>", "Plain")
    assert compiled.render(RenderContext({}, tracking=TRACKING)) == (
        "Plain",
        "<p>Plain</p>",
        "Plain",
    )


def test_a_fallback_is_plain_text_up_to_the_closing_mark():
    assert text("<% a || 10% off & more %>") == "10% off & more"
    assert html("&lt;% a || 10% &amp; more %&gt;") == "10% &amp; more"
    # Markup cannot sit in a fallback: such a tag is left as text, not half-parsed.
    assert text("<% a || <b>x</b> %>") == "<% a || <b>x</b> %>"


def test_compiling_hostile_html_takes_linear_time():
    """Unclosed tags, links and merge-tag openings by the hundred thousand: every pattern
    stops at the next "<", so compiling stays linear (no catastrophic backtracking)."""
    import time

    for hostile in (
        "<a " * 100_000,
        '<a title="' * 100_000,
        "<% a || " * 50_000,
        "<%" * 100_000,
        "&lt;% x ||" * 50_000,
        '<a href="https://x.example">' * 5_000,
    ):
        started = time.process_time()
        template_compile(hostile, hostile, hostile)
        assert time.process_time() - started < 10, hostile[:20]
