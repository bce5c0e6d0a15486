"""Which campaigns use a header or a footer (spec 7: checkHeaderAssociatedCampaigns,
checkFooterAssociatedCampaigns), asked before one is deleted.

Campaigns sit above content in the layers, so content cannot ask them: the campaigns app
registers a provider here in its AppConfig.ready() instead. A provider is
`fn(header_or_footer_id: int) -> list[tuple[str, str]]`, the (campaign name, status) of
every campaign of the current client's schema that uses it; the status is one of the
spec's campaign statuses (Draft, Published, Unpublished, Scheduled, ...). The answers of
every provider are joined, in the order they were registered."""

from collections.abc import Callable

Provider = Callable[[int], list[tuple[str, str]]]

_header_providers: list[Provider] = []
_footer_providers: list[Provider] = []


def register_header_reference(provider: Provider) -> Provider:
    """Registering the same provider twice is harmless. Usable as a decorator."""
    if provider not in _header_providers:
        _header_providers.append(provider)
    return provider


def register_footer_reference(provider: Provider) -> Provider:
    if provider not in _footer_providers:
        _footer_providers.append(provider)
    return provider


def unregister_reference(provider: Provider) -> None:
    """For tests: forget a provider wherever it was registered."""
    for providers in (_header_providers, _footer_providers):
        if provider in providers:
            providers.remove(provider)


def _ask(providers: list[Provider], object_id: int) -> list[tuple[str, str]]:
    return [(str(name), str(status)) for fn in providers for name, status in fn(object_id)]


def header_campaigns(header_id: int) -> list[tuple[str, str]]:
    return _ask(_header_providers, header_id)


def footer_campaigns(footer_id: int) -> list[tuple[str, str]]:
    return _ask(_footer_providers, footer_id)
