"""render_throughput: one personalised ~20 KB template (subject, HTML, plain text) with 20
merge tags and 10 tracked links, rendered for distinct profiles on one core. Target:
>= 20,000 renders/s (the send pipeline depends on it).

The template is compiled once (outside the timed part, as a send does); each profile's
context (its values, a click-tracking token) is built before timing, as the send
pipeline's batch query would; the timed part is `compiled.render(context)` for every
profile, each context used once (so no escaped value is reused across renders). Median of
RUNS runs. BENCH_SCALE scales the number of profiles (50,000 at 1.0)."""

from __future__ import annotations

import gc
import random
import statistics
import time

PROFILES = 50_000
RUNS = 5
TAGS = (
    "firstName",
    "lastName",
    "mailId",
    "company",
    "phone",
    "title",
    "city",
    "state",
    "country",
    "county",
    "zipCode",
    "address1",
    "repName",
    "repFirstName",
    "repLastName",
    "repEmail",
    "customerId",
    "campaignId",
    "plan",
    "score",
)


def _template() -> tuple[str, str, str]:
    """A newsletter of ~20 KB: table layout, inline styles, 20 distinct tags (some
    several times, some with fallbacks) and 10 tracked links (one carries a tag)."""
    row = (
        '<tr><td style="padding:12px 24px;font-family:Arial,Helvetica,sans-serif;'
        'font-size:15px;line-height:22px;color:#333333;">{body}</td></tr>\n'
    )
    filler = (
        "Our spring catalogue has arrived with new titles, fresh colours and better prices "
        "for every team; read on for the highlights we picked for you this month. "
    )
    blocks = []
    for i, tag in enumerate(TAGS):
        fallback = " || friend" if i % 4 == 0 else ""
        blocks.append(row.format(body=f"<p>{filler * 2}<strong><% {tag}{fallback} %></strong></p>"))
        if i < 10:
            query = "&amp;ref=<% customerId %>" if i == 3 else ""
            link = f"https://shop.example.com/article/{i}?utm_source=news{query}"
            blocks.append(
                row.format(body=f'<a href="{link}" style="color:#0066cc;">Read article {i}</a>')
            )
    html = (
        '<!doctype html><html><head><meta charset="utf-8"><title>News</title></head>'
        '<body style="margin:0;background:#f4f4f4;"><table role="presentation" width="100%" '
        'cellpadding="0" cellspacing="0" style="max-width:640px;margin:0 auto;'
        'background:#ffffff;">\n' + "".join(blocks) + "</table></body></html>"
    )
    while len(html) < 19_500:
        html = html.replace("</table>", row.format(body=f"<p>{filler * 3}</p>") + "</table>", 1)
    subject = "<% firstName || Hello %>, your <% company %> news for spring"
    text = "Hello <% firstName || friend %>,\n\n" + filler * 20 + "\n<% repName %>\n"
    return subject, html, text


def _contexts(count: int):
    from marketing.rendering.services import LinkTracking, RenderContext

    rng = random.Random(11)
    contexts = []
    for n in range(count):
        values = {tag: f"{tag}-{n}-{rng.randrange(10**6)}" for tag in TAGS}
        values["company"] = f"Smith & Sons <{n}>"  # something to escape
        token = f"{rng.getrandbits(128):032x}"
        contexts.append(
            RenderContext(values, tracking=LinkTracking("https://t.example.com/c", token))
        )
    return contexts


def run(scale: float) -> list[dict]:
    from marketing.rendering.services import template_compile

    subject, html, text = _template()
    compiled = template_compile(subject, html, text)
    assert len(compiled.links) == 10 and all(link.tracked for link in compiled.links)
    count = max(int(PROFILES * scale), 1000)
    rates, wall_rates, floor_rates = [], [], []
    size = 0
    for _ in range(RUNS):
        contexts = _contexts(count)
        floor = _floor_parts(compiled, contexts)
        gc.collect()
        gc.disable()
        try:
            render = compiled.render
            started, cpu = time.perf_counter(), time.process_time()
            for context in contexts:
                rendered = render(context)
            cpu, elapsed = time.process_time() - cpu, time.perf_counter() - started
            floor_cpu = time.process_time()
            for chunks, values in floor:
                out = chunks.copy()
                for position, value in values:
                    out[position] = value
                "".join(out)
            floor_cpu = time.process_time() - floor_cpu
        finally:
            gc.enable()
        size = len(rendered.html.encode())
        assert "<%" not in rendered.html and "https://t.example.com/c/" in rendered.html
        rates.append(count / cpu)
        wall_rates.append(count / elapsed)
        floor_rates.append(count / floor_cpu)
    return [
        {
            "value": round(statistics.median(rates)),
            "unit": "renders/s (CPU time of the one process)",
            "target": 20_000,
            "wall_renders_per_s": round(statistics.median(wall_rates)),
            # The same HTML filled with ready values: no lookup, escape, nor tracking.
            "floor_renders_per_s": round(statistics.median(floor_rates)),
            "html_bytes": size,
            "template_bytes": len(html.encode()),
            "profiles": count,
            "runs": [round(rate) for rate in rates],
        }
    ]


def _floor_parts(compiled, contexts):
    """For each context, the HTML part's chunks and the already-escaped values of its holes
    (what a string-replacement personaliser would do at best): the floor of any renderer."""
    chunks = compiled.html._seq.chunks
    holes = [position for position, chunk in enumerate(chunks) if chunk is None]
    return [(chunks, [(position, "x" * 20) for position in holes]) for _ in contexts]
