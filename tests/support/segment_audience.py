"""A small random audience in the current schema: custom fields of every type, groups, tags,
profiles and email events; and the plain-Python truth the compiled queries are held to."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field

from django.utils import timezone

from marketing.audience.models import (
    Group,
    Profile,
    ProfileField,
    ProfileGroup,
    ProfileTag,
    Tag,
)
from marketing.tracking.models import EVENT_NAMES, EmailEvent

PLANS = ("Gold", "Silver", "Bronze")


INTERESTS = ("news", "sales", "events")


WORDS = ("ann", "bob", "anna", "cara", "", "Bo")


EVENTS = ("sent", "opened", "clicked", "bounced")


@dataclass
class Person:
    id: int
    row: dict
    groups: set = field(default_factory=set)
    tags: set = field(default_factory=set)
    events: list = field(default_factory=list)  # (name, campaign_id, machine, occurred_at)


@dataclass
class Audience:
    now: datetime.datetime
    people: list[Person]
    group_ids: list[int]
    tag_ids: list[int]


def audience_make(seed: int = 7, size: int = 40) -> Audience:
    """Profiles with random values in the current schema (call it inside a client)."""
    rng = random.Random(seed)
    now = timezone.now()
    ProfileField.objects.create(label="Score", key="score", field_type="number")
    ProfileField.objects.create(label="Note", key="note", field_type="text")
    ProfileField.objects.create(label="Plan", key="plan", field_type="dropdown", options=PLANS)
    ProfileField.objects.create(
        label="Interests", key="interests", field_type="checkbox", options=INTERESTS
    )
    ProfileField.objects.create(label="Renewal", key="renewal", field_type="date")
    groups = [Group.objects.create(name=f"Seg group {i}").pk for i in range(3)]
    tags = [Tag.objects.create(name=f"Seg tag {i}").pk for i in range(3)]
    people = []
    for i in range(size):
        custom = {}
        if rng.random() < 0.7:
            custom["score"] = rng.choice([0, 1, 2.5, 5, 10, -3])
        if rng.random() < 0.6:
            custom["note"] = rng.choice(WORDS)
        if rng.random() < 0.7:
            custom["plan"] = rng.choice(PLANS)
        if rng.random() < 0.7:
            custom["interests"] = rng.sample(INTERESTS, rng.randint(0, 3))
        if rng.random() < 0.7:
            day = now.date() + datetime.timedelta(days=rng.randint(-60, 60))
            custom["renewal"] = day.isoformat()
        created = now - datetime.timedelta(days=rng.randint(0, 90), hours=rng.randint(0, 23))
        profile = Profile.objects.create(
            email=f"p{i}-{rng.choice(WORDS) or 'x'}@seg.example".lower(),
            first_name=rng.choice(WORDS),
            city=rng.choice(["Paris", "paris", "Oslo", ""]),
            custom=custom,
            source=rng.choice(["import", "addProfile", "crm"]),
            verification_status=rng.choice(["Valid", "Invalid", "Pending"]),
            soft_bounce_streak=rng.choice([0, 0, 2, 5, 7]),
            do_not_email=rng.random() < 0.2,
            unsubscribed_at=now - datetime.timedelta(days=rng.randint(1, 40))
            if rng.random() < 0.2
            else None,
            archived_at=now if rng.random() < 0.08 else None,
            deleted_at=now if rng.random() < 0.08 else None,
            created_at=created,
        )
        person = Person(profile.pk, {})
        for group in groups:
            if rng.random() < 0.4:
                ProfileGroup.objects.create(profile=profile, group_id=group)
                person.groups.add(group)
        for tag in tags:
            if rng.random() < 0.4:
                ProfileTag.objects.create(profile=profile, tag_id=tag)
                person.tags.add(tag)
        for _ in range(rng.randint(0, 6)):
            event = (
                rng.choice(EVENTS),
                rng.choice([1, 2, None]),
                rng.random() < 0.25,
                now - datetime.timedelta(days=rng.randint(0, 60), minutes=rng.randint(1, 600)),
            )
            EmailEvent.objects.create(
                profile_id=profile.pk,
                event_type=EVENT_NAMES[event[0]],
                campaign_id=event[1],
                workflow_step_id=None if event[1] else 5,
                machine=event[2],
                occurred_at=event[3],
            )
            person.events.append(event)
        person.row = Profile.objects.filter(pk=profile.pk).values().get()
        people.append(person)
    return Audience(now, people, groups, tags)
