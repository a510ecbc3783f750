#!/usr/bin/env python3
"""The header under NVRTC, the compiler CUDA programs use at run time
(Warp, CuPy, cuda-python, the Python package's CUDA kernels): no standard
headers, no stub headers. Compiles tests/test_cuda.cu (113 calls of the
header in device code) with -I include, in double and float, as C++11, 14,
17 and 20, with and without -default-device, and to PTX for two
architectures; any warning or error fails. Then checks that the header's
own warning switch (177, unused static functions) ends with the header: an
unused static function of the program still warns.

    python3 tests/nvrtc_check.py [--nvrtc LIB] [--include DIR]

Run by ctest (nvrtc_header) where CUDA is installed; CI requires it.
"""
import argparse
import ctypes
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
INCLUDE = os.path.join(HERE, "..", "include")


def compile_program(lib, source, options):
    """(rc, log, ptx) of one NVRTC compilation."""
    prog = ctypes.c_void_p()
    assert lib.nvrtcCreateProgram(ctypes.byref(prog), source.encode(), b"test_cuda.cu", 0, None, None) == 0
    try:
        opts = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
        rc = lib.nvrtcCompileProgram(prog, len(options), opts)
        size = ctypes.c_size_t()
        lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
        log = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetProgramLog(prog, log)
        ptx = b""
        if rc == 0:
            lib.nvrtcGetPTXSize(prog, ctypes.byref(size))
            buf = ctypes.create_string_buffer(size.value)
            lib.nvrtcGetPTX(prog, buf)
            ptx = buf.value
        return rc, log.value.decode(errors="replace"), ptx.decode(errors="replace")
    finally:
        lib.nvrtcDestroyProgram(ctypes.byref(prog))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvrtc", default="/usr/local/cuda/lib64/libnvrtc.so")
    ap.add_argument("--include", default=INCLUDE, help="the folder of spatial_conv.h")
    args = ap.parse_args()
    lib = ctypes.CDLL(args.nvrtc)
    with open(os.path.join(HERE, "test_cuda.cu"), encoding="utf-8") as f:
        test = f.read()
    failures, runs = [], 0
    for define in ("", "#define SPCONV_USE_FLOAT\n"):
        for std in ("c++11", "c++14", "c++17", "c++20"):
            for extra in ([], ["-default-device"]):
                for arch in ("compute_75", "compute_90"):
                    options = [f"--std={std}", f"-I{args.include}", f"--gpu-architecture={arch}", *extra]
                    rc, log, ptx = compile_program(lib, define + test, options)
                    runs += 1
                    what = f"{'float' if define else 'double'} {' '.join(options[:1] + options[2:])}"
                    if rc != 0 or log.strip():
                        failures.append(f"{what}:\n{log}")
                    elif ".entry" not in ptx or ".extern .func" in ptx:
                        failures.append(f"{what}: PTX without kernels, or with external calls")
    # the warning switch is the header's own: a program's unused static function still warns
    rc, log, _ = compile_program(lib, test + "\nstatic __device__ void never_called(void) {}\n",
                                 ["--std=c++17", f"-I{args.include}"])
    if "never_called" not in log or "177" not in log:
        failures.append(f"the header's warning switch 177 reaches the program's own code:\n{log}")
    version = (ctypes.c_int(), ctypes.c_int())
    lib.nvrtcVersion(ctypes.byref(version[0]), ctypes.byref(version[1]))
    if failures:
        print("\n".join(failures), file=sys.stderr)
        print(f"nvrtc_check: {len(failures)} failure(s) in {runs} compilations and the "
              "warning-scope check", file=sys.stderr)
        return 1
    print(f"nvrtc_check: NVRTC {version[0].value}.{version[1].value}: {runs} compilations of "
          "tests/test_cuda.cu without a warning, kernels in every PTX, no external calls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
