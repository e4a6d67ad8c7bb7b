# cpython-only
# What a reader needs is in the repository: no file of the project refers to
# anything outside it (the one exception: the default path of MicroPython's
# source, which make unix32 takes from beside the checkout where it is
# present and otherwise asks for), the code cites the scoring specification
# as docs/RULES.md, and every link in the docs leads to a file that is
# there. (git ls-files: the files a clone has.)
import os
import re
import subprocess

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
MPY_SOURCE = "../shared/micropython/micropython-src.tar.gz"  # make unix32's default (tools/unix32.py)


def tracked():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for path in out.split("\n"):
        if path and os.path.isfile(os.path.join(ROOT, path)):
            try:
                with open(os.path.join(ROOT, path), encoding="utf-8") as f:
                    yield path, f.read()
            except UnicodeDecodeError:
                continue  # images, the page's gzip


def outside(path, text):
    """The lines of text that refer to something outside the repository."""
    bad = []
    for n, line in enumerate(text.split("\n"), 1):
        if "../shared" in line.replace(MPY_SOURCE, ""):
            bad.append("%s:%d: %s" % (path, n, line.strip()))
        if path.endswith(".md"):
            continue  # the docs name each other as their folder has them (links: the next test)
        for m in re.finditer(r"(\S*)RULES\.md", line):
            if not m.group(1).endswith("docs/"):
                bad.append("%s:%d: %s" % (path, n, line.strip()))
    return bad


def test_the_check_sees_a_reference_outside():
    assert outside("tools/x.py", "# as ../shared/RULES.md says")
    assert outside("firmware/x.py", "# the contract is RULES.md")
    assert outside("docs/X.md", "see ../shared/RULES.md")
    assert not outside("firmware/x.py", "# docs/RULES.md, \"play-nine\"")
    assert not outside("docs/ENGINE.md", "[RULES.md](RULES.md)")
    assert not outside("README.md", "source is `%s` where present" % MPY_SOURCE)


def test_no_file_refers_outside_the_repository():
    bad = []
    for path, text in tracked():
        if path != "host_tests/test_self_contained.py":
            bad += outside(path, text)
    assert not bad, "\n".join(bad)


def test_every_link_in_the_docs_leads_to_a_file_in_the_repository():
    bad = []
    seen = 0
    for path, text in tracked():
        if not path.endswith(".md"):
            continue
        for m in re.finditer(r"\]\(([^)#\s]+)(#[^)]*)?\)", text):
            target = m.group(1)
            if "://" in target or target.startswith("mailto:"):
                continue
            seen += 1
            if not os.path.exists(os.path.normpath(os.path.join(ROOT, os.path.dirname(path), target))):
                bad.append("%s: %s" % (path, target))
    assert not bad, "links to nothing: " + ", ".join(bad)
    assert seen >= 20  # (the links were found)


def test_every_command_at_the_top_of_tools_is_named_by_a_make_target_or_the_docs():
    named = ""
    for path, text in tracked():
        if path in ("Makefile", "README.md") or (path.startswith("docs/") and path.endswith(".md")):
            named += text
    tools = [p for p, _ in tracked() if p.startswith("tools/") and p.count("/") == 1 and p.endswith(".py")]
    assert len(tools) >= 10
    nowhere = [p for p in tools if p not in named]
    assert not nowhere, "commands no make target or doc names (name them, or move them to tools/benches/): " \
        + ", ".join(nowhere)
