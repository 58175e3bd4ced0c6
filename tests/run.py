#!/usr/bin/env python3
"""tests/run.py - the test runner of docs/testing.md.

Runs three kinds of tests and ends with one line `N passed, N failed`:
  - golden .q files under tests/lang/ (GOLDEN_DIRS), each run through `qpipe` as its
    `% run:` directive says and judged by its `% expect...` lines (after Wren's runner:
    stdout exact and in order, every expected diagnostic present, no other diagnostic,
    exit status 65 when errors are expected and 0 otherwise);
  - unit test programs QPIPE_TESTS/test_*, where each `ok NAME` / `not ok NAME: REASON`
    line of stdout is one test;
  - with --fuzz, the libFuzzer target seeded with every tests/**/*.q, as one test.

Environment: QPIPE (default build/qpipe), QPIPE_TESTS (default build/tests), FUZZ_BIN
(default build/fuzz/fuzz_parse), FUZZ_SECONDS (default 30). Positional arguments pick a
subset: .q files, folders (every .q below them, and the unit tests when the folder holds
tests/unit), unit test sources (tests/unit/test_x.c) or binaries. Paths are relative to
the current folder; the defaults are relative to the repository root.

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

# Folders whose .q files are golden tests. tests/kernels and others join this list later.
GOLDEN_DIRS = ["tests/lang"]

GOLDEN_TIMEOUT = 10     # seconds per .q file (docs/testing.md)
UNIT_TIMEOUT = 120      # seconds per unit test program: generous, some build kernels
FUZZ_TIMEOUT = 5        # seconds per fuzz input before libFuzzer calls it a hang
FUZZ_RSS_MB = 2048

EXIT_PROGRAM_ERROR = 65     # sysexits EX_DATAERR: an error in the Quasar program

# `qpipe` subcommand and arguments for each `% run:` mode, before FILE.
RUN_MODES = {
    "parse": ["parse"],
    "dump": ["parse", "--dump"],
    "check": ["check"],
    "exec": ["exec"],
}

DIAG_RE = re.compile(r"^(.*?):(\d+):(\d+): (error|warning): (.*)$")
DIRECTIVE_RE = re.compile(r"%\s*(expect error|expect warning|expect|run|args|options):(.*)$")
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


def run_process(argv, timeout, cwd=ROOT):
    """Run `argv`; return (exit code, stdout, stderr), or None on timeout.
    Raises Failure when the program cannot be started.

    The child gets its own process group so that a timeout ends it together with anything
    it started (a C compiler, say), whose open pipes would otherwise keep us waiting."""
    try:
        proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL,
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
    """Diagnostics on stderr as dicts; other lines (source, caret, notes) are skipped."""
    found = []
    for text in stderr.splitlines():
        m = DIAG_RE.match(text)
        if m:
            found.append({"file": m.group(1), "line": int(m.group(2)), "kind": m.group(4),
                          "message": m.group(5), "text": text.strip(), "used": False,
                          "ours": same_file(m.group(1), test_path)})
    return found


def match_diagnostics(test, diags):
    """Pair expectations with diagnostics; return the reasons for failure (maybe none).

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
        if not d["used"]:
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


def run_golden(path, qpipe):
    """Run one .q file; return None when it passes, else the reason it failed."""
    try:
        test = Golden(path)
        argv = [qpipe] + RUN_MODES[test.mode] + test.options + [rel_to_root(path)] + test.args
        result = run_process(argv, GOLDEN_TIMEOUT)
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
    reasons = match_diagnostics(test, parse_diagnostics(stderr, path))
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
    name = unit_name(binary)
    try:
        result = run_process([binary], UNIT_TIMEOUT)
    except Failure as e:
        return 0, ["%s: %s" % (name, e)]
    if result is None:
        return 0, ["%s: timeout after %d s" % (name, UNIT_TIMEOUT)]
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


# ---- fuzzing ------------------------------------------------------------------------------

def run_fuzz(fuzz_bin, seconds):
    """Run the fuzzer for `seconds` on a fresh corpus; return None or the failure reason."""
    if not os.access(fuzz_bin, os.X_OK):
        return "%s: not built (make fuzz-build)" % rel(fuzz_bin)
    work = os.path.dirname(fuzz_bin)
    corpus = os.path.join(work, "corpus")
    shutil.rmtree(corpus, ignore_errors=True)
    os.makedirs(corpus)
    for seed in find_q_files([os.path.join(ROOT, "tests")]):
        name = rel_to_root(seed).replace(os.sep, "_")
        shutil.copyfile(seed, os.path.join(corpus, name))
    argv = [fuzz_bin, "-max_total_time=%d" % seconds, "-timeout=%d" % FUZZ_TIMEOUT,
            "-rss_limit_mb=%d" % FUZZ_RSS_MB, "-artifact_prefix=" + work + os.sep]
    dictionary = os.path.join(ROOT, "tests", "fuzz", "quasar.dict")
    if os.path.exists(dictionary):
        argv.append("-dict=" + dictionary)
    argv.append(corpus)
    try:
        result = run_process(argv, seconds * 2 + 120)
    except Failure as e:
        return str(e)
    log = os.path.join(work, "fuzz.log")
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


def select(paths, tests_dir):
    """The .q files and unit test binaries that `paths` name (all when `paths` is empty)."""
    unit_src = os.path.join(ROOT, "tests", "unit")
    golden_dirs = [os.path.join(ROOT, d) for d in GOLDEN_DIRS]
    if not paths:
        return find_q_files(golden_dirs), unit_binaries(tests_dir)
    golden, units = [], []
    for arg in paths:
        path = os.path.abspath(arg)
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
    parser.add_argument("--fuzz", action="store_true", help="also run the parser fuzzer")
    parser.add_argument("--fuzz-only", action="store_true", help="run only the fuzzer")
    opts = parser.parse_args()

    qpipe = default_path("QPIPE", "build/qpipe")
    tests_dir = default_path("QPIPE_TESTS", "build/tests")
    fuzz_bin = default_path("FUZZ_BIN", "build/fuzz/fuzz_parse")
    seconds = int(os.environ.get("FUZZ_SECONDS") or 30)

    golden, units = ([], []) if opts.fuzz_only else select(opts.paths, tests_dir)
    if golden and not os.access(qpipe, os.X_OK):
        sys.exit("run.py: %s is not built (make)" % rel(qpipe))

    passed, failures = 0, []
    workers = os.cpu_count() or 1
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for path, reason in zip(golden, pool.map(lambda p: run_golden(p, qpipe), golden)):
            if reason is None:
                passed += 1
            else:
                failures.append("%s: %s" % (rel(path), reason))
        for ok, failed in pool.map(run_unit, units):
            passed += ok
            failures += failed
    if opts.fuzz or opts.fuzz_only:
        reason = run_fuzz(fuzz_bin, seconds)
        if reason is None:
            passed += 1
        else:
            failures.append(reason)

    for line in failures:
        print("FAIL " + line)
    print("%d passed, %d failed" % (passed, len(failures)))
    sys.stdout.flush()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
