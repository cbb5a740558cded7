"""The phone's bid and curse decisions and the TV beside them (issue 32), in English and Dutch:
    .venv/bin/python examples/screenshots/decisions.py examples/screenshots
"""
import sys, random
from pathlib import Path
sys.path.insert(0, "tests")
from browser import PHONE, TV, chromium, screenshot, serving, wait_for, page_text
from referee import savefile
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup

out = Path(sys.argv[1])
for lang in ("en", "nl"):
    folder = Path(f"/tmp/phone_shots/{lang}"); folder.mkdir(parents=True, exist_ok=True)
    path = folder / "night.toml"
    path.unlink(missing_ok=True)
    savefile.create(path, RULES, Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="shots", variants=["blinde-liefde", "cupido"], target=200))
    state = savefile.load(path, RULES).state
    # Anna has bid: others see a tick
    rng = random.Random(1)
    savefile.record(path, RULES, {"kind": "bid", "bids": {"Anna": 3}})
    with serving(path, lang) as server:
        phone, tv = chromium(PHONE), chromium(TV)
        try:
            phone.get(server.url(f"/join/{server.served.links.tokens[1]}"))
            if lang == "nl":
                phone.get(server.url("/seat"))
            phone.execute_script(f"fetch('/api/lang', {{method:'POST', headers:{{'Content-Type':'application/json'}}, body: JSON.stringify({{lang:'{lang}'}})}})")
            phone.get(server.url("/seat"))
            wait_for(phone, lambda d: d.find_elements("css selector", ".choices.numbers button"))
            screenshot(phone, out / f"smoorverliefd-bid-phone-{lang}.png")
            tv.get(server.url("/"))
            wait_for(tv, lambda d: d.find_elements("id", "situation"))
            screenshot(tv, out / f"smoorverliefd-bid-tv-{lang}.png")
            # play the round to its end, then the curse
            for seat, bid in ((1, 2), (2, 4), (3, 0)):
                savefile.record(path, RULES, {"kind": "bid", "bids": {["Anna","Bram","Cees","Daan"][seat]: bid}})
            while savefile.load(path, RULES).state.current.number == 1:
                st = savefile.load(path, RULES).state
                savefile.record(path, RULES, next(iter(RULES.legal_actions(st))))
            st = savefile.load(path, RULES).state
            dealer = st.current.dealer
            phone.get(server.url(f"/join/{server.served.links.tokens[dealer]}"))
            phone.get(server.url("/seat"))
            wait_for(phone, lambda d: d.find_elements("css selector", ".choices.suits button"))
            screenshot(phone, out / f"smoorverliefd-curse-phone-{lang}.png")
            tv.get(server.url("/"))
            wait_for(tv, lambda d: d.find_elements("id", "situation"))
            screenshot(tv, out / f"smoorverliefd-curse-tv-{lang}.png")
            print(lang, page_text(phone)[:400].replace("\n", " | "))
        finally:
            phone.quit(); tv.quit()
