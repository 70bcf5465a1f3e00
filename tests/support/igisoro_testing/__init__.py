"""Helpers the test suite and the bench scripts share (not shipped).

- :mod:`igisoro_testing.servers`: real servers on loopback (gunicorn with
  the shipped config, nginx in front of it, Redis, Celery workers,
  PostgreSQL), started and stopped.
- :mod:`igisoro_testing.client`: HTTP to a running server (raw sockets,
  and the job API's polling).
- :mod:`igisoro_testing.board`: the analysis board in Chromium (Playwright).
- :mod:`igisoro_testing.positions`: positions several tests share.
- :mod:`igisoro_testing.reference`: the independent reference oracle.

Installed editable by ``scripts/bootstrap.sh test`` (``tests/support``):
the launchers find the repository (``gunicorn.conf.py``, ``deploy/``)
beside this folder.
"""
