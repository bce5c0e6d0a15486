"""The form_submit bench's baseline: the least a WSGI app can do to keep a public form's
submission, under the same gunicorn settings and worker count as the app
(bench_form_submit.py): read the same urlencoded body, insert the same row into the same
table (the bench client's forms_formsubmission, autocommit), answer 303. No Django. Its
rows are born processed (`processed_at`), so the app's workers, which take every row
waiting in the table, never mail the baseline's addresses."""

import json
import os
from urllib.parse import parse_qs

import psycopg

_SQL = (
    "INSERT INTO {schema}.forms_formsubmission (form_id, version_id, email, payload, ip, "
    "user_agent, source_page, created_at, processed_at, attempts, failed_reason, "
    "confirmed_ip) VALUES (%s, %s, %s, %s, %s, %s, %s, now(), now(), 0, '', '')"
)
_connection = None


def _cursor():
    global _connection
    if _connection is None:
        _connection = psycopg.connect(os.environ["BENCH_FORM_DATABASE_URL"], autocommit=True)
    return _connection.cursor()


def application(environ, start_response):
    length = int(environ.get("CONTENT_LENGTH") or 0)
    fields = parse_qs(environ["wsgi.input"].read(length).decode())
    email = fields.get("email", [""])[0].strip().lower()
    payload = {"email": email, "firstName": fields.get("firstName", [""])[0], "groups": []}
    with _cursor() as cursor:
        cursor.execute(
            _SQL.format(schema=os.environ["BENCH_FORM_SCHEMA"]),
            (
                int(os.environ["BENCH_FORM_ID"]),
                int(os.environ["BENCH_FORM_VERSION_ID"]),
                email,
                json.dumps(payload),
                environ.get("REMOTE_ADDR", ""),
                environ.get("HTTP_USER_AGENT", "")[:255],
                fields.get("source_page", [""])[0][:2000],
            ),
        )
    start_response("303 See Other", [("Location", "/thanks"), ("Content-Length", "0")])
    return [b""]
