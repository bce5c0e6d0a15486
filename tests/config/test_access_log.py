"""The web server's access log (deploy/gunicorn.conf.py) never holds the values of query
parameters that are credentials: download tokens (`token`), parent-suite sign-in payloads
(`payload`, `clnt`), wherever a URL shows up in the line."""

import runpy
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from gunicorn.config import Config

CONF = Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"
SECRET = "gAAAAABsEcReT-v4lue_"


def access_line(tmp_path, environ: dict, *, log_format: str | None = None, headers=()) -> str:
    """One access-log line, written by the logger the config file names, as gunicorn loads
    it (every module-level name that is a gunicorn setting)."""
    cfg = Config()
    for name, value in runpy.run_path(str(CONF)).items():
        if name in cfg.settings:
            cfg.set(name, value)
    log_file = tmp_path / "access.log"
    cfg.set("accesslog", str(log_file))
    if log_format:
        cfg.set("access_log_format", log_format)
    logger = cfg.logger_class(cfg)
    environ = {
        "REQUEST_METHOD": "GET",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "10.0.0.1",
        **environ,
    }
    response = SimpleNamespace(status="200 OK", sent=12, headers=list(headers))
    request = SimpleNamespace(headers=[("REFERER", environ.get("HTTP_REFERER", ""))])
    logger.access(response, request, environ, timedelta(milliseconds=5))
    for handler in logger.access_log.handlers:
        handler.close()
    return log_file.read_text()


def url_environ(path: str, query: str, referer: str = "-") -> dict:
    return {
        "RAW_URI": f"{path}?{query}",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "HTTP_REFERER": referer,
    }


@pytest.mark.parametrize("name", ["token", "payload", "clnt"])
def test_the_default_line_redacts_credentials_in_the_request(tmp_path, name):
    line = access_line(tmp_path, url_environ("/api/getStatus", f"a=1&{name}={SECRET}&b=2"))
    assert SECRET not in line
    assert f'"GET /api/getStatus?a=1&{name}=[redacted]&b=2 HTTP/1.1" 200 12' in line


def test_the_first_parameter_and_the_referer_are_redacted(tmp_path):
    # The page opened with ?clnt= is the Referer of every request it makes next.
    environ = url_environ(
        "/api/mm/exports/download",
        f"token={SECRET}",
        referer=f"https://demo.example.com/?clnt={SECRET}&page=2",
    )
    line = access_line(tmp_path, environ)
    assert SECRET not in line
    assert "/api/mm/exports/download?token=[redacted] HTTP/1.1" in line
    assert '"https://demo.example.com/?clnt=[redacted]&page=2"' in line


def test_every_atom_an_operator_may_log_is_redacted(tmp_path):
    log_format = "%(q)s|%({raw_uri}e)s|%({referer}i)s|%({location}o)s|%(U)s"
    environ = url_environ(
        "/api/getStatus",
        f"payload={SECRET}",
        referer=f"https://demo.example.com/login?next=%2Fx%3Ftoken%3D{SECRET}%26tab%3D1",
    )
    line = access_line(
        tmp_path,
        environ,
        log_format=log_format,
        headers=[("Location", f"https://demo.example.com/?clnt={SECRET}")],
    )
    assert SECRET not in line
    assert line.strip() == (
        "payload=[redacted]|/api/getStatus?payload=[redacted]"
        "|https://demo.example.com/login?next=%2Fx%3Ftoken%3D[redacted]%26tab%3D1"
        "|https://demo.example.com/?clnt=[redacted]|/api/getStatus"
    )


def test_other_parameters_are_logged_as_sent(tmp_path):
    query = "search=a%40b&page=3&mytoken=kept&payloads=kept"
    line = access_line(tmp_path, url_environ("/api/mm/profiles", query))
    assert f"/api/mm/profiles?{query} HTTP/1.1" in line
