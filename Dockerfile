# The bot's image: docker build -t fuba-referee .   (compose.yaml builds it too)
# Only the runtime lock (requirements/bot.txt) is installed, with the same commands that
# bootstrap.py and CI run (tests/test_deploy.py checks they stay the same).
FROM python:3.11-slim

# FUBA_NO_VENV: the image is the environment; bootstrap.py makes no .venv in it.
# METRICS_HOST 0.0.0.0: the metrics (and the health check's /ready) reachable from outside.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore \
    FUBA_NO_VENV=1 \
    FUBA_DATA_DIR=/data \
    METRICS_PORT=9100 \
    METRICS_HOST=0.0.0.0

# The bot runs as this user; /data is the only place it writes to.
RUN groupadd --system --gid 10001 fuba \
    && useradd --system --no-log-init --uid 10001 --gid 10001 --no-create-home fuba \
    && mkdir /data \
    && chown 10001:10001 /data

WORKDIR /app

# The dependencies first, so that a change in the code alone reuses this layer.
COPY requirements/bot.txt requirements/bot.txt
RUN python3 -m pip install -q --require-hashes -r requirements/bot.txt

COPY . .
RUN python3 -m pip install -q --no-deps --no-build-isolation -e .

USER 10001:10001
# The SQLite database when DATABASE_URL is not set (compose.yaml uses PostgreSQL instead).
VOLUME ["/data"]
EXPOSE 9100

# 0 when the running bot answers ready on METRICS_PORT (connected to Discord, database open).
HEALTHCHECK --interval=30s --timeout=15s --start-period=60s --retries=3 \
    CMD ["python3", "bot.py", "health"]

# The bot upgrades the database schema (alembic upgrade head) before it connects.
CMD ["python3", "bot.py"]
