"""The embedded broker's first use: the API's first job and a worker's
start create its queue at the same moment; neither may fail (a race inside
kombu's SQLite transport once turned a job submission into a 500)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from igisoro_testing.servers import ROOT

_PREPARE = """
import os, sys
os.environ["IGISORO_JOB_DIR"] = sys.argv[1]
from igisoro_service import config
from igisoro_service.jobs import make_celery, prepare_broker
prepare_broker(make_celery(config.from_env()))
"""


def test_processes_preparing_a_fresh_broker_at_once_all_succeed(tmp_path: Path) -> None:
    # Four rounds of four processes: each round's processes import the
    # service (about a second each) and then meet at the queue's creation.
    for attempt in range(4):
        folder = tmp_path / f"jobs{attempt}"
        procs = [subprocess.Popen([sys.executable, "-c", _PREPARE, str(folder)], cwd=ROOT, stderr=subprocess.PIPE)
                 for _ in range(4)]
        for p in procs:
            _, err = p.communicate(timeout=60)
            assert p.returncode == 0, err.decode()[-2000:]
