"""System UTM tags on a template's links (marketing/rendering/utm.py, through services):
added to web links, never over the marketer's own, never on merge-tag links (the message's
unsubscribe, preferences and view-in-browser links), mailto/tel, anchors or bot traps; the
rest of the URL kept as written."""

from marketing.rendering.catalogue import BOT_LINK_GUIDS
from marketing.rendering.services import (
    html_links_utm_add,
    template_compile,
    text_links_utm_add,
)

UTM = {"utm_source": "mailcraft", "utm_medium": "email", "utm_campaign": "autumn-sale"}
TAGS = "utm_source=mailcraft&amp;utm_medium=email&amp;utm_campaign=autumn-sale"


def test_web_links_get_the_three_tags():
    source = (
        '<a href="https://shop.example/sale">Sale</a>'
        "<a href='http://shop.example/a?b=1&amp;c=2#top'>A</a>"
        "<A HREF=https://shop.example/x?>X</A>"
    )
    assert html_links_utm_add(source, UTM) == (
        f'<a href="https://shop.example/sale?{TAGS}">Sale</a>'
        f"<a href='http://shop.example/a?b=1&amp;c=2&amp;{TAGS}#top'>A</a>"
        f"<A HREF=https://shop.example/x?{TAGS}>X</A>"
    )


def test_the_marketers_own_utm_parameters_are_kept():
    source = '<a href="https://shop.example/?UTM_Source=spring&amp;utm_campaign=">S</a>'
    assert html_links_utm_add(source, UTM) == (
        '<a href="https://shop.example/?UTM_Source=spring&amp;utm_campaign=&amp;'
        'utm_medium=email">S</a>'
    )
    complete = "<a href='https://shop.example/?utm_source=a&utm_medium=b&utm_campaign=c'>S</a>"
    assert html_links_utm_add(complete, UTM) == complete


def test_system_personalised_and_other_links_are_left_as_written():
    trap = f'<a href="https://shop.example/{BOT_LINK_GUIDS[0]}" style="display:none">x</a>'
    source = (
        '<a href="<% unsubscribeLink %>">Unsubscribe</a>'
        '<a href="<% updatePreferencesLink %>">Preferences</a>'
        '<a href="&lt;% viewInBrowserLink %&gt;">Web</a>'
        '<a href=" <% websiteLink %>/shop">Site</a>'
        '<a href="mailto:sales@shop.example?subject=Hi">Mail</a>'
        '<a href="tel:+15550100">Call</a><a href="#top">Top</a><a href="/relative">R</a>'
        f"<a name='x'>anchor</a>{trap}"
    )
    assert html_links_utm_add(source, UTM) == source


def test_merge_tags_inside_a_web_link_stay_and_the_link_is_tagged():
    source = '<p><% firstName %></p><a href="https://shop.example/?id=<% customerId || 0 %>">Go</a>'
    tagged = html_links_utm_add(source, UTM)
    assert tagged == (
        '<p><% firstName %></p><a href="https://shop.example/?id=<% customerId || 0 %>'
        f'&amp;{TAGS}">Go</a>'
    )
    [link] = template_compile("", tagged, "").links
    assert link.url == (
        "https://shop.example/?id=<% customerId || 0 %>"
        "&utm_source=mailcraft&utm_medium=email&utm_campaign=autumn-sale"
    )


def test_values_are_encoded_in_the_query():
    tagged = html_links_utm_add(
        '<a href="https://shop.example/">S</a>', {"utm_campaign": "soldes-d’été & co"}
    )
    assert tagged == (
        '<a href="https://shop.example/?utm_campaign=soldes-d%E2%80%99%C3%A9t%C3%A9+%26+co">S</a>'
    )


def test_text_urls_get_the_tags_without_their_trailing_punctuation():
    text = (
        "Shop now: https://shop.example/sale.\n"
        "(https://shop.example/a?b=1) https://shop.example/?utm_medium=sms\n"
        "Yours: https://shop.example/?id=<% customerId %>, or <% unsubscribeLink %>\n"
        "mailto:sales@shop.example"
    )
    tags = TAGS.replace("&amp;", "&")
    assert text_links_utm_add(text, UTM) == (
        f"Shop now: https://shop.example/sale?{tags}.\n"
        f"(https://shop.example/a?b=1&{tags}) "
        "https://shop.example/?utm_medium=sms&utm_source=mailcraft&utm_campaign=autumn-sale\n"
        f"Yours: https://shop.example/?id=<% customerId %>&{tags}, or <% unsubscribeLink %>\n"
        "mailto:sales@shop.example"
    )


def test_nothing_to_add_changes_nothing():
    assert html_links_utm_add("", UTM) == ""
    assert text_links_utm_add("https://a.example/", {}) == "https://a.example/"
