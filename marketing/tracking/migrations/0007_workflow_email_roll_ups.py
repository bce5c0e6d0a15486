"""A workflow email's roll-ups (models.py: WorkflowEmailEventCount, WorkflowEmailEventPerson),
kept by a statement-level trigger on the events table beside the campaigns' (0006), on
the same terms: each writer's INSERT counts in its own transaction, rows are taken in key
order, TRUNCATE empties them. Counted: sent (1), opened (3), clicked (4), bounced (5),
complained (6) and unsubscribed (7) events naming a workflow step. The trigger is created
before the backfill, so each event is counted once."""

from django.db import migrations, models

_COUNTED = """
    counted AS (
        SELECT workflow_step_id, event_type, machine, profile_id FROM {source}
        WHERE workflow_step_id IS NOT NULL AND event_type IN (1, 3, 4, 5, 6, 7)
    )"""

ROLL_UP = f"""
CREATE FUNCTION tracking_workflow_email_events_roll_up() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    IF NOT EXISTS (SELECT FROM added WHERE workflow_step_id IS NOT NULL) THEN
        RETURN NULL;
    END IF;
    WITH {_COUNTED.format(source="added")},
    firsts AS (
        INSERT INTO tracking_workflowemaileventperson AS p
            (workflow_step_id, event_type, machine, profile_id)
        SELECT DISTINCT * FROM counted ORDER BY 1, 2, 3, 4
        ON CONFLICT DO NOTHING
        RETURNING p.workflow_step_id, p.event_type, p.machine
    ),
    people AS (
        SELECT workflow_step_id, event_type, machine, count(*) AS people
        FROM firsts GROUP BY 1, 2, 3
    )
    INSERT INTO tracking_workflowemaileventcount AS c
        (workflow_step_id, event_type, machine, events, people)
    SELECT e.workflow_step_id, e.event_type, e.machine, e.events, coalesce(p.people, 0)
    FROM (
        SELECT workflow_step_id, event_type, machine, count(*) AS events
        FROM counted GROUP BY 1, 2, 3
    ) e LEFT JOIN people p USING (workflow_step_id, event_type, machine)
    ORDER BY 1, 2, 3
    ON CONFLICT (workflow_step_id, event_type, machine) DO UPDATE
        SET events = c.events + excluded.events, people = c.people + excluded.people;
    RETURN NULL;
END $$;

CREATE TRIGGER tracking_event_workflow_roll_up AFTER INSERT ON tracking_emailevent
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION tracking_workflow_email_events_roll_up();

CREATE FUNCTION tracking_workflow_email_events_emptied() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    TRUNCATE tracking_workflowemaileventcount, tracking_workflowemaileventperson;
    RETURN NULL;
END $$;

CREATE TRIGGER tracking_event_workflow_emptied AFTER TRUNCATE ON tracking_emailevent
    FOR EACH STATEMENT EXECUTE FUNCTION tracking_workflow_email_events_emptied();
"""

BACKFILL = f"""
WITH {_COUNTED.format(source="tracking_emailevent")},
firsts AS (
    INSERT INTO tracking_workflowemaileventperson
        (workflow_step_id, event_type, machine, profile_id)
    SELECT DISTINCT * FROM counted
)
INSERT INTO tracking_workflowemaileventcount
    (workflow_step_id, event_type, machine, events, people)
SELECT workflow_step_id, event_type, machine, count(*), count(DISTINCT profile_id)
FROM counted GROUP BY 1, 2, 3;
"""

DROP = """
DROP TRIGGER tracking_event_workflow_emptied ON tracking_emailevent;
DROP FUNCTION tracking_workflow_email_events_emptied();
DROP TRIGGER tracking_event_workflow_roll_up ON tracking_emailevent;
DROP FUNCTION tracking_workflow_email_events_roll_up();
"""

_TYPES = [
    (1, "Sent"),
    (2, "Delivered"),
    (3, "Opened"),
    (4, "Clicked"),
    (5, "Bounced"),
    (6, "Complained"),
    (7, "Unsubscribed"),
]


class Migration(migrations.Migration):
    dependencies = [
        ("tracking", "0006_campaign_event_roll_ups"),
    ]

    operations = [
        migrations.CreateModel(
            name="WorkflowEmailEventCount",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "workflow_step_id",
                        "event_type",
                        "machine",
                        blank=True,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("workflow_step_id", models.BigIntegerField()),
                ("event_type", models.PositiveSmallIntegerField(choices=_TYPES)),
                ("machine", models.BooleanField()),
                ("events", models.BigIntegerField()),
                ("people", models.BigIntegerField()),
            ],
        ),
        migrations.CreateModel(
            name="WorkflowEmailEventPerson",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "workflow_step_id",
                        "event_type",
                        "machine",
                        "profile_id",
                        blank=True,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("workflow_step_id", models.BigIntegerField()),
                ("event_type", models.PositiveSmallIntegerField(choices=_TYPES)),
                ("machine", models.BooleanField()),
                ("profile_id", models.BigIntegerField()),
            ],
        ),
        migrations.RunSQL(ROLL_UP + BACKFILL, DROP),
    ]
