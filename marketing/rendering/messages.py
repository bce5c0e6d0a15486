"""What the rendering app says to people: link checks (spec 5.1) and RSS feeds (spec 5.2,
7 getRSSXML)."""

# Link checking (spec 5.1): the accepted protocols, or the start of a merge tag.
LINK_PROTOCOL_INVALID = (
    "Please enter a valid link: it must start with http, https, mailto, tel, sms, ftp, "
    "file, geo, whatsapp, skype, viber, intent or market, or with a merge tag."
)
LINK_EMPTY = "Please enter a link."

# GET /api/getRSSXML
RSS_URL_INVALID = "Please enter a valid RSS URL."
RSS_URL_REFUSED = "This RSS URL points to an address that cannot be reached from here."
RSS_UNREACHABLE = "The RSS feed could not be reached. Please check the URL and try again."
RSS_TIMEOUT = "The RSS feed took too long to answer. Please try again later."
RSS_TOO_MANY_REDIRECTS = "The RSS URL redirects too many times."
RSS_HTTP_ERROR = "The RSS feed answered with an error ({status})."
RSS_TOO_LARGE = "The RSS feed is larger than {mb} MB."
RSS_NOT_A_FEED = "This URL does not point to a valid RSS feed."

# Merge tags the renderer cannot read (compiler.unreadable_tags), refused on save, test and send.
MERGE_TAG_UNREADABLE = (
    "This merge tag cannot be read: {tag}. Write it as <% name %> or <% name || fallback %>."
)
