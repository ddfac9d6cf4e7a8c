"""The node's figures for Prometheus (``GET /metrics``): tables driven, connections,
events stored, the time an intent takes from its arrival to its answer, lease
takeovers and losses. One registry per process: with ``--workers N`` each worker
answers for itself."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

REGISTRY = CollectorRegistry()
TABLES = Gauge("tysiac_tables_driven", "Tables this node drives", registry=REGISTRY)
RELAYED = Gauge("tysiac_tables_relayed", "Tables driven elsewhere, watched here",
                registry=REGISTRY)
CONNECTIONS = Gauge("tysiac_connections", "WebSocket connections to this node",
                    registry=REGISTRY)
EVENTS = Counter("tysiac_events_total", "Table events stored", ["kind"], registry=REGISTRY)
INTENT_SECONDS = Histogram(
    "tysiac_intent_seconds", "An intent from its arrival at the owner to its answer",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY)
TAKEOVERS = Counter("tysiac_lease_takeovers_total",
                    "Tables taken over from another node", registry=REGISTRY)
LEASES_LOST = Counter("tysiac_leases_lost_total", "Tables given up (lease lapsed or taken)",
                      registry=REGISTRY)


def exposition() -> bytes:
    return generate_latest(REGISTRY)
