"""Slow clients against the service: health latency while they hold connections.

Opens N slow connections of four kinds (headers then one body byte then
silence; headers trickled a byte at a time; a chunked body trickled; a
chunk size of ``ffffffffffffffffffff``), then probes ``/v1/health/live``
on fresh connections and reports p50/p99/max and failures. Run it against
direct gunicorn (the stall) and against the nginx topology (the fix):

    .venv/bin/python bench/slow_clients.py --compare --connections 64 --probes 200

``--compare`` starts both topologies itself on loopback (gunicorn with the
shipped config, nginx from deploy/run-nginx.sh) and measures them side by
side in one run. The test ``tests/deploy/test_proxy.py`` uses the same
functions.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import threading
import time
from dataclasses import dataclass

KINDS = ("one-body-byte", "trickled-headers", "trickled-chunks", "huge-chunk-size")


def _slow_start(kind: str) -> bytes:
    """What a slow client of ``kind`` sends at once before going quiet."""
    if kind == "one-body-byte":
        return (b"POST /v1/evaluate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 1000\r\n\r\n{")
    if kind == "trickled-headers":
        return b"GET /v1/health/live HTTP/1.1\r\nHo"
    if kind == "trickled-chunks":
        return (b"POST /v1/evaluate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n")
    if kind == "huge-chunk-size":
        return (b"POST /v1/evaluate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Transfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\n{")
    raise ValueError(f"unknown slow-client kind {kind!r}")


class SlowClients:
    """``n`` slow connections, kinds in turn; a thread trickles one more
    byte into each every second (so header/body timeouts are really
    tested, not just idle ones) until :meth:`close`."""

    def __init__(self, host: str, port: int, n: int) -> None:
        self.socks: list[socket.socket] = []
        for i in range(n):
            s = socket.create_connection((host, port), timeout=5)
            s.sendall(_slow_start(KINDS[i % len(KINDS)]))
            self.socks.append(s)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._trickle, daemon=True)
        self._thread.start()

    def _trickle(self) -> None:
        while not self._stop.wait(1.0):
            for s in self.socks:
                try:
                    s.sendall(b"s")
                except OSError:
                    pass  # the server dropped it: that is its right

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        for s in self.socks:
            s.close()


@dataclass
class Probes:
    """Health probe latencies (seconds) and how many failed."""

    times: list[float]
    failed: int

    def quantile(self, q: float) -> float:
        xs = sorted(self.times)
        return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("inf")

    def summary(self) -> str:
        ms = [t * 1000 for t in self.times]
        return (f"probes {len(self.times) + self.failed}, failed {self.failed}, "
                f"p50 {statistics.median(ms) if ms else float('nan'):.1f} ms, "
                f"p99 {self.quantile(0.99) * 1000:.1f} ms, max {max(ms, default=float('nan')):.1f} ms")


def probe(host: str, port: int, n: int, timeout: float = 5.0, gap: float = 0.005) -> Probes:
    """``n`` GET /v1/health/live, each on a fresh connection."""
    times, failed = [], 0
    req = b"GET /v1/health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    for _ in range(n):
        t = time.perf_counter()
        try:
            with socket.create_connection((host, port), timeout=timeout) as s:
                s.sendall(req)
                data = b""
                while chunk := s.recv(65536):
                    data += chunk
            if not data.startswith(b"HTTP/1.1 200"):
                raise ConnectionError(data[:100])
            times.append(time.perf_counter() - t)
        except OSError:
            failed += 1
        time.sleep(gap)
    return Probes(times, failed)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--connections", type=int, default=64)
    ap.add_argument("--probes", type=int, default=200)
    ap.add_argument("--probe-timeout", type=float, default=5.0)
    args = ap.parse_args()
    import tempfile
    from pathlib import Path


    from igisoro_testing.servers import start_topology
    from igisoro_testing.servers import stop

    with tempfile.TemporaryDirectory(dir="/tmp") as tmp:
        procs, gunicorn_port, nginx_port = start_topology(Path(tmp))
        try:
            for name, port in (("direct gunicorn (2 workers x 4 threads)", gunicorn_port),
                               ("nginx in front (deploy/nginx)", nginx_port)):
                slow = SlowClients("127.0.0.1", port, args.connections)
                time.sleep(1.0)
                result = probe("127.0.0.1", port, args.probes, timeout=args.probe_timeout)
                slow.close()
                print(f"{name}: {args.connections} slow connections: {result.summary()}", flush=True)
                time.sleep(2.0)
        finally:
            for p in procs:
                stop(p)


if __name__ == "__main__":
    main()
