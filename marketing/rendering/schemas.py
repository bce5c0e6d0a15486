"""The rendering API's contract (camelCase on the wire)."""

from ninja import Schema


class MergeTagOut(Schema):
    name: str
    label: str
    tag: str  # what the designer inserts: <% name %>


class MergeTagGroupOut(Schema):
    key: str
    label: str
    tags: list[MergeTagOut]


class MergeTagsOut(Schema):
    groups: list[MergeTagGroupOut]


class RssItemOut(Schema):
    title: str
    description: str
    pubDate: str  # noqa: N815 - the spec's wire names
    link: str
    guid: str
    author: str
    enclosure: str


class RssChannelOut(Schema):
    title: str
    link: str
    description: str
    item: list[RssItemOut]


class RssDataOut(Schema):
    channel: RssChannelOut


class RssDateOut(Schema):
    data: RssDataOut


class RssFeedOut(Schema):
    """Spec 7 getRSSXML: `status, date.data.channel item list` (the spec's `date`)."""

    status: int
    date: RssDateOut
