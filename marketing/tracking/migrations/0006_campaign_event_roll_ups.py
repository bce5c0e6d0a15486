"""The campaign report's roll-ups of the events (models.py: CampaignEventCount,
CampaignEventPerson, CampaignTimelineQuarter), kept by a statement-level trigger on the
events table that reads the statement's new rows (a transition table): every writer's
INSERT counts in its own transaction, so a rolled-back write counts nothing and a batch
the writer skips as already flushed (FlushedBatch) is never counted twice. TRUNCATE of the
events empties them too. Plain SQL (no extension): the embedded PostgreSQL runs it.

Reported events are opens (3), clicks (4), complaints (6) and unsubscribes (7) naming a
campaign; the timeline keeps human opens and clicks. The trigger is created before the
backfill: its lock keeps writers out until this migration commits, so each event is
counted exactly once, by the backfill or by the trigger. The campaign index of machine
events (0004) goes: its only reader, the report, reads the roll-ups instead."""

from django.db import migrations, models

# The rows of `source` a report counts, once for the whole campaign (link 0) and once more
# per link for clicks: (campaign_id, event_type, link_id, machine, profile_id).
_COUNTED = """
    reported AS (
        SELECT campaign_id, event_type, coalesce(link_id, 0) AS link_id, machine, profile_id
        FROM {source} WHERE campaign_id IS NOT NULL AND event_type IN (3, 4, 6, 7)
    ),
    counted AS (
        SELECT campaign_id, event_type, 0::bigint AS link_id, machine, profile_id FROM reported
        UNION ALL
        SELECT * FROM reported WHERE link_id <> 0
    )"""

_QUARTERS = """
    SELECT campaign_id, event_type, date_bin('15 minutes', occurred_at, '2000-01-01 00:00+00'),
        count(*), min(occurred_at), max(occurred_at)
    FROM {source} WHERE campaign_id IS NOT NULL AND NOT machine AND event_type IN (3, 4)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"""

# Rows are taken in key order so that two writers lock shared keys in the same order.
ROLL_UP = f"""
CREATE FUNCTION tracking_campaign_events_roll_up() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    -- Most statements count nothing (the send pipeline's one `sent` event per message):
    -- they leave after this one probe of their own rows.
    IF NOT EXISTS (
        SELECT FROM added WHERE campaign_id IS NOT NULL AND event_type IN (3, 4, 6, 7)
    ) THEN
        RETURN NULL;
    END IF;
    WITH {_COUNTED.format(source="added")},
    firsts AS (
        INSERT INTO tracking_campaigneventperson AS p
            (campaign_id, event_type, link_id, machine, profile_id)
        SELECT DISTINCT * FROM counted ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT DO NOTHING
        RETURNING p.campaign_id, p.event_type, p.link_id, p.machine
    ),
    people AS (
        SELECT campaign_id, event_type, link_id, machine, count(*) AS people
        FROM firsts GROUP BY 1, 2, 3, 4
    )
    INSERT INTO tracking_campaigneventcount AS c
        (campaign_id, event_type, link_id, machine, events, people)
    SELECT e.campaign_id, e.event_type, e.link_id, e.machine, e.events, coalesce(p.people, 0)
    FROM (
        SELECT campaign_id, event_type, link_id, machine, count(*) AS events
        FROM counted GROUP BY 1, 2, 3, 4
    ) e LEFT JOIN people p USING (campaign_id, event_type, link_id, machine)
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (campaign_id, event_type, link_id, machine) DO UPDATE
        SET events = c.events + excluded.events, people = c.people + excluded.people;

    INSERT INTO tracking_campaigntimelinequarter AS t
        (campaign_id, event_type, starts_at, events, first_at, last_at)
    {_QUARTERS.format(source="added")}
    ON CONFLICT (campaign_id, event_type, starts_at) DO UPDATE
        SET events = t.events + excluded.events,
            first_at = least(t.first_at, excluded.first_at),
            last_at = greatest(t.last_at, excluded.last_at);
    RETURN NULL;
END $$;

CREATE TRIGGER tracking_event_roll_up AFTER INSERT ON tracking_emailevent
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION tracking_campaign_events_roll_up();

CREATE FUNCTION tracking_campaign_events_emptied() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    TRUNCATE tracking_campaigneventcount, tracking_campaigneventperson,
        tracking_campaigntimelinequarter;
    RETURN NULL;
END $$;

CREATE TRIGGER tracking_event_emptied AFTER TRUNCATE ON tracking_emailevent
    FOR EACH STATEMENT EXECUTE FUNCTION tracking_campaign_events_emptied();
"""

BACKFILL = f"""
WITH {_COUNTED.format(source="tracking_emailevent")},
firsts AS (
    INSERT INTO tracking_campaigneventperson
        (campaign_id, event_type, link_id, machine, profile_id)
    SELECT DISTINCT * FROM counted
)
INSERT INTO tracking_campaigneventcount
    (campaign_id, event_type, link_id, machine, events, people)
SELECT campaign_id, event_type, link_id, machine, count(*), count(DISTINCT profile_id)
FROM counted GROUP BY 1, 2, 3, 4;

INSERT INTO tracking_campaigntimelinequarter
    (campaign_id, event_type, starts_at, events, first_at, last_at)
{_QUARTERS.format(source="tracking_emailevent")};
"""

DROP = """
DROP TRIGGER tracking_event_emptied ON tracking_emailevent;
DROP FUNCTION tracking_campaign_events_emptied();
DROP TRIGGER tracking_event_roll_up ON tracking_emailevent;
DROP FUNCTION tracking_campaign_events_roll_up();
"""


class Migration(migrations.Migration):
    dependencies = [
        ("tracking", "0005_event_human_campaign_by_person"),
    ]

    operations = [
        migrations.CreateModel(
            name="CampaignEventCount",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "campaign_id",
                        "event_type",
                        "link_id",
                        "machine",
                        blank=True,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("campaign_id", models.BigIntegerField()),
                (
                    "event_type",
                    models.PositiveSmallIntegerField(
                        choices=[
                            (1, "Sent"),
                            (2, "Delivered"),
                            (3, "Opened"),
                            (4, "Clicked"),
                            (5, "Bounced"),
                            (6, "Complained"),
                            (7, "Unsubscribed"),
                        ]
                    ),
                ),
                ("link_id", models.BigIntegerField()),
                ("machine", models.BooleanField()),
                ("events", models.BigIntegerField()),
                ("people", models.BigIntegerField()),
            ],
        ),
        migrations.CreateModel(
            name="CampaignEventPerson",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "campaign_id",
                        "event_type",
                        "link_id",
                        "machine",
                        "profile_id",
                        blank=True,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("campaign_id", models.BigIntegerField()),
                (
                    "event_type",
                    models.PositiveSmallIntegerField(
                        choices=[
                            (1, "Sent"),
                            (2, "Delivered"),
                            (3, "Opened"),
                            (4, "Clicked"),
                            (5, "Bounced"),
                            (6, "Complained"),
                            (7, "Unsubscribed"),
                        ]
                    ),
                ),
                ("link_id", models.BigIntegerField()),
                ("machine", models.BooleanField()),
                ("profile_id", models.BigIntegerField()),
            ],
        ),
        migrations.CreateModel(
            name="CampaignTimelineQuarter",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "campaign_id",
                        "event_type",
                        "starts_at",
                        blank=True,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("campaign_id", models.BigIntegerField()),
                (
                    "event_type",
                    models.PositiveSmallIntegerField(
                        choices=[
                            (1, "Sent"),
                            (2, "Delivered"),
                            (3, "Opened"),
                            (4, "Clicked"),
                            (5, "Bounced"),
                            (6, "Complained"),
                            (7, "Unsubscribed"),
                        ]
                    ),
                ),
                ("starts_at", models.DateTimeField()),
                ("events", models.BigIntegerField()),
                ("first_at", models.DateTimeField()),
                ("last_at", models.DateTimeField()),
            ],
        ),
        migrations.RunSQL(ROLL_UP + BACKFILL, DROP),
        migrations.RemoveIndex(model_name="emailevent", name="event_machine_campaign"),
    ]
