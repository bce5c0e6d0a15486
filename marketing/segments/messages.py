"""What the segments app says to people (spec 5.4, 5.8 and 5.1 where the spec words it);
the rule tree's own checks keep theirs beside them (rules.py)."""

from marketing.segments.rules import WEBSITE_REQUIRED  # noqa: F401 - one catalogue

NAME_TAKEN = "A segment with this name already exists."
STATIC_FIXED = "A static segment cannot be renamed or have its website changed."
TYPE_FIXED = "A segment's type cannot be changed."
UNKNOWN_FIELD = "This field does not exist."
OPERATOR_NOT_FOR_FIELD = "This condition does not apply to this field."
TEXT_EXPECTED = "Please enter a text."
YES_NO_EXPECTED = "Please choose yes or no."
UNKNOWN_OPTION = "Please choose among the field's options."
EXPORT_TOO_MANY = "An export is limited to {limit:,} records; this segment has {count:,}."
SEGMENT_TOO_SLOW = "This segment takes too long to count: please simplify its rules."
