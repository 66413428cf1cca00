# Banneret in a container: `banneret run` as a non-root user.
#
#   docker build -t banneret .
#   docker run -d --name banneret -e DISCORD_TOKEN=... -v banneret-data:/data banneret
#
# BANNERET_DB defaults to a SQLite file in the /data volume (one container only); for
# several containers, pass a PostgreSQL URL and each one's BANNERET_SHARDS
# (docs/deployment.md). Without DISCORD_TOKEN the container plays the demo games into
# /data/out and exits.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# pg_dump for `banneret backup` on PostgreSQL (it must be as new as the server).
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*

# The package and its pinned dependencies from pyproject.toml (the wheel carries data/).
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY rules ./rules
COPY renderers ./renderers
COPY data ./data
RUN pip install . && rm -rf /src

RUN useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin \
        banneret \
    && mkdir -p /data \
    && chown banneret:banneret /data

USER banneret
WORKDIR /data
ENV BANNERET_DB=/data/banneret.db \
    BANNERET_OUT=/data/out
VOLUME ["/data"]

# DISCORD_TOKEN (and BANNERET_DB=postgresql://... if shared) come from the environment.
CMD ["banneret", "run"]
