"""Cards of the stand-in deck used as examples in messages and help: a module of their
own, outside the rules modules, so that the command line's help imports nothing else
(and the notation, which words its messages with them, does not import the package)."""

LETTER_EXAMPLE = "K6m"
JUMPER_EXAMPLE = "*Y4f"
QU_EXAMPLES = ("QU10s", "Q10s")
