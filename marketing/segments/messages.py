"""What the segments app says to people (spec 5.4, 5.8 and 5.1 where the spec words it);
the rule tree's own checks keep theirs beside them (rules.py)."""

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

# The rule tree's own checks (rules.py).
VALUE_EMPTY = "The value must not be empty."
RANGE_ORDER = "To must be greater than From."
PERIOD_POSITIVE = "Days, weeks or months must be greater than zero."
DATES_ORDER = "To date must be after From date."
WEBSITE_REQUIRED = "At least one website is required."
TOO_MANY_RULES = "A segment can hold at most 50 rules, nested at most 4 deep."
PAST_ONLY = "Email activity can only be looked for in the past."
