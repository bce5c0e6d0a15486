"""The rendering API (gates: config/operation_gates.py)."""

from django.http import HttpRequest
from ninja import Router

from core.responses import ERRORS
from marketing.rendering import selectors
from marketing.rendering.schemas import MergeTagsOut, RssFeedOut

router = Router(tags=["rendering"])


@router.get("/mm/mergeTags", response={200: MergeTagsOut, **ERRORS})
def mergeTagList(request: HttpRequest):
    groups = selectors.merge_tag_groups()
    return {
        "groups": [
            {
                "key": group.key,
                "label": group.label,
                "tags": [
                    {"name": tag.name, "label": tag.label, "tag": f"<% {tag.name} %>"}
                    for tag in group.tags
                ],
            }
            for group in groups
        ]
    }


@router.get("/getRSSXML", response={200: RssFeedOut, **ERRORS})
def getRSSXML(request: HttpRequest, rssFeedUrl: str):  # noqa: N803 - the spec's parameter
    channel = selectors.rss_feed_get(url=rssFeedUrl)
    return {"status": 1, "date": {"data": {"channel": channel}}}
