"""Builds spatial_conv's extension modules: from spatial_conv.h the cffi
modules _c64 (double) and _c32 (float), and _d64 (C++: the Jacobians of the element
functions, for PyTorch autograd; optional, left out with a warning when
no C++ compiler builds it); _fast, the element functions' common call
(_fast.c, NumPy's C API); and _tensor (C++, optional: where libtorch's C++
headers are installed), through which _fast reads CPU tensors. In the
repository the header is ../include/spatial_conv.h, copied into the
package (spatial_conv/include/) so that the sdist and the installed
package carry it; so is the registry ../conventions/conventions.json
(spatial_conv/share/)."""
import os
import shutil
import sys
import types

import numpy
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(HERE, "spatial_conv")
REPO_HEADER = os.path.join(HERE, "..", "include", "spatial_conv.h")
COPY = os.path.join(PACKAGE, "include", "spatial_conv.h")
# the registry of the presets' conventions, spatial_conv.conventions()
REPO_REGISTRY = os.path.join(HERE, "..", "conventions", "conventions.json")
REGISTRY_COPY = os.path.join(PACKAGE, "share", "conventions.json")

for repo, copy in ((REPO_HEADER, COPY), (REPO_REGISTRY, REGISTRY_COPY)):
    if os.path.exists(repo):
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        shutil.copyfile(repo, copy)
    if not os.path.exists(copy):
        sys.exit(f"spatial_conv: {os.path.basename(copy)} not found (neither {repo} nor {copy})")

# The builder lives in the package, whose __init__ needs the modules being
# built: load its three build-time modules under an empty package instead.
package = types.ModuleType("spatial_conv")
package.__path__ = [PACKAGE]
sys.modules["spatial_conv"] = package
from spatial_conv import _build  # noqa: E402

build_dir = os.path.join(HERE, "build", "cffi")
extensions = [_build.ffibuilder(bits, COPY).distutils_extension(build_dir) for bits in (64, 32)]
extensions.append(_build.ffibuilder_jacobian(COPY).distutils_extension(build_dir))
extensions[-1].optional = True
for extension in extensions:  # the generated C includes the header: rebuild when it changes
    extension.depends = [COPY]
del sys.modules["spatial_conv"]


def tensor_extension():
    """spatial_conv._tensor (C++), where PyTorch and libtorch's C++ headers
    are installed (Debian: python3-torch, libtorch-dev), and the version of
    PyTorch it is built for; (None, None) elsewhere: the common call then
    reads tensors through their Python attributes."""
    try:
        import torch
    except Exception:  # not installed, or installed and broken: no _tensor
        return None, None
    root = os.path.dirname(torch.__file__)
    include, lib = os.path.join(root, "include"), os.path.join(root, "lib")
    if not os.path.exists(os.path.join(include, "torch", "csrc", "autograd", "python_variable.h")):
        print("spatial_conv: libtorch's C++ headers not found, spatial_conv._tensor is not built "
              "(Debian: apt-get install libtorch-dev)")
        return None, None
    version = str(torch.__version__)
    abi = int(torch._C._GLIBCXX_USE_CXX11_ABI)
    return Extension("spatial_conv._tensor", ["spatial_conv/_tensor.cpp"], language="c++",
                     include_dirs=[include], library_dirs=[lib], runtime_library_dirs=[lib],
                     libraries=["torch_python", "torch", "torch_cpu", "c10"],
                     define_macros=[("SPX_TORCH_VERSION", f'"{version}"'),
                                    ("_GLIBCXX_USE_CXX11_ABI", str(abi))],
                     extra_compile_args=["-std=c++17", "-O2", "-Wno-deprecated-declarations"],
                     depends=["spatial_conv/_tensor_api.h"], optional=True), version


# the element functions' common call in C (NumPy's C API), and its reader
# of CPU tensors through libtorch where that can be built
tensor, torch_version = tensor_extension()
extensions.append(Extension("spatial_conv._fast", ["spatial_conv/_fast.c"],
                            include_dirs=[numpy.get_include()], extra_compile_args=["-O2"],
                            define_macros=[("SPX_TORCH_VERSION", f'"{torch_version}"')] if tensor else [],
                            depends=["spatial_conv/_tensor_api.h"]))
if tensor:
    extensions.append(tensor)

setup(ext_modules=extensions)
