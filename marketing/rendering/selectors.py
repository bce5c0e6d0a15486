"""Reads of the rendering app: the merge-tag picker's groups and RSS feeds."""

from marketing.audience.selectors.fields import merge_field_list, profile_field_list
from marketing.rendering import feeds
from marketing.rendering.catalogue import (
    CLIENT_GROUP_KEY,
    CLIENT_GROUP_LABEL,
    CUSTOM_GROUP_KEY,
    CUSTOM_GROUP_LABEL,
    FIXED_GROUPS,
    TIME_TRADE_LINK,
    MergeTag,
    MergeTagGroup,
)


def merge_tag_groups() -> list[MergeTagGroup]:
    """Spec 3's groups for the picker: the client fields (the profile field registry's
    merge fields, as getFields lists them, and TimeTrade link), the client's custom fields,
    then the fixed groups of the catalogue."""
    custom = [MergeTag(f.key, f.label) for f in profile_field_list()]
    custom_keys = {tag.name for tag in custom}
    client = tuple(
        MergeTag(f["fieldName"], f["displayName"])
        for f in merge_field_list()
        if f["fieldName"] not in custom_keys
    )
    return [
        MergeTagGroup(CLIENT_GROUP_KEY, CLIENT_GROUP_LABEL, (*client, TIME_TRADE_LINK)),
        MergeTagGroup(CUSTOM_GROUP_KEY, CUSTOM_GROUP_LABEL, tuple(custom)),
        *FIXED_GROUPS,
    ]


def rss_feed_get(*, url: str) -> dict:
    """getRSSXML's channel (title, link, description, item list); see feeds.feed_fetch."""
    return feeds.feed_fetch(url)
