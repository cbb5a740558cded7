"""A seat's decisions as `GET /api/seat` holds them (SPEC §6.7), for the web tests: find
a decision and one of its choices, and post a choice as it is listed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def decisions(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The envelope's decisions by kind."""
    return {decision["kind"]: decision for decision in answer["decisions"] or ()}


def choices(answer: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """The choices of the seat's decision ``kind`` now ([] when it has none)."""
    decision = decisions(answer).get(kind)
    return [] if decision is None else list(decision.get("choices", ()))


def choice(answer: dict[str, Any], kind: str, where: Callable[[dict[str, Any]], bool] = lambda c: True) -> dict[str, Any]:
    """The first choice of ``kind`` for which ``where`` holds."""
    found = [listed for listed in choices(answer, kind) if where(listed)]
    assert found, (kind, answer["decisions"])
    return found[0]


def post(browser: Any, event: dict[str, Any], **headers: str) -> Any:
    """``POST /api/seat/KIND`` with the event as it is."""
    return browser.post(f"/api/seat/{event['kind']}", json=event, headers=headers or None)


def filled(answer: dict[str, Any], kind: str, value: Any) -> dict[str, Any]:
    """The seat's form ``kind`` with its field filled in with ``value``."""
    form = decisions(answer)[kind]["form"]
    return {**form["event"], form["field"]: value}
