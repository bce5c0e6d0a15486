"""What the landing pages app says to people: the spec's wording where it gives it (5.1's
'Please fill {field} ', 4's pop-up rule, 5.4, 5.10), ours where it does not. What a
visitor reads on the pages host is here too."""

NAME_REQUIRED = "Please fill Landing Page Name "  # spec 5.1's form helper, 5.4
SLUG_REQUIRED = "Please fill Page URL "
SLUG_TAKEN = "This page URL is already in use."
PAGE_NOT_FOUND = "Landing page not found."
VERSION_NOT_FOUND = "Version not found."
ALREADY_PUBLISHED = "The page is already published."
NOT_PUBLISHED = "The page is not published."
DELETE_PUBLISHED = "Please unpublish the page before deleting it."
NOTHING_TO_PUBLISH = "Please design the page before publishing it."
# spec 4
POPUP_LINKED = (
    "This pop-up page cannot be unpublished while published landing pages are still linked"
    " to it. Please unlink them first."
)
NOT_A_POPUP = "This page is not a pop-up page."
# spec 5.10
REDIRECT_URL_INVALID = "Please enter a valid auto-redirect URL."
REDIRECT_SAME_PAGE = "The same page URL cannot be used for the redirect."
STICKY_HEADER_PLACE = "A sticky header cannot go below other objects and nothing goes above it."
VIDEO_URL_INVALID = "A video background needs a self-hosted direct link (MP4, WebM, MOV, MKV)."
POPUP_SETTING_REQUIRED = "A popup needs one popup setting enabled to publish."
CHECKOUT_FORM_REQUIRED = "A checkout page needs a checkout form to publish."
# what the page links to
POPUP_UNKNOWN = "A pop-up page linked from this page is not published."
FORM_UNKNOWN = "A form on this page is not published."
IMAGE_URL_INVALID = "Please enter a valid image URL."
CSS_INVALID = "The page's styles hold something that is not a style."
# the pages host
GONE_TITLE = "This page is no longer available"
GONE_TEXT = "The page you are looking for has been unpublished."
MISSING_TITLE = "Page not found"
MISSING_TEXT = "There is no page at this address."
