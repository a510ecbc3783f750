"""CUDA arrays: the kernels NVRTC compiles from the header (no GPU needed),
the clear error where no driver is present, and, on a machine with a GPU
and PyTorch built for CUDA, agreement with the host path. Tests that need a
GPU skip with a reason that starts with [gpu] (CI has none)."""
import ctypes

import numpy as np
import pytest

import spatial_conv as sc
from spatial_conv import _api, _cuda


def nvrtc():
    try:
        return _cuda._Nvrtc()
    except sc.Error as e:
        pytest.skip(f"[library nvrtc] NVRTC is not installed: {e}")


def driver_present():
    try:
        ctypes.CDLL("libcuda.so.1")
        return True
    except OSError:
        return False


class FakeCudaArray:
    """Anything with __cuda_array_interface__ (here no memory behind it)."""

    def __init__(self, shape, typestr="<f8"):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr, "data": (0, False),
                                         "version": 3, "strides": None}


@pytest.mark.parametrize("variant", ["tiled", "direct"])
@pytest.mark.parametrize("precision", [64, 32])
def test_every_kernel_compiles_with_nvrtc(precision, variant):
    """All element functions but the one with a host string, as kernels of
    each variant: no warning, no external call, one entry each."""
    ptx = _cuda.compile_kernels(precision, "compute_80", nvrtc(), variant, strict=True).decode()
    suffix = "__tiled" if variant == "tiled" else ""
    plans = _cuda.cuda_plans()
    # all but the batch forms, the string one and the 8 without array inputs
    assert len(plans) == len(_api.element_functions()) - 17 - 1 - 8
    for name in plans:
        assert f".entry spx_{name}{suffix}(" in ptx, name
    assert ".extern .func" not in ptx
    # --fmad=false: every product and sum rounded on its own, as on the host
    # (PTX's plain mul/add/sub may be fused by ptxas; .rn ones may not)
    assert f"mul.rn.f{precision}" in ptx and f"add.rn.f{precision}" in ptx
    for op in ("mul", "add", "sub"):
        assert f"\t{op}.f{precision} " not in ptx, f"a contractible {op}"


def test_kernel_statements_are_the_host_loops():
    """One generator writes the element's statements for the host loop and
    the kernel: only the reactions to a failure differ."""
    plan = _cuda.cuda_plans()["state_convert"]
    src = _cuda._direct_source(plan) + _cuda._tiled_source(plan)
    assert src.count("spconv_state_convert(res_pose, res_twist, to, pose, twist, from, com, iquat_wxyz)") == 2
    assert "atomicMin" not in src and "atomicCAS" not in src  # inside spx__fail (both modes)
    assert "spx__fail(report, spx_tag, i, status, 0)" in src


def test_a_cuda_array_without_a_driver_says_what_is_missing():
    if driver_present():
        pytest.skip("[gpu] a CUDA driver is installed here: the real path runs instead")
    with pytest.raises(sc.Error, match="CUDA driver"):
        sc.quat_xyzw_from_wxyz(FakeCudaArray((10, 4)))
    # and nothing was loaded at import: the host path is unchanged
    np.testing.assert_array_equal(sc.quat_xyzw_from_wxyz([1.0, 2, 3, 4]), [2.0, 3, 4, 1])


def test_whole_array_functions_take_host_arrays():
    with pytest.raises(sc.Error, match="takes host arrays"):
        sc.perm_gather(FakeCudaArray((3,)), [2, 0, 1])


def test_the_string_function_stays_on_the_host():
    with pytest.raises(sc.Error, match="host"):
        sc.quat_wxyz_from_mujoco_euler(FakeCudaArray((3,)), "xyz")


def torch_cuda():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("[gpu] no CUDA device (PyTorch sees none)")
    return torch


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_gpu_agrees_with_the_host(dtype):
    torch = torch_cuda()
    rng = np.random.default_rng(3)
    n = 4096
    qpos = rng.normal(size=(n, 7)).astype(dtype)
    qvel, ipos, iquat = (rng.normal(size=s).astype(dtype) for s in ((n, 6), (n, 3), (n, 4)))
    host = sc.state_convert("isaaclab3", qpos, qvel, "mujoco_free", ipos, iquat)
    dev = sc.state_convert("isaaclab3", *(torch.from_numpy(a).cuda() for a in (qpos, qvel)),
                           "mujoco_free", *(torch.from_numpy(a).cuda() for a in (ipos, iquat)))
    tol = 1e-12 if dtype == "float64" else 1e-5
    for h, d in zip(host, dev):
        assert d.is_cuda
        np.testing.assert_allclose(d.cpu().numpy(), h, rtol=tol, atol=tol)
    q = torch.from_numpy(qpos[:, 3:7].copy()).cuda()
    np.testing.assert_array_equal(sc.quat_xyzw_from_wxyz(q).cpu().numpy(),
                                  sc.quat_xyzw_from_wxyz(qpos[:, 3:7]))


def test_gpu_error_names_the_first_failing_element():
    torch = torch_cuda()
    q = torch.ones(1000, 4, dtype=torch.float64, device="cuda")
    q[700] = 0
    q[900] = 0
    with pytest.raises(sc.Error) as e:
        sc.quat_normalize_wxyz(q)
    assert e.value.status == sc.EDEGENERATE and e.value.index == (700,)
    q[500, 1] = float("nan")
    with pytest.raises(sc.Error, match="not finite") as e:
        sc.quat_normalize_wxyz(q)
    assert e.value.index == (500,)


@pytest.mark.parametrize("capability, supported, arch", [
    (90, [75, 80, 86, 89, 90, 100, 120], "sm_90"),     # its own cubin
    (86, [75, 80, 89, 90], "sm_80"),                   # same major, lower minor: runs
    (89, [75, 80, 86, 90], "sm_86"),
    (121, [75, 80, 90, 100, 120], "sm_120"),
    (130, [75, 80, 90, 100, 120, 121], "compute_121"),  # newer than NVRTC: PTX, the driver compiles it
    (80, [75, 86, 90], "compute_75"),
    (70, [75, 80, 90], None),                          # older than NVRTC supports
])
def test_the_target_architecture(capability, supported, arch):
    assert _cuda.target_arch(capability, supported) == arch


def test_the_nvrtc_found_here_names_what_it_supports():
    nv = nvrtc()
    major, minor = nv.version
    archs = nv.supported_archs()
    assert major >= 11 and archs == sorted(archs) and archs[0] >= 30
    assert _cuda.target_arch(archs[-1], archs) == f"sm_{archs[-1]}"
    with pytest.raises(sc.Error, match="NVRTC .* not found for CUDA 1 or older"):
        _cuda._Nvrtc(max_major=1)  # as on a driver older than every NVRTC installed
    assert [n.version for n in _cuda._Nvrtc.all(major)][:1] == [nv.version]


class _Logs:
    """An NVRTC that compiles nothing and answers with a log."""

    def __init__(self, log):
        self.log = log

    def compile(self, source, options):
        return 0, self.log, b"image"


def test_only_the_sources_warnings_fail_a_strict_compile():
    """The tests compile strictly (a warning in the source fails); users'
    compiles are not stopped by a diagnostic of another NVRTC version."""
    note = "nvrtc: warning: Architectures prior to '<compute/sm>_75' are deprecated\n"
    source_warning = 'spatial_conv.cu(12): warning #177-D: variable "x"\n'
    assert _cuda.compile_kernels(64, "sm_70", _Logs(note), strict=True) == b"image"
    with pytest.raises(sc.Error, match="could not compile"):
        _cuda.compile_kernels(64, "sm_90", _Logs(source_warning), strict=True)
    assert _cuda.compile_kernels(64, "sm_90", _Logs(source_warning)) == b"image"


@pytest.mark.parametrize("variant", ["tiled", "direct"])
@pytest.mark.parametrize("name", ["state_convert", "quat_angle_wxyz", "pose_from_body", "quat_conj_wxyz"])
def test_one_function_compiles_alone(name, variant):
    """The runtime compiles a function's kernel the first time it runs:
    the source holds that kernel only, and compiles as cleanly (the
    helpers it does not call raise no warning)."""
    ptx = _cuda.compile_kernels(32, "compute_80", nvrtc(), variant, [name], strict=True).decode()
    suffix = "__tiled" if variant == "tiled" else ""
    assert ptx.count(".entry ") == 1 and f".entry spx_{name}{suffix}(" in ptx


class _Listing:
    """An NVRTC that only says what it supports."""

    def __init__(self, version, archs):
        self.version, self.archs = version, archs

    def supported_archs(self):
        return self.archs

    def compile(self, source, options):
        raise AssertionError("not compiled here")


def test_each_gpu_takes_the_first_nvrtc_that_compiles_for_it():
    """CUDA 13's NVRTC first, CUDA 12's after it: a 7.0 GPU (V100) takes
    CUDA 12's; nothing for a 3.5 GPU is an Error naming both."""
    cuda13 = _Listing((13, 0), [75, 80, 86, 89, 90, 100, 120])
    cuda12 = _Listing((12, 8), [50, 60, 70, 75, 80, 86, 89, 90, 100, 120])
    rt = _cuda._Runtime(driver=object(), nvrtc=[cuda13, cuda12])
    assert rt.nvrtc_for(90) == (cuda13, "sm_90")
    assert rt.nvrtc_for(70) == (cuda12, "sm_70")
    assert rt.nvrtc_for(61) == (cuda12, "sm_60")
    with pytest.raises(sc.Error, match=r"compute capability 3\.5; NVRTC found: 13\.0, 12\.8"):
        rt.nvrtc_for(35)
