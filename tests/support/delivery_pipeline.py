"""The fault tests' pipeline settings: how long a claim holds in their workers, one run's
length, and the content every send of theirs carries."""

from __future__ import annotations

LEASE = 6  # seconds a claim holds in these workers
TASK_SECONDS = 4  # one run's length (then it sends itself again)
CONTENT = dict(
    subject="Hello <% firstName || friend %>",
    html='<p>Hi <% firstName || there %></p><p><a href="https://shop.example/sale">Sale</a></p>',
    text="Hi <% firstName || there %>",
    from_name="Shop",
    from_address="news@shop.example",
)
