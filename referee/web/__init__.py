"""`referee serve`: the table's screen on a TV and each seat's hand on its own phone.

Imported only by `referee serve` (Starlette, uvicorn and segno with it): no other
command loads anything of this package.

- :mod:`.contract`: what a game gives the pages (its registry line's ``web``), and the
  envelope every answer of the API shares;
- :mod:`.server`: the Starlette application (pages, JSON API, server-sent events, seat
  links), on one game file, watched for changes whoever makes them;
- :mod:`.links`: the seats' secret links;
- ``static/``: the pages (HTML, CSS, JavaScript), nothing loaded from outside the
  package: a game night often has no internet;
- one adapter per game (:mod:`.smoor`, :mod:`.spell`, :mod:`.smitten`): a seat's JSON
  from that seat's view, and a seat's request as the game's action.
"""
