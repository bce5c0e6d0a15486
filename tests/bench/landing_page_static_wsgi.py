"""The landing_page bench's baseline: the same page bytes served as a static file by
WhiteNoise (the app's own static file server) under the same gunicorn settings and worker
count as the app (bench_landing_page.py). No Django, no database, no cache."""

import os

from whitenoise import WhiteNoise

application = WhiteNoise(None, root=os.environ["BENCH_LP_ROOT"], mimetypes={"": "text/html"})
