"""Who a claimed row is for: a profile, or a bare address (a test send's typed addresses,
a transactional message to someone who is no profile).

A bare address gets a ledger row like any recipient (one outcome per message, the same
retries and suppression check), under a profile id from a range no profile reaches
(`ADDRESS_ROW_BASE` and up), so the row stays unique per send. Its message renders with
every merge tag at its fallback, the address aside."""

from __future__ import annotations

from marketing.audience.selectors.merge import profiles_for_merge
from marketing.delivery.services.ledger import ADDRESS_ROW_BASE, Claimed


def is_address_row(profile_id: int) -> bool:
    return profile_id >= ADDRESS_ROW_BASE


class AddressOnly:
    """Stands in for a profile when rendering a bare address's message: no field has a
    value but the email, so merge tags show their fallbacks."""

    custom = None
    rep = None
    pk = None

    def __init__(self, email: str) -> None:
        self.email = email

    def __getattr__(self, name: str) -> None:
        return None


def recipients_by_id(claimed: list[Claimed]) -> dict[int, object]:
    """The claimed rows' profiles by id (with their reps, and only what merge tags read),
    and stand-ins for bare addresses; a profile erased since the claim is missing."""
    found = profiles_for_merge([c.profile_id for c in claimed if not is_address_row(c.profile_id)])
    for row in claimed:
        if is_address_row(row.profile_id):
            found[row.profile_id] = AddressOnly(row.email)
    return found
