"""{{SERVICE_NAME}}: takes JSON jobs from a Redis list and processes them concurrently."""

import json
import logging
import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor

SERVICE_NAME = "{{SERVICE_NAME}}"
QUEUE_NAME = os.environ.get("QUEUE_NAME", "{{QUEUE_NAME}}")
CONCURRENCY = int(os.environ.get("CONCURRENCY", "{{CONCURRENCY}}"))
REDIS_URL = os.environ.get("REDIS_URL", "redis://localhost:6379/0")

log = logging.getLogger(SERVICE_NAME)
stopping = threading.Event()


def handle(job: dict) -> dict:
    """Processes one job. Replace with the worker's real work."""
    task = job.get("task")
    if task == "echo":
        return {"ok": True, "echo": job.get("payload")}
    raise ValueError(f"unknown task {task!r}")


def process(raw: bytes) -> None:
    try:
        job = json.loads(raw)
        result = handle(job)
        log.info("job done: %s", result)
    except Exception:  # one bad job must not stop the worker
        log.exception("job failed: %r", raw[:200])


def run() -> None:
    import redis  # imported here so the unit tests need no Redis client

    client = redis.Redis.from_url(REDIS_URL)
    slots = threading.Semaphore(CONCURRENCY)
    log.info("%s consuming %s with concurrency %d", SERVICE_NAME, QUEUE_NAME, CONCURRENCY)
    with ThreadPoolExecutor(max_workers=CONCURRENCY) as pool:
        while not stopping.is_set():
            slots.acquire()
            item = client.brpop([QUEUE_NAME], timeout=1)
            if item is None:
                slots.release()
                continue
            future = pool.submit(process, item[1])
            future.add_done_callback(lambda _f: slots.release())
    log.info("%s stopped", SERVICE_NAME)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    signal.signal(signal.SIGINT, lambda *_: stopping.set())
    run()
