#!/usr/bin/env python3
"""tests/run.py - the test runner of docs/testing.md.

Runs five kinds of tests and ends with one line `N passed, N failed`:
  - golden .q files under tests/lang/ and tests/kernels/ (GOLDEN_DIRS), each run through
    `qpipe` as its `% run:` directive says and judged by its `% expect...` lines (after
    Wren's runner: stdout exact and in order, every expected diagnostic present, no other
    diagnostic, exit status 65 when errors are expected and 0 otherwise). Files under
    tests/kernels/ (INTERPRETED_DIRS) run twice: compiled, and with QPIPE_CC=none in the
    interpreter (reported as `FILE [interpreted]`), judged by the same expectations;
    files under tests/lang/autopar/ (AUTOPAR_OFF_DIRS) also run with QPIPE_AUTOPAR=0
    (every loop serial, reported as `FILE [autopar off]`), judged by the same
    expectations except the `% expect note:` lines (the -v listing says "serial" then);
  - unit test programs QPIPE_TESTS/test_*, where each `ok NAME` / `not ok NAME: REASON`
    line of stdout is one test;
  - the NVRTC check (tests/nvrtc_check.py) of the kernel sources that the compiled golden
    runs kept (QPIPE_KEEP_KERNELS=<folder of QPIPE>/kernels-kept), each line one test;
  - the end-to-end checks of `qpipe run` (tests/e2e/run_e2e.py: media made by
    samples/make_media.sh into build/e2e/, outputs checked by content), each `ok NAME` /
    `not ok NAME: REASON` line one test, when the whole suite runs or a path names tests/e2e;
  - the figure checks of `qpipe exec --figures` (tests/figures/run_figures.py: PNGs read
    back and checked by pixel value), counted the same way, when the whole suite runs or a
    path names tests/figures;
  - with --fuzz, the libFuzzer targets of FUZZ_TARGETS (the front end seeded with every
    tests/**/*.q, the image and video readers with tests/fuzz/seeds_*), one test each,
    sharing FUZZ_SECONDS.

Environment: QPIPE (default build/qpipe), QPIPE_TESTS (default build/tests), FUZZ_DIR
(the fuzz binaries, default build/fuzz), FUZZ_SECONDS (default 30, for all targets
together). XDG_CACHE_HOME, when not set,
becomes build/cache, so that the suite's compiled kernels never land in the user's cache.
Positional arguments pick a subset: .q files, folders (every .q below them, and the unit
tests when the folder holds tests/unit), unit test sources (tests/unit/test_x.c) or
binaries. Paths are relative to the current folder; the defaults are relative to the
repository root.

Standard library only. Python 3.7 or later.
"""

import argparse
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Folders whose .q files are golden tests.
GOLDEN_DIRS = ["tests/lang", "tests/kernels", "tests/io"]

# Golden folders whose files also run in the interpreter (QPIPE_CC=none): the compiled
# CPU engine and the interpreter must agree (issue 4).
INTERPRETED_DIRS = ["tests/kernels", "tests/lang/autopar"]
INTERPRETED_TAG = " [interpreted]"
# Golden folders whose files also run with the loop parallelizer off (QPIPE_AUTOPAR=0):
# parallel loops must print what the serial ones print (issue 10).
AUTOPAR_OFF_DIRS = ["tests/lang/autopar"]
AUTOPAR_OFF_TAG = " [autopar off]"
# The warning qpipe prints once when kernels cannot be compiled. Expected in an
# interpreted run (at most once), an unexpected diagnostic in a compiled one.
INTERPRETER_WARNING = "kernels run in the interpreter"

NVRTC_CHECK = "tests/nvrtc_check.py"
# End-to-end checks on generated media: every tests/e2e/run_e2e.py and tests/e2e/e2e_*.py
# (tests/e2e/harness.py is their shared module), one `ok NAME` line per check.
E2E_DIR = "tests/e2e"
E2E_TIMEOUT = 600       # seconds for one e2e script (run_e2e.py takes about a minute on 2 cores)
FIGURES_SCRIPT = "tests/figures/run_figures.py"
FIGURES_TIMEOUT = 120   # seconds for the figure checks (about 2 s)
KERNEL_HEADER = "kernels/qp_kernel.h"

GOLDEN_TIMEOUT = 30     # seconds per .q file: a hang, not a slow cold-cache JIT of many kernels on a loaded 2-core machine
UNIT_TIMEOUT = 120      # seconds per unit test program: generous, some build kernels
NVRTC_TIMEOUT = 1800    # seconds for the NVRTC check of every kept kernel (~0.1 s each)
FUZZ_TIMEOUT = 5        # seconds per fuzz input before libFuzzer calls it a hang
FUZZ_RSS_MB = 2048
# The fuzz targets (tests/fuzz/README.md): binary name in FUZZ_DIR, seed folder (None: every
# tests/**/*.q), dictionary, and share of FUZZ_SECONDS. The front end keeps half, what it
# had alone; the two media readers split the rest.
FUZZ_TARGETS = [
    ("fuzz_parse", None, "tests/fuzz/quasar.dict", 0.5),
    ("fuzz_image", "tests/fuzz/seeds_image", None, 0.25),
    ("fuzz_video", "tests/fuzz/seeds_video", None, 0.25),
]

EXIT_PROGRAM_ERROR = 65     # sysexits EX_DATAERR: an error in the Quasar program

# `qpipe` subcommand and arguments for each `% run:` mode, before FILE.
RUN_MODES = {
    "parse": ["parse"],
    "dump": ["parse", "--dump"],
    "check": ["check"],
    "exec": ["exec"],
}

DIAG_RE = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|note): (.*)$")
DIRECTIVE_RE = re.compile(r"%\s*(expect error|expect warning|expect note|expect|run|args|options):(.*)$")
EXPECT_DIAG_RE = re.compile(r"^\s*line\s+(\d+)\s*(?::\s?(.*))?$")
FUZZ_ARTIFACT_RE = re.compile(r"Test unit written to (\S+)")


class Failure(Exception):
    """A test that cannot be run as written: a malformed directive, a missing program."""


def rel(path):
    """`path` as printed in reports: relative to the current folder when inside it."""
    r = os.path.relpath(path)
    return path if r.startswith("..") else r


def default_path(var, default):
    """The path in environment variable `var`, else `default` under the repository root."""
    value = os.environ.get(var)
    return os.path.abspath(value) if value else os.path.join(ROOT, default)


def quote(text, limit=120):
    """`text` in double quotes, shortened to `limit` characters."""
    if len(text) > limit:
        text = text[:limit] + "..."
    return '"' + text + '"'


def signal_name(num):
    try:
        return signal.Signals(num).name
    except ValueError:
        return "signal %d" % num


def sanitizer_summary(stderr):
    """The line a sanitizer leaves on stderr (`SUMMARY: AddressSanitizer: ...`), or ""."""
    for line in stderr.splitlines():
        if line.startswith("SUMMARY: "):
            return line[len("SUMMARY: "):].strip()
    for line in stderr.splitlines():
        if "runtime error:" in line:
            return line.strip()
    return ""


def describe_exit(code, stderr, context=""):
    """`exit status 3` or `crashed (SIGSEGV)`, then `context`, then a sanitizer's summary
    when there is one."""
    if code < 0:
        text = "crashed (%s)" % signal_name(-code)
    else:
        text = "exit status %d" % code
    text += context
    summary = sanitizer_summary(stderr)
    return text + (": " + summary if summary else "")


def run_process(argv, timeout, cwd=ROOT, env=None):
    """Run `argv` (in environment `env`, default ours); return (exit code, stdout,
    stderr), or None on timeout. Raises Failure when the program cannot be started.

    The child gets its own process group so that a timeout ends it together with anything
    it started (a C compiler, say), whose open pipes would otherwise keep us waiting."""
    try:
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
    except OSError as e:
        raise Failure("cannot run %s: %s" % (rel(argv[0]), e.strerror))
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        proc.communicate()
        return None
    return (proc.returncode,
            out.decode("utf-8", "replace"), err.decode("utf-8", "replace"))


# ---- golden .q tests ----------------------------------------------------------------------

class Golden:
    """The directives of one .q file."""

    def __init__(self, path):
        self.path = path
        self.mode = None
        self.args = []
        self.options = []
        self.stdout = []        # expected lines, in order
        self.diags = []         # (kind, line, message or None, directive's line)
        with open(path, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                self.parse_line(line.rstrip("\r\n"), number)
        if self.mode is None:
            self.mode = "exec"

    def parse_line(self, line, number):
        m = DIRECTIVE_RE.search(line)
        if not m:
            return
        word, rest = m.group(1), m.group(2)
        if word == "expect":
            self.stdout.append((rest[1:] if rest.startswith(" ") else rest).rstrip())
        elif word == "run":
            mode = rest.strip()
            if mode not in RUN_MODES:
                raise Failure("line %d: unknown run mode %s (known: %s)"
                              % (number, quote(mode), ", ".join(RUN_MODES)))
            if self.mode is not None:
                raise Failure("line %d: second %% run: directive" % number)
            self.mode = mode
        elif word == "args":
            self.args += shlex.split(rest)
        elif word == "options":
            self.options += shlex.split(rest)
        else:
            d = EXPECT_DIAG_RE.match(rest)
            if not d:
                raise Failure("line %d: malformed directive, want %% %s: line N[: MESSAGE]"
                              % (number, word))
            message = d.group(2).strip() if d.group(2) is not None else ""
            self.diags.append((word.split()[1], int(d.group(1)), message or None, number))

    def expects_errors(self):
        return any(kind == "error" for kind, _, _, _ in self.diags)


def same_file(reported, path):
    """Whether the file name in a diagnostic names the test file."""
    if reported == path:
        return True
    candidate = reported if os.path.isabs(reported) else os.path.join(ROOT, reported)
    return os.path.exists(candidate) and os.path.samefile(candidate, path)


def parse_diagnostics(stderr, test_path):
    """Diagnostics on stderr as dicts (notes too: `% expect note:` may ask for one; unasked
    notes are context, never failures); other lines (source, caret) are skipped."""
    found = []
    for text in stderr.splitlines():
        m = DIAG_RE.match(text)
        if m:
            found.append({"file": m.group(1), "line": int(m.group(2)), "kind": m.group(4),
                          "message": m.group(5), "text": text.strip(), "used": False,
                          "ours": same_file(m.group(1), test_path)})
    return found


def match_diagnostics(test, diags, allowed=None):
    """Pair expectations with diagnostics; return the reasons for failure (maybe none).
    A diagnostic that no expectation takes is a failure, unless its message contains
    `allowed`.

    Expectations with longer messages choose first, so that `expect error: line 3: x`
    cannot take the diagnostic that `expect error: line 3: x y` needs."""
    reasons = []
    wanted = sorted(test.diags, key=lambda e: (-len(e[2] or ""), e[3]))
    for kind, line, message, _ in wanted:
        for d in diags:
            if (not d["used"] and d["ours"] and d["kind"] == kind and d["line"] == line
                    and (message is None or message in d["message"])):
                d["used"] = True
                break
        else:
            what = "missing %s at line %d" % (kind, line)
            if message is not None:
                what += " containing " + quote(message)
            same_line = [d for d in diags if not d["used"] and d["ours"] and d["line"] == line]
            if same_line:
                what += "; line %d has %s: %s" % (line, same_line[0]["kind"],
                                                  quote(same_line[0]["message"]))
            reasons.append(what)
    for d in diags:
        if not d["used"] and d["kind"] != "note" and not (allowed and allowed in d["message"]):
            reasons.append("unexpected diagnostic: " + quote(d["text"], 200))
    return reasons


def compare_stdout(expected, stdout):
    """The first difference between the expected lines and stdout, or None."""
    got = stdout.split("\n")
    if got and got[-1] == "":
        got.pop()
    got = [line.rstrip() for line in got]
    for i, want in enumerate(expected):
        if i >= len(got):
            return "stdout line %d: expected %s, got end of output" % (i + 1, quote(want))
        if got[i] != want:
            return "stdout line %d: expected %s, got %s" % (i + 1, quote(want), quote(got[i]))
    if len(got) > len(expected):
        return "stdout line %d: unexpected extra output %s" % (len(expected) + 1,
                                                              quote(got[len(expected)]))
    return None


def run_golden(path, qpipe, env=None):
    """Run one .q file in environment `env`; return None when it passes, else the reason
    it failed. With QPIPE_CC=none in `env` (an interpreted run), the interpreter's warning
    may appear once."""
    interpreted = (env or os.environ).get("QPIPE_CC") == "none"
    try:
        test = Golden(path)
        if (env or os.environ).get("QPIPE_AUTOPAR") == "0":
            # the -v notes of parallel loops say "serial" in this run; the rest must hold
            test.diags = [d for d in test.diags if d[0] != "note"]
        argv = [qpipe] + RUN_MODES[test.mode] + test.options + [rel_to_root(path)] + test.args
        result = run_process(argv, GOLDEN_TIMEOUT, env=env)
    except Failure as e:
        return str(e)
    except OSError as e:
        return "cannot read: %s" % e.strerror
    if result is None:
        return "timeout after %d s (qpipe %s)" % (GOLDEN_TIMEOUT, " ".join(argv[1:]))
    code, stdout, stderr = result
    if code < 0:
        # A crash explains everything else that is wrong; say only that.
        return describe_exit(code, stderr)
    allowed = INTERPRETER_WARNING if interpreted else None
    reasons = match_diagnostics(test, parse_diagnostics(stderr, path), allowed)
    warnings = sum(INTERPRETER_WARNING in line for line in stderr.splitlines())
    if interpreted and warnings > 1:
        reasons.append("the warning %s printed %d times, expected once"
                       % (quote(INTERPRETER_WARNING), warnings))
    difference = compare_stdout(test.stdout, stdout)
    if difference:
        reasons.append(difference)
    want = EXIT_PROGRAM_ERROR if test.expects_errors() else 0
    if code != want:
        reasons.append("%s, expected %d" % (describe_exit(code, stderr), want))
    if not reasons:
        return None
    more = len(reasons) - 1
    return reasons[0] + (" (+%d more)" % more if more else "")


def rel_to_root(path):
    """`path` relative to the repository root, as the test names the file to qpipe."""
    r = os.path.relpath(path, ROOT)
    return path if r.startswith("..") else r


# ---- unit tests ---------------------------------------------------------------------------

UNIT_OK_RE = re.compile(r"^ok (.+?)\s*$")
UNIT_NOT_OK_RE = re.compile(r"^not ok (.+?)(?::\s*(.*?))?\s*$")


def unit_name(binary):
    """The source of a unit test binary when it exists (the better name in a report)."""
    source = os.path.join(ROOT, "tests", "unit", os.path.basename(binary) + ".c")
    return rel(source) if os.path.exists(source) else rel(binary)


def run_unit(binary):
    """Run one unit test program; return (passed count, [failure lines])."""
    return run_counted([binary], unit_name(binary), UNIT_TIMEOUT)


def run_counted(argv, name, timeout, env=None):
    """Run a program that prints `ok NAME` / `not ok NAME: REASON` lines; return (passed
    count, [failure lines]), each failure line starting with `name`."""
    try:
        result = run_process(argv, timeout, env=env)
    except Failure as e:
        return 0, ["%s: %s" % (name, e)]
    if result is None:
        return 0, ["%s: timeout after %d s" % (name, timeout)]
    code, stdout, stderr = result
    passed, failures = 0, []
    for line in stdout.splitlines():
        m = UNIT_NOT_OK_RE.match(line)
        if m:
            failures.append("%s: %s" % (name, m.group(1) + (": " + m.group(2)
                                                             if m.group(2) else "")))
            continue
        if UNIT_OK_RE.match(line):
            passed += 1
    if code != 0 and not failures:
        context = " after %d ok line%s" % (passed, "" if passed == 1 else "s")
        failures.append("%s: %s" % (name, describe_exit(code, stderr, context)))
    elif code == 0 and not failures and passed == 0:
        failures.append("%s: printed no `ok NAME` line" % name)
    return passed, failures


# ---- the NVRTC check ----------------------------------------------------------------------

def kept_folder(qpipe):
    """Where the compiled golden runs keep their kernel sources: beside the qpipe binary
    (build/kernels-kept, build-asan/kernels-kept), so that two builds never share it."""
    return os.path.join(os.path.dirname(qpipe), "kernels-kept")


def run_nvrtc(kept):
    """Compile every kernel source in `kept`, and the kernel header alone, with NVRTC and
    ptxas (tests/nvrtc_check.py); return (passed count, [failure lines]). Nothing to do
    (0, []) before the header exists when no kernel was kept."""
    header = os.path.join(ROOT, KERNEL_HEADER)
    has_sources = os.path.isdir(kept) and any(f.endswith(".c") for f in os.listdir(kept))
    if not os.path.exists(header) and not has_sources:
        return 0, []
    argv = [sys.executable, os.path.join(ROOT, NVRTC_CHECK), kept, header]
    return run_counted(argv, NVRTC_CHECK, NVRTC_TIMEOUT)


# ---- fuzzing ------------------------------------------------------------------------------

def fuzz_seeds(seeds):
    """The seed files of a target: the files of tests/SEEDS, or every tests/**/*.q."""
    if seeds is None:
        return find_q_files([os.path.join(ROOT, "tests")])
    folder = os.path.join(ROOT, seeds)
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder))]


def run_fuzz(fuzz_bin, seeds, dictionary, seconds):
    """Run one fuzzer for `seconds` on a fresh corpus made of its seeds; return None or
    the failure reason."""
    if not os.access(fuzz_bin, os.X_OK):
        return "%s: not built (make fuzz-build)" % rel(fuzz_bin)
    work = os.path.dirname(fuzz_bin)
    name = os.path.basename(fuzz_bin)
    corpus = os.path.join(work, "corpus-" + name)
    shutil.rmtree(corpus, ignore_errors=True)
    os.makedirs(corpus)
    for seed in fuzz_seeds(seeds):
        shutil.copyfile(seed, os.path.join(corpus, rel_to_root(seed).replace(os.sep, "_")))
    argv = [fuzz_bin, "-max_total_time=%d" % seconds, "-timeout=%d" % FUZZ_TIMEOUT,
            "-rss_limit_mb=%d" % FUZZ_RSS_MB, "-artifact_prefix=" + work + os.sep]
    if dictionary and os.path.exists(os.path.join(ROOT, dictionary)):
        argv.append("-dict=" + os.path.join(ROOT, dictionary))
    argv.append(corpus)
    try:
        result = run_process(argv, seconds * 2 + 120)
    except Failure as e:
        return str(e)
    log = os.path.join(work, name + ".log")
    if result is None:
        return "%s: did not stop within %d s" % (rel(fuzz_bin), seconds * 2 + 120)
    code, stdout, stderr = result
    with open(log, "w") as f:
        f.write(stdout + stderr)
    if code == 0:
        return None
    artifact = FUZZ_ARTIFACT_RE.search(stderr)
    summary = sanitizer_summary(stderr)
    reason = "%s: exit status %d" % (rel(fuzz_bin), code)
    if summary:
        reason += ", " + summary
    if artifact:
        reason += "; input in " + rel(artifact.group(1))
    return reason + "; log in " + rel(log)


def run_fuzzers(fuzz_dir, seconds):
    """Every target of FUZZ_TARGETS in turn, `seconds` shared; (passed count, [failure lines])."""
    passed, failures = 0, []
    for name, seeds, dictionary, share in FUZZ_TARGETS:
        reason = run_fuzz(os.path.join(fuzz_dir, name), seeds, dictionary, max(1, int(seconds * share)))
        if reason is None:
            passed += 1
        else:
            failures.append(reason)
    return passed, failures


# ---- selection and main -------------------------------------------------------------------

def find_q_files(folders):
    found = []
    for folder in folders:
        for parent, dirs, files in os.walk(folder):
            dirs.sort()
            found += [os.path.join(parent, f) for f in sorted(files) if f.endswith(".q")]
    return found


def unit_binaries(folder):
    if not os.path.isdir(folder):
        return []
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder))
            if f.startswith("test_") and os.access(os.path.join(folder, f), os.X_OK)
            and os.path.isfile(os.path.join(folder, f))]


def inside(path, folder):
    """Whether `path` is `folder` or lies below it."""
    return os.path.commonpath([path, folder]) == folder


def e2e_scripts():
    """The end-to-end scripts, in name order: run_e2e.py and every e2e_*.py."""
    folder = os.path.join(ROOT, E2E_DIR)
    names = sorted(n for n in os.listdir(folder)
                   if n.endswith(".py") and (n == "run_e2e.py" or n.startswith("e2e_")))
    return [os.path.join(E2E_DIR, n) for n in names]


def run_e2e(qpipe):
    """The e2e scripts against `qpipe`, one after the other; (passed count, [failure lines])."""
    os.environ["QPIPE"] = qpipe
    passed, failures = 0, []
    for script in e2e_scripts():
        ok, failed = run_counted([sys.executable, os.path.join(ROOT, script)], script, E2E_TIMEOUT)
        passed += ok
        failures += failed
    return passed, failures


def run_figures(qpipe):
    """The figure checks (tests/figures/run_figures.py); (passed count, [failure lines])."""
    env = dict(os.environ, QPIPE=qpipe)
    argv = [sys.executable, os.path.join(ROOT, FIGURES_SCRIPT)]
    return run_counted(argv, FIGURES_SCRIPT, FIGURES_TIMEOUT, env=env)


def wants_folder(paths, name):
    """Whether the script of tests/NAME runs: the whole suite, or a path at or above it."""
    folder = os.path.join(ROOT, "tests", name)
    return not paths or any(inside(folder, os.path.abspath(p)) or inside(os.path.abspath(p), folder)
                            for p in paths)


def wants_e2e(paths):
    """Whether the e2e checks run: the whole suite, or a path at or above tests/e2e."""
    return wants_folder(paths, "e2e")


def select(paths, tests_dir):
    """The .q files and unit test binaries that `paths` name (all when `paths` is empty)."""
    unit_src = os.path.join(ROOT, "tests", "unit")
    golden_dirs = [os.path.join(ROOT, d) for d in GOLDEN_DIRS]
    if not paths:
        return find_q_files(golden_dirs), unit_binaries(tests_dir)
    golden, units = [], []
    for arg in paths:
        path = os.path.abspath(arg)
        if inside(path, os.path.join(ROOT, "tests", "e2e")) or inside(path, os.path.join(ROOT, "tests", "figures")):
            continue    # the e2e and figure scripts (wants_folder)
        if os.path.isdir(path):
            # A folder that holds golden folders (tests/, the root) means those only.
            holds = [g for g in golden_dirs if inside(g, path)]
            golden += find_q_files(holds or [path])
            if inside(unit_src, path) or path == tests_dir:
                units += unit_binaries(tests_dir)
        elif path.endswith(".q") and os.path.isfile(path):
            golden.append(path)
        elif inside(path, unit_src) and path.endswith(".c"):
            units.append(os.path.join(tests_dir, os.path.basename(path)[:-2]))
        elif os.path.isfile(path) and os.access(path, os.X_OK):
            units.append(path)
        else:
            sys.exit("run.py: %s is not a .q file, a folder or a unit test" % arg)
    return sorted(set(golden)), sorted(set(units))


def main():
    parser = argparse.ArgumentParser(description="Run qpipe's tests (docs/testing.md).")
    parser.add_argument("paths", nargs="*", help=".q files, folders or unit tests to run")
    parser.add_argument("--fuzz", action="store_true", help="also run the fuzzers")
    parser.add_argument("--fuzz-only", action="store_true", help="run only the fuzzers")
    opts = parser.parse_args()
    # Tests run headless whatever the session has: with a display, imshow would open windows
    # and `qpipe exec` would wait for them to be closed. tests/e2e/e2e_window.py starts its
    # own Xvfb and sets DISPLAY for its own processes.
    for var in ("DISPLAY", "WAYLAND_DISPLAY"):
        os.environ.pop(var, None)

    qpipe = default_path("QPIPE", "build/qpipe")
    tests_dir = default_path("QPIPE_TESTS", "build/tests")
    fuzz_dir = default_path("FUZZ_DIR", "build/fuzz")
    seconds = int(os.environ.get("FUZZ_SECONDS") or 30)

    golden, units = ([], []) if opts.fuzz_only else select(opts.paths, tests_dir)
    if golden and not os.access(qpipe, os.X_OK):
        sys.exit("run.py: %s is not built (make)" % rel(qpipe))

    # Every qpipe run (and unit test) of the suite uses a private kernel cache.
    if not os.environ.get("XDG_CACHE_HOME"):
        os.environ["XDG_CACHE_HOME"] = os.path.join(ROOT, "build", "cache")
    kept = kept_folder(qpipe)
    if golden:
        shutil.rmtree(kept, ignore_errors=True)
        os.makedirs(kept)
    compiled_env = dict(os.environ, QPIPE_KEEP_KERNELS=kept)
    interpreted_env = dict(os.environ, QPIPE_CC="none")
    interpreted_env.pop("QPIPE_KEEP_KERNELS", None)
    interpreted_dirs = [os.path.join(ROOT, d) for d in INTERPRETED_DIRS]
    runs = [(path, "", compiled_env) for path in golden]
    runs += [(path, INTERPRETED_TAG, interpreted_env) for path in golden
             if any(inside(path, d) for d in interpreted_dirs)]
    autopar_off_env = dict(os.environ, QPIPE_AUTOPAR="0")
    autopar_off_env.pop("QPIPE_KEEP_KERNELS", None)
    autopar_off_dirs = [os.path.join(ROOT, d) for d in AUTOPAR_OFF_DIRS]
    runs += [(path, AUTOPAR_OFF_TAG, autopar_off_env) for path in golden
             if any(inside(path, d) for d in autopar_off_dirs)]

    passed, failures = 0, []
    workers = os.cpu_count() or 1
    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = pool.map(lambda run: run_golden(run[0], qpipe, run[2]), runs)
        for (path, tag, _), reason in zip(runs, results):
            if reason is None:
                passed += 1
            else:
                failures.append("%s%s: %s" % (rel(path), tag, reason))
        # After the golden runs, which write the kept kernels; alongside the unit tests.
        nvrtc = pool.submit(run_nvrtc, kept) if golden else None
        e2e = pool.submit(run_e2e, qpipe) if not opts.fuzz_only and wants_e2e(opts.paths) else None
        figures = (pool.submit(run_figures, qpipe)
                   if not opts.fuzz_only and wants_folder(opts.paths, "figures") else None)
        for ok, failed in pool.map(run_unit, units):
            passed += ok
            failures += failed
        if nvrtc:
            ok, failed = nvrtc.result()
            passed += ok
            failures += failed
        for script in (e2e, figures):
            if script:
                ok, failed = script.result()
                passed += ok
                failures += failed
    if opts.fuzz or opts.fuzz_only:
        ok, failed = run_fuzzers(fuzz_dir, seconds)
        passed += ok
        failures += failed

    for line in failures:
        print("FAIL " + line)
    print("%d passed, %d failed" % (passed, len(failures)))
    sys.stdout.flush()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
