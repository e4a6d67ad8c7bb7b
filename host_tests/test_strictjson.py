# The strict JSON reader of tools/score.py, under both runtimes: what it
# accepts must be exactly JSON, and what it rejects says where.
from common import strictjson
from support import raises


class Chunks:
    """A binary stream that hands out a few bytes at a time."""

    def __init__(self, data, size):
        self.data = data
        self.size = size

    def read(self, n):
        n = min(n, self.size)
        out, self.data = self.data[:n], self.data[n:]
        return out


VALID = [
    ("{}", {}),
    ("[]", []),
    (' {"a" : [1, -2, 0, true, false, null, "x"]} ', {"a": [1, -2, 0, True, False, None, "x"]}),
    ('"\\u00c5sa \\"q\\" \\\\ \\/ \\n\\t\\b\\f\\r"', 'Åsa "q" \\ / \n\t\b\f\r'),
    ('"\\ud83d\\ude00"', "\U0001f600"),
    ('"Øystein"', "Øystein"),
    ("[[[[1]]]]", [[[[1]]]]),
    ("123456789012345678901234567890", 123456789012345678901234567890),
    ('{"a": {"b": 1}, "b": {"a": 2}}', {"a": {"b": 1}, "b": {"a": 2}}),  # a key in two objects
]


def test_valid_documents():
    for text, value in VALID:
        assert strictjson.loads(text) == value, text
        assert strictjson.load(Chunks(text.encode(), 3)) == value, text


def test_fractions_and_exponents_keep_their_text():
    for text in ("1.5", "-0.25", "1e5", "5e-324", "2E+3"):
        v = strictjson.loads(text)
        assert isinstance(v, strictjson.Num) and str(v) == text


def test_strings_are_interned():
    k = "K"
    v = strictjson.loads('["K", "k"]', {k: k})
    assert v[0] is k and v[1] == "k"


MALFORMED = [
    ("", "empty", 1, 1),
    ("  \n ", "empty", 2, 2),
    ('{"cards": ["9", "9",]}', "trailing comma", 1, 21),
    ('{"a": 1,}', "trailing comma", 1, 9),
    ('["9" "9"]', "expected ',' or ']'", 1, 6),
    ('{"game" "x"}', "expected ':'", 1, 9),
    ("{1: 2}", "string key", 1, 2),
    ("[09]", "may not start with 0", 1, 3),
    ("[1.]", "digit after '.'", 1, 4),
    ("[1e]", "exponent", 1, 4),
    ("[-]", "expected a digit", 1, 3),
    ("[NaN]", "unexpected 'N'", 1, 2),
    ("[Infinity]", "unexpected 'I'", 1, 2),
    ("[tru]", "expected 'true'", 1, 5),
    ('["\\uzzzz"]', "hex digits", 1, 5),
    ('["\\x"]', "unknown escape", 1, 4),
    ('["\\ud800"]', "lone surrogate", 1, 10),
    ('["a\tb"]', "control character", 1, 4),
    ('["abc', "end of input", 1, 6),
    ("[1, 2", "end of input", 1, 6),
    ("{} {}", "more text", 1, 4),
    ("[1]\x00", "more text", 1, 4),
    ("'a'", "unexpected '''", 1, 1),
    # docs/RULES.md: an object with the same key twice is malformed, not "the last wins"
    ('{"a": 1, "a": 2}', 'the key "a" is given twice', 1, 10),
    ('{"game": "play-nine",\n "game": "crazy-nines"}', 'the key "game" is given twice in one object', 2, 2),
    ('[{"x": [{"k": 1, "k\\n\\"": 2, "k\\n\\"": 3}]}]', 'the key "k\\u000a\\"" is given twice', 1, 30),
]


def test_malformed_documents_say_where():
    for text, what, line, col in MALFORMED:
        for source in (text, Chunks(text.encode(), 2)):
            with raises(strictjson.JSONError, what) as r:
                if type(source) is str:
                    strictjson.loads(source)
                else:
                    strictjson.load(source)
            assert r.message.startswith("line %d, column %d: " % (line, col)), (text, r.message)


def test_bad_utf8_is_rejected():
    bad = (b'["\xff"]', b'["\xc3"]', b'["\xed\xa0\x80"]', b'["\xc0\xaf"]',
           b'["\xf5\x80\x80\x80"]', b"[\xc3\xa5]")
    for data in bad:
        with raises(strictjson.JSONError, "line 1"):
            strictjson.loads(data)
    assert strictjson.loads(b'"\xc3\xa5\xe2\x82\xac\xf0\x9f\x98\x80"') == "å€😀"


def test_limits():
    strictjson.loads("[" * 64 + "]" * 64)
    with raises(strictjson.JSONError, "nested deeper than 64"):
        strictjson.loads("[" * 65 + "]" * 65)
    strictjson.loads("9" * 100)
    with raises(strictjson.JSONError, "longer than 100"):
        strictjson.loads("9" * 101)
