"""localstripe (a local Stripe API, development and tests only) with its store kept in
LOCALSTRIPE_STORE rather than the shared /tmp/localstripe.pickle, so two servers on one
machine (make run and a test run) never overwrite each other's data.

    python -m billing.localstripe_run --port 8420 [--from-scratch]"""

import os
import pickle

from localstripe import resources, server


def _store_path() -> str:
    return os.environ.get("LOCALSTRIPE_STORE", ".data/localstripe.pickle")


def _load(self) -> None:
    try:
        with open(_store_path(), "rb") as f:
            old = pickle.load(f)  # noqa: S301 - the server's own file
    except FileNotFoundError:
        return
    self.clear()
    self.update(old)


def _dump(self) -> None:
    with open(_store_path(), "wb") as f:
        pickle.dump(self, f, protocol=pickle.HIGHEST_PROTOCOL)


if __name__ == "__main__":
    resources.Store.try_load_from_disk = _load
    resources.Store.dump_to_disk = _dump
    server.start()
