"""Builds spatial_conv's two cffi extension modules (double and float) from
spatial_conv.h. In the repository the header is ../include/spatial_conv.h,
copied into the package (spatial_conv/include/) so that the sdist and the
installed package carry it."""
import os
import shutil
import sys
import types

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(HERE, "spatial_conv")
REPO_HEADER = os.path.join(HERE, "..", "include", "spatial_conv.h")
COPY = os.path.join(PACKAGE, "include", "spatial_conv.h")

if os.path.exists(REPO_HEADER):
    os.makedirs(os.path.dirname(COPY), exist_ok=True)
    shutil.copyfile(REPO_HEADER, COPY)
if not os.path.exists(COPY):
    sys.exit("spatial_conv: spatial_conv.h not found (neither ../include nor spatial_conv/include)")

# The builder lives in the package, whose __init__ needs the modules being
# built: load its three build-time modules under an empty package instead.
package = types.ModuleType("spatial_conv")
package.__path__ = [PACKAGE]
sys.modules["spatial_conv"] = package
from spatial_conv import _build  # noqa: E402

build_dir = os.path.join(HERE, "build", "cffi")
extensions = [_build.ffibuilder(bits, COPY).distutils_extension(build_dir) for bits in (64, 32)]
for extension in extensions:  # the generated C includes the header: rebuild when it changes
    extension.depends = [COPY]
del sys.modules["spatial_conv"]

setup(ext_modules=extensions)
