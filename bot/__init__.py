"""Banneret's application: the entries (cli, app), the transports (discord/, console/), the
command surface (surface/), the service (service/), the store (store/) and the foundation
modules at this level; imports point down that list only (docs/architecture.md)."""
