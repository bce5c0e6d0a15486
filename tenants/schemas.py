from typing import Literal

from ninja import Field, Schema


class StatusUserOut(Schema):
    email: str
    firstName: str
    lastName: str
    role: Literal["SUPERADMIN", "ADMIN", "USER"]


class StatusClientOut(Schema):
    name: str
    siteType: Literal["MM", "CRM", "STANDALONECRM"]
    # The IANA zone the client's instants are read and written in (timeZoneMinutes is its
    # offset now); a schedule picker shows it and the offset at the chosen time.
    timeZone: str


class StatusOut(Schema):
    status: Literal["success"]
    navigate: str
    message: str
    timeZoneMinutes: int
    estDateOffset: int
    accessControl: str
    subscriptionsEnabled: bool
    repNotificationsOnly: bool
    token: str
    parentOrigins: list[str]
    user: StatusUserOut
    client: StatusClientOut


class StatusFailureOut(Schema):
    status: Literal["failure"]
    message: str


class SignInIn(Schema):
    email: str = Field(..., min_length=3, max_length=254)
    password: str = Field(..., min_length=1, max_length=256)


class TokenOut(Schema):
    token: str


class OkOut(Schema):
    status: Literal[1]


class AccessControlIn(Schema):
    action: str = Field(..., min_length=1, max_length=100)
    userAccess: bool


class AccessControlOut(Schema):
    success: Literal[1]
    message: str


class PlanLimitOut(Schema):
    status: Literal["OverLimit", "UnderLimit"]


class WebsiteIn(Schema):
    websiteID: int = Field(..., ge=0, le=2**31 - 1)


class ClientSettingsIn(Schema):
    timeZone: str = Field(max_length=64)
    captcha: str = Field("altcha", max_length=20)
    siteKey: str = Field("", max_length=200)
    siteSecret: str = Field("", max_length=500)  # empty: the saved one is kept


class ClientSettingsOut(Schema):
    timeZone: str = Field(validation_alias="time_zone")
    captcha: str
    siteKey: str = Field(validation_alias="site_key")
    siteSecretSet: bool = Field(validation_alias="site_secret_set")
