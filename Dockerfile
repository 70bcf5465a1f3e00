# Multi-stage build: compile the wheel with maturin, then run it with
# gunicorn in a slim image without the Rust toolchain.

FROM rust:1-slim-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-venv python3-dev \
 && rm -rf /var/lib/apt/lists/*
RUN python3 -m venv /opt/build && /opt/build/bin/pip install --no-cache-dir "maturin>=1.5,<2"
WORKDIR /src
COPY Cargo.toml Cargo.lock pyproject.toml README.md ./
COPY rust_core rust_core
COPY bench bench
COPY python python
RUN /opt/build/bin/maturin build --release --out /wheels
# The service is its own pure-Python wheel (service/pyproject.toml, package
# igisoro_service); the deprecated checkout shim service/__init__.py is not in it.
COPY service service
RUN /opt/build/bin/pip wheel --no-cache-dir --no-deps -w /wheels ./service

FROM python:3.11-slim-bookworm AS runtime
# The engine's wheel is abi3 (CPython >= 3.11); its runtime dependencies come from PyPI.
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
WORKDIR /app
# Only the server's settings: the code, the board and the OpenAPI document
# (generated from the code) come with the wheel.
COPY gunicorn.conf.py ./
RUN useradd --system --no-create-home igisoro \
 && mkdir -p /tmp/igisoro-metrics && chown igisoro /tmp/igisoro-metrics
USER igisoro
ENV HOST=0.0.0.0 \
    PORT=8000 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/igisoro-metrics
EXPOSE 8000
CMD ["gunicorn", "-c", "gunicorn.conf.py", "igisoro_service:create_app()"]
