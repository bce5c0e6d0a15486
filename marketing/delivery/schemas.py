from core.schemas import CamelSchema


class OptOutQuery(CamelSchema):
    token: str


class OptOutIn(CamelSchema):
    token: str


class OptOutOut(CamelSchema):
    email_hint: str
    unsubscribed: bool
