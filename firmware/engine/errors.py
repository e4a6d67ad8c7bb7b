# One error type for every bad input the engine sees. It carries where the
# problem is (hole, player, row, column, card) so that the screen and
# tools/score.py can name it in one line.


def show(value):
    """A short, JSON-like rendering of a bad value for an error message
    (engine/errtext.py's, loaded for it)."""
    import engine.errtext

    return engine.errtext.show(value)


class ScoreError(ValueError):
    """Bad input. text() is one line: where, then what is wrong."""

    def __init__(self, msg, row=None, col=None, card=None):
        super().__init__(msg)
        self.msg = msg
        self.hole = None  # a label: "hole 3", "playoff hole 1", "discard"
        self.player = None  # index in the game
        self.name = None  # the player's name
        self.row = row  # 0-based; shown 1-based
        self.col = col
        self.card = card

    def text(self):
        """One line: where, then what is wrong (engine/errtext.py's)."""
        import engine.errtext

        return engine.errtext.text(self)

    def __str__(self):
        return self.text()
