"""The text part made from an HTML template (plain_text.py): readable lines, links as
`text (url)`, merge tags kept for the renderer, nothing from head, style or script."""

from marketing.delivery.plain_text import text_from_html


def test_blocks_links_images_and_merge_tags():
    html = (
        "<html><head><title>T</title><style>p{color:red}</style></head><body>"
        "<h1>News</h1><p>Hi &lt;% firstName || there %&gt;,<br>read "
        '<a href="https://example.com/a">the story</a>.</p>'
        '<ul><li>One</li><li>Two</li></ul><img src="x.png" alt="Logo">'
        '<p><a href="<% unsubscribeLink %>">Unsubscribe</a> '
        '<a href="https://example.com/b">https://example.com/b</a> '
        '<a href="mailto:a@example.com">a@example.com</a></p>'
        "<script>alert(1)</script></body></html>"
    )
    assert text_from_html(html) == (
        "News\n\n"
        "Hi <% firstName || there %>,\n"
        "read the story (https://example.com/a).\n\n"
        "- One\n- Two\n"
        "Logo\n\n"
        "Unsubscribe (<% unsubscribeLink %>) https://example.com/b a@example.com\n"
    )


def test_empty_and_broken_html():
    assert text_from_html("") == "\n"
    assert text_from_html("<p>unclosed <b>bold <a href='x'>link") == "unclosed bold link (x)\n"
