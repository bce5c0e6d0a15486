"""Sending in each recipient's time zone: a profile's zone is its `timeZone` custom value
when that names a zone PostgreSQL knows, else the zone of its country (and US or Canadian
state, Australian state), else the client's. The due time is the schedule's wall-clock
time (read in the client's zone) in that zone."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from marketing.audience.sql_surface import profile_table

# Country (ISO code or English name, lower case) -> its most populous zone. Enough to
# place most of a client's audience; the rest get the client's zone.
COUNTRY_ZONES = {
    "us": "America/New_York", "usa": "America/New_York", "united states": "America/New_York",
    "united states of america": "America/New_York",
    "ca": "America/Toronto", "canada": "America/Toronto",
    "mx": "America/Mexico_City", "mexico": "America/Mexico_City",
    "br": "America/Sao_Paulo", "brazil": "America/Sao_Paulo",
    "ar": "America/Argentina/Buenos_Aires", "argentina": "America/Argentina/Buenos_Aires",
    "gb": "Europe/London", "uk": "Europe/London", "united kingdom": "Europe/London",
    "ie": "Europe/Dublin", "ireland": "Europe/Dublin",
    "fr": "Europe/Paris", "france": "Europe/Paris",
    "de": "Europe/Berlin", "germany": "Europe/Berlin",
    "es": "Europe/Madrid", "spain": "Europe/Madrid",
    "it": "Europe/Rome", "italy": "Europe/Rome",
    "nl": "Europe/Amsterdam", "netherlands": "Europe/Amsterdam",
    "be": "Europe/Brussels", "belgium": "Europe/Brussels",
    "ch": "Europe/Zurich", "switzerland": "Europe/Zurich",
    "se": "Europe/Stockholm", "sweden": "Europe/Stockholm",
    "no": "Europe/Oslo", "norway": "Europe/Oslo",
    "pl": "Europe/Warsaw", "poland": "Europe/Warsaw",
    "pt": "Europe/Lisbon", "portugal": "Europe/Lisbon",
    "gr": "Europe/Athens", "greece": "Europe/Athens",
    "tr": "Europe/Istanbul", "turkey": "Europe/Istanbul",
    "ru": "Europe/Moscow", "russia": "Europe/Moscow",
    "in": "Asia/Kolkata", "india": "Asia/Kolkata",
    "cn": "Asia/Shanghai", "china": "Asia/Shanghai",
    "jp": "Asia/Tokyo", "japan": "Asia/Tokyo",
    "kr": "Asia/Seoul", "south korea": "Asia/Seoul",
    "sg": "Asia/Singapore", "singapore": "Asia/Singapore",
    "ae": "Asia/Dubai", "united arab emirates": "Asia/Dubai",
    "za": "Africa/Johannesburg", "south africa": "Africa/Johannesburg",
    "ng": "Africa/Lagos", "nigeria": "Africa/Lagos",
    "au": "Australia/Sydney", "australia": "Australia/Sydney",
    "nz": "Pacific/Auckland", "new zealand": "Pacific/Auckland",
}  # fmt: skip
# (country, state) where a country spans zones: US, Canada and Australia by state code
# or name (lower case).
STATE_ZONES = {
    **{("us", s): "America/New_York" for s in (
        "ct", "de", "fl", "ga", "in", "ky", "me", "md", "ma", "mi", "nh", "nj", "ny", "nc",
        "oh", "pa", "ri", "sc", "vt", "va", "wv", "dc", "new york", "florida", "georgia",
        "massachusetts", "pennsylvania", "ohio", "michigan", "virginia", "new jersey")},
    **{("us", s): "America/Chicago" for s in (
        "al", "ar", "il", "ia", "ks", "la", "mn", "ms", "mo", "ne", "nd", "ok", "sd", "tn",
        "tx", "wi", "texas", "illinois", "minnesota", "tennessee", "wisconsin", "missouri")},
    **{("us", s): "America/Denver" for s in (
        "co", "id", "mt", "nm", "ut", "wy", "colorado", "utah")},
    **{("us", s): "America/Phoenix" for s in ("az", "arizona")},
    **{("us", s): "America/Los_Angeles" for s in (
        "ca", "nv", "or", "wa", "california", "nevada", "oregon", "washington")},
    **{("us", s): "America/Anchorage" for s in ("ak", "alaska")},
    **{("us", s): "Pacific/Honolulu" for s in ("hi", "hawaii")},
    **{("ca", s): "America/Vancouver" for s in ("bc", "british columbia")},
    **{("ca", s): "America/Edmonton" for s in ("ab", "alberta")},
    **{("ca", s): "America/Winnipeg" for s in ("mb", "manitoba")},
    **{("ca", s): "America/Halifax" for s in ("ns", "nova scotia")},
    **{("au", s): "Australia/Perth" for s in ("wa", "western australia")},
    **{("au", s): "Australia/Brisbane" for s in ("qld", "queensland")},
    **{("au", s): "Australia/Adelaide" for s in ("sa", "south australia")},
}  # fmt: skip
_COUNTRY_CODES = {"united states": "us", "usa": "us", "united states of america": "us",
                  "canada": "ca", "australia": "au"}  # fmt: skip


def _zone_pairs() -> tuple[list[str], list[str], list[str], list[str], list[str]]:
    countries, zones = zip(*COUNTRY_ZONES.items(), strict=True)
    s_countries, s_states, s_zones = [], [], []
    for (country, state), zone in STATE_ZONES.items():
        for name in {country, *(n for n, c in _COUNTRY_CODES.items() if c == country)}:
            s_countries.append(name)
            s_states.append(state)
            s_zones.append(zone)
    return list(countries), list(zones), s_countries, s_states, s_zones


def profile_due_sql(scheduled_at: datetime, *, client_zone: str) -> tuple[str, list]:
    """SQL selecting each profile's id (`profile_id`) and the instant (`due`) the
    schedule's wall-clock time (read in the client's zone) comes in the profile's own zone,
    and its parameters. Hash joins against the zone tables, no per-row subquery."""
    wall = scheduled_at.astimezone(ZoneInfo(client_zone)).replace(tzinfo=None)
    countries, zones, s_countries, s_states, s_zones = _zone_pairs()
    return (
        "SELECT p.id AS profile_id, (%s::timestamp AT TIME ZONE"
        " COALESCE(tz.name, sz.zone, cz.zone, %s)) AS due"
        f" FROM {profile_table()} p"
        " LEFT JOIN pg_timezone_names tz ON tz.name = p.custom->>'timeZone'"
        " LEFT JOIN unnest(%s::text[], %s::text[], %s::text[]) AS sz(country, state, zone)"
        " ON sz.country = lower(btrim(p.country)) AND sz.state = lower(btrim(p.state))"
        " LEFT JOIN unnest(%s::text[], %s::text[]) AS cz(country, zone)"
        " ON cz.country = lower(btrim(p.country))",
        [wall, client_zone, s_countries, s_states, s_zones, countries, zones],
    )
