# The command line of the tools (make bench's parts and others): "--name value" options and
# "--name" flags, alike under CPython and the MicroPython unix port (which has no argparse).


class Usage(Exception):
    """What to print and the exit status: the usage for --help (0), and what was wrong (2)."""

    def __init__(self, text, status):
        super().__init__(text)
        self.text = text
        self.status = status


def parse(argv, usage, opts, flags=(), need=()):
    """{name: value} from argv: opts gives each option's default, flags the options without a
    value (True when given), need the options that must be given. Raises Usage."""
    got = dict(opts)
    got.update(dict.fromkeys(flags, False))
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            raise Usage(usage, 0)
        if a in flags:
            got[a] = True
            i += 1
        elif a in opts and i + 1 < len(argv):
            got[a] = argv[i + 1]
            i += 2
        else:
            why = "%s needs a value" % a if a in opts else "unknown argument: %s" % a
            raise Usage("%s\n%s" % (usage, why), 2)
    for n in need:
        if got[n] is None:
            raise Usage("%s\n%s is needed" % (usage, n), 2)
    return got


def positional(argv, usage, most, flags=()):
    """The arguments of a command that takes up to `most` plain ones (and flags, kept among them);
    Usage for -h/--help or an option it does not know."""
    for a in argv:
        if a in ("-h", "--help"):
            raise Usage(usage, 0)
        if a.startswith("-") and a not in flags and not a[1:].isdigit():
            raise Usage("%s\nunknown argument: %s" % (usage, a), 2)
    if len([a for a in argv if a not in flags]) > most:
        raise Usage("%s\ntoo many arguments" % usage, 2)
    return argv


def run(main, argv):
    """main(argv)'s exit status, a Usage printed."""
    try:
        return main(argv)
    except Usage as u:
        print(u.text)
        return u.status
