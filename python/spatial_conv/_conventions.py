"""The registry of the presets' conventions (conventions/conventions.json
of the repository, generated from spatial_conv.h and the engines' cited
sources), shipped in the package as share/conventions.json."""
from __future__ import annotations

import functools
import json
import numbers
import os
from typing import TYPE_CHECKING

from . import _errors

if TYPE_CHECKING:  # the stubs' types (spatial_conv/__init__.pyi)
    from . import PresetId, _PresetIdName

REGISTRY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "share", "conventions.json")


@functools.lru_cache(maxsize=1)
def _registry_text():
    with open(REGISTRY, encoding="utf-8") as f:
        return f.read()


def conventions(preset: PresetId | _PresetIdName | None = None) -> dict[str, object]:
    """The registry of the presets' conventions, parsed: a new dict per call.

    preset None gives the whole registry (keys schema_version, about,
    library_version, presets, axis_systems, euler_formats, usd_stage,
    unsourced; docs/engines.md, "The registry", documents each; an Euler
    format's entry is conventions()["euler_formats"]["unity"]); a preset's lower-case name
    ("mujoco_free") or its id (PRESET_MUJOCO_FREE) gives that preset's
    entry: engine, versions, pose, twist, wrench, accel, axis_system and
    the source of every fact. Raises spatial_conv.Error naming `preset`
    for a name or id that is not a preset.
    """
    reg = json.loads(_registry_text())
    if preset is None:
        return reg
    by_id = {e["id"]: name for name, e in reg["presets"].items()}
    integral = isinstance(preset, numbers.Integral) and not isinstance(preset, bool)
    key = preset if isinstance(preset, str) else by_id.get(int(preset)) if integral else None
    if key not in reg["presets"]:
        raise _errors.error("conventions", "preset", f"={preset!r} is not a preset name or id")
    return reg["presets"][key]


conventions.__module__ = "spatial_conv"


def functions():
    return {"conventions": conventions}
