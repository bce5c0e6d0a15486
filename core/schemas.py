"""Schema pieces every app's API shares."""

from ninja import Schema
from pydantic import ConfigDict
from pydantic.alias_generators import to_camel


class CamelSchema(Schema):
    """Read from models' snake_case attributes, sent as camelCase (the wire's names)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)
