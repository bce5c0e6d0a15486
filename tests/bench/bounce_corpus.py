"""bounce_corpus: how well `notice_read` agrees with a labelled corpus of bounce and
complaint messages. Not run by `make bench` (it needs a corpus from outside the repo).

Sisimai's public corpus (BSD-2-Clause; nothing of it is committed here): the messages of
github.com/sisimai/set-of-emails (maildir/bsd/) and the expected reason per message in
the test tables of github.com/sisimai/go-sisimai (fact/*_test.go) or
github.com/sisimai/p5-sisimai (t/*.t), parsed at run time:

    git --git-dir=<set-of-emails mirror> archive HEAD maildir | tar -x -C /tmp/soe
    git --git-dir=<go-sisimai mirror> archive HEAD fact | tar -x -C /tmp/gosisimai
    python tests/bench/bounce_corpus.py /tmp/soe/maildir/bsd /tmp/gosisimai/fact [-v]

Our own corpus (tests/marketing/delivery/bounce_corpus/, labelled in labels.csv with our
reasons and the recipient expected):

    python tests/bench/bounce_corpus.py tests/marketing/delivery/bounce_corpus \
        tests/marketing/delivery/bounce_corpus/labels.csv

Prints, over the messages that have an expectation:
- suppress agreement: our decision (hard bounce or complaint) against Sisimai's
  (hardbounce, or a feedback report other than auth-failure, which names no complainer);
- complaints recognised: Sisimai's feedback reports we read as a feedback report;
- recipients extracted: messages where we found the (first) recipient's address;
- reason agreement (Sisimai's reasons mapped onto ours, for information);
- exceptions raised by the reader (notice_read itself never raises; the inner reader is
  called here so that one would be seen)."""

from __future__ import annotations

import csv
import re
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from marketing.delivery.bounce_reading import _read  # noqa: E402
from marketing.delivery.bounce_reading.parts import load  # noqa: E402
from marketing.delivery.bounce_reading.reasons import NoticeKind, Reason  # noqa: E402

SISIMAI_REASONS = {
    "userunknown": Reason.USER_UNKNOWN,
    "hostunknown": Reason.HOST_UNKNOWN,
    "notaccept": Reason.HOST_UNKNOWN,
    "hasmoved": Reason.MOVED,
    "mailboxfull": Reason.MAILBOX_FULL,
    "mesgtoobig": Reason.MESSAGE_TOO_BIG,
    "exceedlimit": Reason.MESSAGE_TOO_BIG,
    "emailtoolarge": Reason.MESSAGE_TOO_BIG,
    "suspend": Reason.SUSPENDED,
    "expired": Reason.EXPIRED,
    "filtered": Reason.FILTERED,
    "systemerror": Reason.SYSTEM_ERROR,
    "systemfull": Reason.SYSTEM_ERROR,
    "mailererror": Reason.SYSTEM_ERROR,
    "networkerror": Reason.SYSTEM_ERROR,
    "undefined": Reason.UNDEFINED,
    "onhold": Reason.UNDEFINED,
    "suppressed": Reason.UNDEFINED,
    "blocked": Reason.BLOCKED,
    "rejected": Reason.BLOCKED,
    "badreputation": Reason.BLOCKED,
    "norelaying": Reason.BLOCKED,
    "requireptr": Reason.POLICY,
    "spamdetected": Reason.SPAM_DETECTED,
    "virusdetected": Reason.SPAM_DETECTED,
    "contenterror": Reason.SPAM_DETECTED,
    "policyviolation": Reason.POLICY,
    "securityerror": Reason.POLICY,
    "authfailure": Reason.POLICY,
    "notcompliantrfc": Reason.POLICY,
    "failedstarttls": Reason.POLICY,
    "syntaxerror": Reason.POLICY,
    "ratelimited": Reason.RATE_LIMITED,
    "toomanyconn": Reason.RATE_LIMITED,
    "speeding": Reason.RATE_LIMITED,
    "feedback": Reason.COMPLAINT,
    "vacation": Reason.VACATION,
    "delivered": Reason.DELIVERED,
}


@dataclass(frozen=True)
class Expected:
    name: str  # the message's file name
    reason: str  # Sisimai's reason, or ours (committed corpus)
    hard: bool
    feedback_type: str = ""
    recipient: str | None = None  # the address expected ("" none; None: any address)

    @property
    def suppress(self) -> bool:
        if self.reason in ("feedback", "complaint"):
            return self.feedback_type != "auth-failure"
        return self.hard

    @property
    def complaint(self) -> bool:
        return self.reason in ("feedback", "complaint")


_GO_TEST = re.compile(r"func Test(Lhost|Rhost)?(\w+)\(")
_GO_LIST = re.compile(
    r"publiclist := \[\]\[\]IsExpected\{(.*?)\};\s*EngineTest\(t, \"([^\"]+)\"", re.S
)
_GO_ROW = re.compile(
    r'\{"(\w+)",\s*(\d+),\s*"[^"]*",\s*"[^"]*",\s*"(\w+)",\s*(true|false),\s*"([^"]*)"\}'
)
_P5_ENGINE = re.compile(r"my \$enginename = '([^']+)'")
_P5_ROW = re.compile(r"'(\d+)'\s*=>\s*\[\['[^']*',\s*'[^']*',\s*'(\w+)',\s*(\d)(?:,\s*'([^']*)')?")
_NOT_LHOST = ("ARF", "RFC3464", "RFC3834")


def _file_name(prefix: str, engine: str, label: str) -> str:
    if engine in _NOT_LHOST:
        return f"{engine.lower()}-{label}.eml"
    return f"{prefix}-{engine.lower()}-{label}.eml"


def labelled_expectations(labels: Path) -> list[Expected]:
    """Our corpus's labels.csv: file, kind, reason (ours), recipient."""
    with labels.open(newline="") as handle:
        return [
            Expected(
                row["file"],
                row["reason"],
                row["kind"] in ("hardBounce", "unsubscribed"),
                recipient=row["recipient"],
            )
            for row in csv.DictReader(handle)
        ]


def sisimai_expectations(folder: Path) -> list[Expected]:
    """go-sisimai's fact/*_test.go or p5-sisimai's t/*.t tables (first recipient only)."""
    found: dict[str, Expected] = {}
    for path in sorted(folder.glob("*_test.go")):
        text = path.read_text("utf-8", "replace")
        test = _GO_TEST.search(text)
        prefix = "rhost" if test and test.group(1) == "Rhost" else "lhost"
        for body, engine in _GO_LIST.findall(text):
            for label, index, reason, hard, other in _GO_ROW.findall(body):
                name = _file_name(prefix, engine, label)
                if index == "1" and name not in found:
                    found[name] = Expected(name, reason, hard == "true", other)
    for path in sorted(folder.glob("*.t")):
        text = path.read_text("utf-8", "replace")
        engine = _P5_ENGINE.search(text)
        if not engine:
            continue
        prefix = "rhost" if "-rhost-" in path.name else "lhost"
        for label, reason, hard, other in _P5_ROW.findall(text):
            name = _file_name(prefix, engine.group(1), f"{int(label):02d}")
            found.setdefault(name, Expected(name, reason, hard == "1", other or ""))
    return list(found.values())


@dataclass
class Figures:
    total: int = 0
    suppress_agreed: int = 0
    complaints: int = 0
    complaints_recognised: int = 0
    recipients: int = 0
    recipients_found: int = 0
    reasons_agreed: int = 0
    exceptions: int = 0

    def lines(self) -> list[str]:
        def pct(a: int, b: int) -> str:
            return f"{a}/{b} = {100 * a / b:.1f}%" if b else "n/a"

        return [
            f"messages: {self.total}",
            f"suppress decision agreement: {pct(self.suppress_agreed, self.total)}",
            f"complaints recognised: {pct(self.complaints_recognised, self.complaints)}",
            f"recipients extracted: {pct(self.recipients_found, self.recipients)}",
            f"reason agreement (mapped): {pct(self.reasons_agreed, self.total)}",
            f"exceptions: {self.exceptions}",
        ]


def measure(folder: Path, expectations: list[Expected], *, verbose: bool = False) -> Figures:
    figures = Figures()
    for expected in expectations:
        path = folder / expected.name
        if not path.is_file():
            continue
        figures.total += 1
        try:
            report = _read(load(path.read_bytes()))
        except Exception:  # noqa: BLE001 - counted, and shown with -v
            figures.exceptions += 1
            if verbose:
                print(f"EXCEPTION {expected.name}\n{traceback.format_exc()}")
            continue
        ours = report.kind in (
            NoticeKind.HARD_BOUNCE,
            NoticeKind.COMPLAINT,
            NoticeKind.UNSUBSCRIBED,
        )
        figures.suppress_agreed += ours == expected.suppress
        if expected.complaint:
            figures.complaints += 1
            figures.complaints_recognised += bool(report.feedback_type)
        got = True
        if expected.recipient is None:  # Sisimai's tables: an address must be found
            got = "@" in report.recipient
        elif expected.recipient:  # our labels: that address
            got = report.recipient == expected.recipient.lower()
        if expected.recipient != "":  # "": our label expects none (a not-spam report)
            figures.recipients += 1
            figures.recipients_found += got
        wanted = SISIMAI_REASONS.get(expected.reason, expected.reason)
        figures.reasons_agreed += report.reason == wanted
        if verbose and (ours != expected.suppress or not got or report.reason != wanted):
            flag = "SUPPRESS" if ours != expected.suppress else ("RCPT" if not got else "reason")
            print(
                f"{flag:8} {expected.name}: expected {expected.reason}/{expected.hard} "
                f"got {report.reason}/{report.kind} {report.status} rcpt={report.recipient!r} "
                f"diag={report.diagnostic[:100]!r}"
            )
    return figures


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("-")]
    if len(args) != 2:
        print(__doc__)
        return 2
    source = Path(args[1])
    if source.suffix == ".csv":
        expectations = labelled_expectations(source)
    else:
        expectations = sisimai_expectations(source)
    figures = measure(Path(args[0]), expectations, verbose="-v" in argv)
    print("\n".join(figures.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
