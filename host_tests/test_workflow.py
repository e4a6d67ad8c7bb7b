# cpython-only
# The release workflow (.github/workflows/images.yml, issue 39, 3): it runs
# only on GitHub, in Espressif's ESP-IDF container, so here it is held to
# what can be checked: its syntax against the GitHub workflow schema
# (check-jsonschema's vendored copy, no network), its boards being every
# board, each board on the MicroPython base image.py builds it on, and its
# make image line giving, as make image DRY_RUN=1, the commands that build
# that board's image in the container. (Subprocesses: CPython.)
import json
import os
import re
import subprocess

import image
from common import manifest
from ruamel.yaml import YAML

ROOT = manifest.ROOT
WORKFLOW = os.path.join(ROOT, ".github", "workflows", "images.yml")
CHECK = os.path.join(ROOT, ".venv", "bin", "check-jsonschema")


def schema_check(path):
    return subprocess.run([CHECK, "--builtin-schema", "vendor.github-workflows", path], capture_output=True,
                          text=True)


def workflow():
    with open(WORKFLOW) as f:
        return YAML(typ="safe").load(f)


def test_the_workflow_is_valid_against_githubs_schema(tmp_path):
    run = schema_check(WORKFLOW)
    assert run.returncode == 0, run.stdout + run.stderr
    # (and the check does catch a broken one)
    bad = tmp_path / "bad.yml"
    with open(WORKFLOW) as f:
        bad.write_text(f.read().replace("runs-on: ubuntu-latest", "runs_on: ubuntu-latest", 1))
    assert schema_check(str(bad)).returncode != 0


def test_it_builds_and_bundles_every_board_and_releases_on_a_tag(tmp_path):
    w = workflow()
    jobs = w["jobs"]
    # the container's ESP-IDF is the one the MicroPython release checked out recommends
    ref = w["env"]["MICROPYTHON_REF"]
    assert ref == image.MICROPYTHON_REF
    assert jobs["image"]["container"] == "espressif/idf:%s" % image.IDF_FOR[ref]
    # (issue 59, 1) no board written in it: the matrix is what the boards job's own step prints, run here
    assert jobs["image"]["needs"] == "boards"
    assert jobs["image"]["strategy"]["matrix"]["board"] == "${{ fromJSON(needs.boards.outputs.list) }}"
    (step,) = [s for s in jobs["boards"]["steps"] if s.get("id") == "list"]
    assert jobs["boards"]["outputs"]["list"] == "${{ steps.list.outputs.list }}"
    out = os.path.join(str(tmp_path), "github_output")
    run = subprocess.run(["bash", "-eo", "pipefail", "-c", step["run"]], cwd=ROOT, capture_output=True,
                         text=True, env=dict(os.environ, GITHUB_OUTPUT=out))
    assert run.returncode == 0, run.stderr
    with open(out) as f:
        key, _, value = f.read().strip().partition("=")
    assert key == "list" and json.loads(value) == list(manifest.REAL_BOARDS)
    # the bundles: the loop run here with make bundle echoed, each board on its chip's stock image
    bundle_run = [s["run"] for s in jobs["bundle"]["steps"] if "make bundle" in s.get("run", "")][0]
    echoed = "make() { echo make \"$@\"; }\n" + bundle_run
    run = subprocess.run(["bash", "-eo", "pipefail", "-c", echoed], cwd=ROOT, capture_output=True, text=True,
                         env=dict(os.environ, GITHUB_STEP_SUMMARY="/dev/null"))
    assert run.returncode == 0, run.stderr
    made = re.findall(r"make bundle BOARD=(\S+) FIRMWARE=(\S+)\.bin", run.stdout)
    assert made == [(b, image.base_board(b)) for b in manifest.REAL_BOARDS], run.stdout
    steps = "\n".join(s.get("run", "") for s in jobs["image"]["steps"])
    assert "--size-of build/image/${{ matrix.board }}/firmware.bin" in steps
    assert w["on"]["push"]["tags"] == ["v*"]
    assert jobs["release"]["needs"] == ["image", "bundle"]


def test_a_release_is_tagged_with_the_firmwares_version():
    """(app.VERSION stayed 0.1.0 while the code changed) A release's tag is v<VERSION>: the images
    and bundles it attaches say that version (imageinfo, the installer's manifest), so a new
    release raises it. The check's step, run here as the workflow runs it on a tag."""
    steps = workflow()["jobs"]["boards"]["steps"]
    (step,) = [s for s in steps if "the firmware's version" in s.get("name", "")]
    assert step["if"] == "startsWith(github.ref, 'refs/tags/v')"
    version = manifest.version()
    for tag, ok in (("v" + version, True), ("v9.9.9", False), (version, False)):
        run = subprocess.run(["bash", "-eo", "pipefail", "-c", step["run"]], cwd=ROOT, capture_output=True,
                             text=True, env=dict(os.environ, GITHUB_REF_NAME=tag))
        assert (run.returncode == 0) == ok, (tag, run.stdout + run.stderr)
        if not ok:
            assert "the tag %s is not v%s, the firmware's version" % (tag, version) in run.stdout, run.stdout


def test_its_make_image_line_dry_runs_to_the_commands_that_build_the_image(tmp_path):
    steps = "\n".join(s.get("run", "") for s in workflow()["jobs"]["image"]["steps"])
    line = [ln.strip() for ln in steps.splitlines() if ln.strip().startswith("make image ")][0]
    src = tmp_path / "micropython"  # the workflow's clone, as make image checks it (a dry run too)
    (src / "py").mkdir(parents=True)
    (src / "py" / "mpconfig.h").write_text("")
    (src / "ports" / "esp32").mkdir(parents=True)
    for b in manifest.REAL_BOARDS:
        args = line.replace("${{ matrix.board }}", b).replace('"$RUNNER_TEMP/micropython"', str(src))
        args = args.replace('"$IDF_PATH"', "/opt/esp/idf").split()[1:]
        run = subprocess.run(["make", "--no-print-directory"] + args + ["DRY_RUN=1"], capture_output=True,
                             text=True, cwd=ROOT)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "source /opt/esp/idf/export.sh" in run.stdout
        assert "make -C %s/ports/esp32 BOARD=%s " % (src, image.base_board(b)) in run.stdout
        assert "cp %s" % os.path.join(image.OUT, b, "esp32-build", "firmware.bin") in run.stdout


def test_every_run_step_fails_on_a_failure_inside_a_pipe_or_a_loop(tmp_path):
    # GitHub runs a step with shell: bash as bash --noprofile --norc -eo pipefail {0}; without it a
    # container job's default is sh -e, where `make bundle ... | tee` passes when make fails
    w = workflow()
    assert w["defaults"]["run"]["shell"] == "bash"
    for name, job in w["jobs"].items():
        for step in job["steps"]:
            assert step.get("shell", "bash") == "bash", (name, step)
    # what that shell does with the workflow's own size check's pipe when the command fails
    run = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", "false | tee /dev/null"])
    assert run.returncode != 0
    assert subprocess.run(["sh", "-e", "-c", "false | tee /dev/null"]).returncode == 0
