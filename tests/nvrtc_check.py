#!/usr/bin/env python3
"""tests/nvrtc_check.py - compiles kernel sources for the GPU, with no GPU (docs/testing.md).

    python3 tests/nvrtc_check.py [--jobs N] KEPT_DIR HEADER

KEPT_DIR holds the kernel sources a run kept (QPIPE_KEEP_KERNELS writes NAME_KEY.c);
HEADER is kernels/qp_kernel.h. Every header of HEADER's folder (qp_kernel.h and the
headers it includes, such as qp_math.h) is given to NVRTC by name, so the sources compile
as they do for the CPU. First the header alone is compiled (reported as `qp_kernel.h`),
then each source: NVRTC for compute_90 (`-default-device --std=c++17`: the kernel text is
C that must also be valid C++), then `ptxas -arch=sm_90` on the PTX. One line per kernel,
in the unit-test format that tests/run.py counts:

    ok nvrtc NAME
    not ok nvrtc NAME: first lines of the NVRTC log or of ptxas' message

The full log of a failure is left beside the source as NAME.nvrtc.log. The exit status
is 1 when anything failed, 2 on a usage error. Without the CUDA toolkit (libnvrtc and
ptxas under $CUDA_HOME, default /usr/local/cuda) it prints the single line
`ok nvrtc skipped: CUDA toolkit not found`, says what is missing on stderr and exits 0.

Standard library and ctypes only. Python 3.7 or later.
"""

import argparse
import ctypes
import glob
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ARCH_VIRTUAL = "compute_90"
ARCH_REAL = "sm_90"
NVRTC_OPTIONS = ["--gpu-architecture=" + ARCH_VIRTUAL, "-default-device", "--std=c++17"]
MESSAGE_LINES = 4           # lines of a log quoted in a `not ok` line
MESSAGE_CHARS = 600
PTXAS_TIMEOUT = 120         # seconds

HEADER_CHECK_SOURCE = '#include "qp_kernel.h"\n'

# An error line of NVRTC (`file.q(12): error: ...`) or of ptxas
# (`ptxas x.ptx, line 3; error   : ...`).
ERROR_LINE_RE = re.compile(r"\berror\s*:")


# ---- the toolkit ----------------------------------------------------------------------------

def cuda_home():
    return os.environ.get("CUDA_HOME") or "/usr/local/cuda"


def find_nvrtc(home):
    """Path of libnvrtc under `home`, or None. The unversioned name first (a development
    install), then a versioned one (a runtime-only install)."""
    for lib in ("lib64", "lib", os.path.join("targets", "x86_64-linux", "lib")):
        exact = os.path.join(home, lib, "libnvrtc.so")
        if os.path.exists(exact):
            return exact
        versioned = sorted(glob.glob(os.path.join(home, lib, "libnvrtc.so.[0-9]*")))
        if versioned:
            return versioned[-1]
    return None


def find_ptxas(home):
    for candidate in (os.path.join(home, "bin", "ptxas"), "/usr/local/cuda/bin/ptxas"):
        if os.access(candidate, os.X_OK):
            return candidate
    return None


class Nvrtc:
    """The few NVRTC functions needed, through ctypes."""

    def __init__(self, path):
        lib = ctypes.CDLL(path)
        prog_p = ctypes.POINTER(ctypes.c_void_p)
        strings = ctypes.POINTER(ctypes.c_char_p)
        size_p = ctypes.POINTER(ctypes.c_size_t)
        sig = {
            "nvrtcVersion": [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)],
            "nvrtcCreateProgram": [prog_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int,
                                   strings, strings],
            "nvrtcCompileProgram": [ctypes.c_void_p, ctypes.c_int, strings],
            "nvrtcGetProgramLogSize": [ctypes.c_void_p, size_p],
            "nvrtcGetProgramLog": [ctypes.c_void_p, ctypes.c_char_p],
            "nvrtcGetPTXSize": [ctypes.c_void_p, size_p],
            "nvrtcGetPTX": [ctypes.c_void_p, ctypes.c_char_p],
            "nvrtcDestroyProgram": [prog_p],
        }
        for name, args in sig.items():
            fn = getattr(lib, name)
            fn.argtypes = args
            fn.restype = ctypes.c_int
        lib.nvrtcGetErrorString.argtypes = [ctypes.c_int]
        lib.nvrtcGetErrorString.restype = ctypes.c_char_p
        self.lib = lib

    def version(self):
        major, minor = ctypes.c_int(), ctypes.c_int()
        self.lib.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
        return "%d.%d" % (major.value, minor.value)

    def error(self, code):
        text = self.lib.nvrtcGetErrorString(code)
        return text.decode() if text else "NVRTC error %d" % code

    def compile(self, source, name, headers):
        """Compile `source` (bytes); `headers` maps include names to their text (bytes).
        Returns (ptx or None, log text)."""
        lib = self.lib
        names = list(headers)
        texts = (ctypes.c_char_p * len(names))(*[headers[n] for n in names])
        includes = (ctypes.c_char_p * len(names))(*[n.encode() for n in names])
        options = (ctypes.c_char_p * len(NVRTC_OPTIONS))(*[o.encode() for o in NVRTC_OPTIONS])
        prog = ctypes.c_void_p()
        code = lib.nvrtcCreateProgram(ctypes.byref(prog), source, name.encode(),
                                      len(names), texts, includes)
        if code != 0:
            return None, "nvrtcCreateProgram: " + self.error(code)
        try:
            code = lib.nvrtcCompileProgram(prog, len(NVRTC_OPTIONS), options)
            size = ctypes.c_size_t()
            lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
            buf = ctypes.create_string_buffer(size.value + 1)
            lib.nvrtcGetProgramLog(prog, buf)
            log = buf.value.decode("utf-8", "replace")
            if code != 0:
                return None, log.strip() or self.error(code)
            lib.nvrtcGetPTXSize(prog, ctypes.byref(size))
            ptx = ctypes.create_string_buffer(size.value + 1)
            code = lib.nvrtcGetPTX(prog, ptx)
            if code != 0:
                return None, "nvrtcGetPTX: " + self.error(code)
            return ptx.value, log
        finally:
            lib.nvrtcDestroyProgram(ctypes.byref(prog))


# ---- one kernel ---------------------------------------------------------------------------

def summary(text):
    """The first error lines of a log (else its first lines) as one line: NVRTC quotes
    the source line and a caret after each error, which say little on one line."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    errors = [l for l in lines if ERROR_LINE_RE.search(l)]
    lines = errors or lines
    short = " / ".join(lines[:MESSAGE_LINES])
    if len(short) > MESSAGE_CHARS:
        short = short[:MESSAGE_CHARS] + "..."
    return short or "(no message)"


def run_ptxas(ptxas, ptx, name):
    """Assemble PTX for ARCH_REAL; return None or the error text, which names the PTX
    NAME.ptx."""
    with tempfile.NamedTemporaryFile(suffix=".ptx") as f:
        f.write(ptx)
        f.flush()
        try:
            proc = subprocess.run([ptxas, "-arch=" + ARCH_REAL, "-o", os.devnull, f.name],
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, timeout=PTXAS_TIMEOUT)
        except subprocess.TimeoutExpired:
            return "ptxas: timeout after %d s" % PTXAS_TIMEOUT
        except OSError as e:
            return "ptxas: cannot run: %s" % e.strerror
    if proc.returncode != 0:
        out = proc.stdout.decode("utf-8", "replace").replace(f.name, name + ".ptx")
        return out.strip() or "ptxas: exit status %d" % proc.returncode
    return None


def check(nvrtc, ptxas, headers, name, program, source, log_path):
    """Compile one source (`program` is the file name NVRTC's messages use); return the
    report line."""
    ptx, log = nvrtc.compile(source, program, headers)
    problem = log if ptx is None else run_ptxas(ptxas, ptx, name)
    if problem is None:
        return "ok nvrtc %s" % name
    where = ""
    if log_path:
        try:
            with open(log_path, "w") as f:
                f.write(problem + "\n")
            where = " (full log: %s)" % os.path.relpath(log_path)
        except OSError:
            pass
    return "not ok nvrtc %s: %s%s" % (name, summary(problem), where)


def read_headers(header):
    """Every .h beside `header`, by include name; None when `header` cannot be read."""
    folder = os.path.dirname(os.path.abspath(header))
    found = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.h"))):
        with open(path, "rb") as f:
            found[os.path.basename(path)] = f.read()
    return found if os.path.basename(header) in found else None


def main():
    parser = argparse.ArgumentParser(description="Compile kept kernel sources with NVRTC "
                                                 "and ptxas (docs/testing.md).")
    parser.add_argument("kept_dir", help="folder of kernel sources (*.c)")
    parser.add_argument("header", help="kernels/qp_kernel.h")
    parser.add_argument("--jobs", type=int, default=min(os.cpu_count() or 1, 8),
                        help="kernels compiled at once")
    opts = parser.parse_args()

    home = cuda_home()
    nvrtc_path, ptxas = find_nvrtc(home), find_ptxas(home)
    if not nvrtc_path or not ptxas:
        missing = "libnvrtc" if not nvrtc_path else "ptxas"
        print("ok nvrtc skipped: CUDA toolkit not found")
        print("nvrtc_check.py: no %s under %s (CUDA_HOME)" % (missing, home), file=sys.stderr)
        return 0
    try:
        nvrtc = Nvrtc(nvrtc_path)
    except OSError as e:
        print("not ok nvrtc %s: cannot load: %s" % (nvrtc_path, e))
        return 1

    header_name = os.path.basename(opts.header)
    try:
        headers = read_headers(opts.header)
    except OSError:
        headers = None
    if headers is None:
        print("not ok nvrtc %s: cannot read %s" % (header_name, opts.header))
        return 1
    if os.path.isdir(opts.kept_dir):
        sources = sorted(f for f in os.listdir(opts.kept_dir) if f.endswith(".c"))
    else:
        sources = []

    check_source = HEADER_CHECK_SOURCE.replace("qp_kernel.h", header_name).encode()
    jobs = [(header_name, "header_check.c", check_source, None)]
    for f in sources:
        with open(os.path.join(opts.kept_dir, f), "rb") as src:
            text = src.read()
        jobs.append((f[:-2], f, text, os.path.join(opts.kept_dir, f[:-2] + ".nvrtc.log")))

    failed = 0
    with ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        for line in pool.map(lambda j: check(nvrtc, ptxas, headers, *j), jobs):
            print(line)
            sys.stdout.flush()
            failed += line.startswith("not ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
