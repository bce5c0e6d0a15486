"""gunicorn settings for every way the web process starts: deploy/Procfile (`make run`),
the Dockerfile's command and the browser tests' server (`-c deploy/gunicorn.conf.py`).
Flags on the command line still win over what is set here.

Some of our URLs carry credentials in the query string: a file link's single-use
`?token=`, the parent suite's sign-in payload (`?clnt=` on the page, `?payload=` on
getStatus). An access log must not keep them, nor the Referer of the requests a page
opened with one makes next, so the access logger replaces their values with [redacted]
in everything a log format can print (request line, query, headers, environ)."""

import re

from gunicorn.glogging import Logger

CREDENTIAL_PARAMETERS = ("token", "payload", "clnt")
_names = "|".join(CREDENTIAL_PARAMETERS)
# name=value in a query string (a whole atom, or after ? or &) ...
_PLAIN = re.compile(rf"(?:^|(?<=[?&]))({_names})=[^&#\s\"]*", re.IGNORECASE)
# ... and percent-encoded inside another parameter (?next=%2Fx%3Ftoken%3D...%26y%3D1).
_ENCODED = re.compile(rf"(?<=%3F|%26)({_names})(%3D)(?:(?!%26)[^&#\s\"])*", re.IGNORECASE)


def redact(text: str) -> str:
    return _ENCODED.sub(r"\1\2[redacted]", _PLAIN.sub(r"\1=[redacted]", text))


class RedactingLogger(Logger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {
            key: redact(value) if isinstance(value, str) else value for key, value in atoms.items()
        }


logger_class = RedactingLogger
