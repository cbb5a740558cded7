"""Fresh seeds that are easy to read aloud across a table: ``amber-otter-tulip``.

Drawn with ``secrets`` (never ``random``) from a few hundred short, common words that
are hard to mishear or misspell, three at a time: over 18 million seeds, plenty to tell
deals apart at a game night.
"""

from __future__ import annotations

WORDS = """
acorn amber anchor apple apron arrow aspen atlas autumn badge bagel bamboo banjo barley
basil beach beacon berry birch biscuit blossom bonnet border bottle breeze brick bridge
bronze bubble bucket buffalo butter button cabin cactus camel candle canoe canyon carbon
carrot castle cedar cello chalk cherry chess cider circus clover cobalt cocoa comet copper
coral cotton cousin coyote crane crayon cricket crystal cuckoo dahlia daisy delta desert
diamond dolphin dragon dune eagle echo ember emerald falcon feather fennel fern fiddle
flannel flute forest fossil fountain fox garden garnet gecko ginger glacier globe goose
granite grape gravel harbor harvest hazel hedge heron hickory honey horizon husky iceberg
indigo iris island ivory jasmine jelly jigsaw jungle kayak kettle kitten koala ladder
lagoon lantern laurel lemon lily linen lizard lobster locket lotus magnet mango maple
marble meadow melon meteor mint mitten molly monkey mosaic moss muffin narwhal nectar
needle nickel nutmeg oasis ocean olive onion opal orbit orchid otter owl paddle panda
paper parrot peach pebble pecan pepper piano pickle pigeon pillow pine planet plum pocket
pony poppy potato prism puffin pumpkin quartz quill rabbit radish raven reef ribbon river
robin rocket rose ruby saddle saffron salmon sapphire satin scarf seal shadow shell
sierra silver sketch sled sparrow spruce squid squirrel star stone storm sugar summit
sunset swan tango teapot thistle thunder tiger timber toffee tomato topaz tulip tundra
turnip turtle umbrella valley velvet violet violin walnut walrus wander willow window
winter wizard wombat yarrow yogurt zebra zephyr bramble cobble dingo ferry gondola haddock
juniper kiwi lupin marigold nomad oyster pelican quokka rhubarb sequoia tapir urchin
""".split()


def check_seed(seed: object) -> str:
    """A seed: any text that is not blank (``--seed "   "`` is as much a slip as
    ``--seed ""``). One check, one message, for every game and ``deal``; a save file's
    seed is checked with it on every load, so it asks nothing more of old files."""
    from referee.errors import InputError

    if not isinstance(seed, str):
        raise InputError("the seed must be text")
    if not seed.strip():
        raise InputError("the seed is empty; give any text (--seed amber-otter-tulip) or leave --seed out")
    return seed


def check_typed_seed(seed: object) -> str:
    """A seed typed now (``deal --seed``, ``new --seed``): :func:`check_seed`, and one
    that starts ``pf1:`` must be a whole fair deal's seed (a copy cut short is a slip).
    Not asked of a save file's seed: there a seed is any text, as it always was."""
    from referee.fair.scheme import check_pf1_seed

    checked = check_seed(seed)
    check_pf1_seed(checked)
    return checked


def fresh_seed() -> str:
    """Three random words joined by hyphens."""
    import secrets

    return "-".join(secrets.choice(WORDS) for _ in range(3))
