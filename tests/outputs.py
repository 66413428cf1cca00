"""What people read of a game, as comparable text: for tests that change only a hidden
part of a game and require every public output to stay the same."""

from __future__ import annotations

import json
from typing import Any

from bot.replies import Reply
from bot.service.gameservice import Caller, GameService


def reply_json(reply: Reply, button_args: bool = True) -> str:
    """Return a reply as one string: text, lines, buttons, files and picture."""
    buttons: list[Any] = [(b.kind, b.label, b.arg) if button_args else (b.kind, b.label)
                          for b in reply.buttons]
    return json.dumps({
        "text": reply.text, "lines": reply.lines, "ephemeral": reply.ephemeral,
        "buttons": buttons,
        "files": [(name, data.decode()) for name, data in reply.files],
        "image": (reply.image or b"").hex(),
    }, sort_keys=True)


def public_after_correction(service: GameService, referee: Caller, action: dict[str, Any],
                            bob: Caller, spectator: Caller) -> list[str]:
    """Make a referee correction in channel 't' and return what Bob and a spectator read:
    Bob's ruling on it, the reply, Bob's agreement when it is a claim, the status, the
    log, the export and Bob's own private view."""
    def said(reply: Reply) -> str:
        return reply_json(reply, button_args=False)

    out = [said(service.ruling("t", bob, action))]
    made = service.act("t", referee, action)
    out.append(said(made))
    for button in made.buttons:  # the creator plays: Bob is asked to agree, and agrees
        if button.kind == "claim-yes":
            out.append(said(service.press("t", bob, button.custom_id)))
    return out + [said(service.status("t", spectator)), said(service.log_lines("t", bob, last=100)),
                  said(service.export("t", spectator)), said(service.private("t", bob))]
