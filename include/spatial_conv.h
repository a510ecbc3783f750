/** @file
   spatial_conv.h - rigid-body conventions converter, one header, C99/C++/CUDA.

   spatial_conv converts rigid-body quantities between the conventions of
   physics engines, robotics libraries and asset formats: quaternion storage
   order and every rotation representation, up axes, axis systems and
   handedness, twist and wrench reference points and frames, MuJoCo's
   free-joint mixed frame, the SAP solver boundary, any engine's 6-vector
   convention as data, packed joint arrays and motion clips. Every function
   is `static inline`: include the header and call it.

       #include "spatial_conv.h"

       spconv_real twist[6];   // [v of COM, world; w, world] (Newton, Isaac)
       spconv_twist_from_mujoco_qvel(twist, qvel, qpos_quat_wxyz, body_ipos);

   ------------------------------------------------------------------------
   TABLE OF CONTENTS (grep for the tag, e.g. ">>axes", to jump to a section)

   >>types      Types and constants
   >>decl       Declarations of every public function
   >>deprecated Deprecated names (0.1)
   >>helpers    Private helpers
   >>status     Status codes
   >>quat       Quaternions: storage order and algebra
   >>rot        Rotation representations
   >>angvel     Angular velocity from quaternions
   >>units      Units: angles and lengths
   >>axes       Axis systems: up axis, presets, changes of axes, gravity
   >>shapes     Shapes and asset import
   >>spatial    Spatial vectors: twists and wrenches
   >>se3        Rigid transforms: poses, adjoints, cross products, exp and log
   >>inertia    Inertia: principal axes, parallel axis, spatial inertia, energy
   >>engines    Engine conventions as data
   >>states     Body states: poses, whole states, batches, forces at points
   >>mujoco     MuJoCo: free joint and c-frame
   >>sap        SAP solver boundary
   >>arrays     Packed joint arrays and permutations
   >>motion     Motion data: clips, velocities, BVH
   >>license    License (MIT)

   The sections follow the path data takes: storage order, rotations,
   units, axes, shapes, 6-vectors, rigid transforms and inertia, engines,
   then whole arrays and clips.
   A batch form (`_n`, n contiguous elements) sits right after its
   single-element form.

   ------------------------------------------------------------------------
   NAMES

   spconv_ functions and types, SPCONV_ macros and enum values, spconv__ /
   SPCONV__ private (may change in any release). A name says the quantity
   first, then the operation: spconv_twist_shift, spconv_twist_convert,
   spconv_spatial_change_axes (twists and wrenches),
   spconv_quat_wxyz_change_axes. A conversion reads like an assignment:
   <result>_from_<input> (spconv_twist_from_mujoco_qvel). The result comes
   first in every function, parsers included, then inputs, then scalars and
   flags; counts passed to a function are size_t (struct fields that mirror
   an engine's int arrays stay int). An enum value begins with a prefix
   from its type's name: SPCONV_DIRECTION_UP (spconv_direction),
   SPCONV_SHAPE_FORMAT_USD (spconv_shape_format), SPCONV_EULER_INTRINSIC
   (spconv_euler_kind), SPCONV_AXIS_NEG_Y (spconv_signed_axis).
   A batch form takes the same kind of pointer as its single form, plus a
   stride where rows hold more (spconv_twist_from_mujoco_qvel_n: the
   quaternion, qpos + 3 with stride 7 for qpos rows). An orientation
   function that relabels the world axes only (body axes kept, q' = q_M q)
   says world: spconv_quat_wxyz_change_world_axes,
   spconv_quat_wxyz_change_world_up_axis_n; change_axes relabels every
   frame (M R M^T). Vectors have no body frame: spconv_vec_change_up_axis_n.
   The 0.1 names still compile (>>deprecated; docs/migration.md).

   ENUM VALUES  Every struct field and parameter that holds an enum value
   has that enum's type, so gcc and clang warn (-Wenum-conversion, part of
   -Wextra in C; an error in C++) when a value of another enum is stored
   there. Each enum has its own block of values, 0x100 apart: euler_seq
   0x100, euler_kind 0x200, rot6d_layout 0x300, rot_format 0x400,
   axis_preset 0x500, mat4_layout 0x600, shape_type 0x700, shape_format
   0x800, asset_format 0x900, order 0xA00, point 0xB00, frame 0xC00,
   angle_unit 0xD00, accel_kind 0xE00, pose_layout 0xF00, pose_frame
   0x1000, preset_id 0x1100, sap_order 0x1200, motion_diff 0x1300,
   euler_format 0x1400; so a
   value of one enum that reaches another through an int (or a zeroed
   struct) is refused with SPCONV_EINVAL instead of meaning something else.
   Four keep the values of an outside contract, from 0: spconv_axis
   (Newton's Axis, X/Y/Z = 0/1/2), spconv_signed_axis and spconv_direction
   (Blender's axis_conversion order, 0..5), spconv_joint_type (Newton's
   JointType, 0..6: engines' int32 arrays). Write the names, not numbers.

   ------------------------------------------------------------------------
   CONVENTIONS (canonical forms; everything else is reached by a named call)

   Quaternion     q = w + xi + yj + zk. Algebra works on `wxyz` storage
                  (MuJoCo, Isaac Lab 2.x, Genesis, Drake's API); `xyzw`
                  storage (Warp, Newton, SciPy, ROS, Bullet, PhysX, glTF,
                  Eigen's coeffs()) is converted explicitly.
                  A quaternion rotates vectors actively: v' = q v q^-1, so
                  the quaternion of a body maps body axes to world axes.
                  Inputs need not be unit: q and c*q (c != 0) are the same
                  rotation everywhere (the sandwich product uses 2/|q|^2)
                  while |q|^2 is a normal number: 1e-150 < |q| < 1e150 in
                  double, 1e-18 < |q| < 1e18 in float (outside, |q|^2
                  underflows to the identity or overflows to NaN).
                  The zero quaternion acts as the identity rotation.
   Matrices       3x3 flat row-major [9] (MuJoCo's xmat layout), 6x6 flat
                  row-major [36].
   Rotations      Angles in radians; Euler angles[i] turn about the i-th
                  letter (SciPy's meaning), extrinsic or intrinsic named by
                  enum. Matrices are accepted as rotations within
                  SPCONV_ROTATION_TOL (define before the include to change).
   Twist          [v; w], linear first: v is the linear velocity of the
                  reference point, w the angular velocity.
   Wrench         [f; tau], force first: tau is the moment about the
                  reference point. Power f.v + tau.w does not depend on the
                  reference point or the frame, as long as the twist and the
                  wrench share them.
   Shift          r = p_new - p_old: the offset from the old reference point
                  to the new one, in the axes the 6-vector is expressed in.
                  Twist: v_new = v + w x r.  Wrench: tau_new = tau - r x f.
   Angular first  [w; v] and [tau; f] layouts (MuJoCo cvel, Drake, DART,
                  Featherstone, Modern Robotics, SAP internal) are reached
                  by explicit calls: spconv_spatial_swap changes the order
                  only; the reference point moves with a shift, the axes
                  with spconv_spatial_rotate. Named conversions cover
                  MuJoCo (qvel, qfrc, cvel) and the SAP boundary.
   Up axis        SPCONV_AXIS_X/Y/Z = 0/1/2 (Newton's Axis values).
   Axis systems   v_to = M v_from, M a signed permutation (det -1 between
                  right- and left-handed systems). Pseudovectors (angular
                  velocity, torque, rotation vectors) map as (det M) M w,
                  quaternions as (w, (det M) M v). See docs/axes.md.
   Engines        any engine's twist / wrench / acceleration layout is a
                  spconv_convention (order, point, frames, angle unit);
                  spconv_twist_convert and friends convert between any two;
                  spconv_convention_from_preset gives Newton, MuJoCo, Drake, Pinocchio, ...
   Body states    a pose is 7 reals ([p; q] or [q; p], wxyz or xyzw, of the
                  origin or the COM, of the body or the inertial frame: a
                  spconv_pose_convention); spconv_state_convert moves pose and
                  twist between any two presets in one call (and _n over
                  engines' strided arrays); forces at points give any wrench.
   Motion data    clips of T frames x B bodies, frame-major; an orientation
                  becomes M_world R M_body^T: M R when only the world is
                  relabelled, M R M^T when every frame is (local rotations
                  of a skeleton). See docs/motion.md.
   Fast math      -ffast-math keeps every formula to rounding, but may fold
                  the NaN / inf checks away (non-finite input is then not
                  refused) and lets two call sites differ in the last bits
                  (docs/compilers.md lists what holds and what is tested).

   ------------------------------------------------------------------------
   CONFIGURATION (define before the include)

   SPCONV_USE_FLOAT   spconv_real is float instead of double.
   SPCONV_REAL        C++ only: spconv_real is this type, for automatic
                      differentiation: ceres::Jet<double, N> (include
                      <ceres/jet.h> first), Eigen::AutoDiffScalar<
                      Eigen::Matrix<double, N, 1>> (<Eigen/Core>, then
                      <unsupported/Eigen/AutoDiff>), or any class with the
                      arithmetic and comparison operators, construction from
                      double and sqrt, sin, cos, atan2, acos, asin, abs found
                      by argument-dependent lookup. Every function, batch
                      forms included, then computes values and derivatives
                      (the SIMD, non-temporal and tiled batch paths are
                      left out). Derivatives are those of the branch the
                      values take: at a point where a function picks a
                      branch (the sign of q, a shortest path at an angle of
                      pi, Shepperd's largest diagonal, gimbal lock where
                      one angle is set to 0, a canonical sign) they are
                      one-sided, and where the result jumps (the axis of a
                      zero rotation, an angle of exactly pi, Euler angles
                      at gimbal lock) there is none. Statuses and checks
                      (rotation, finite, unit) see the values only.
                      docs/compilers.md, "Automatic differentiation".
   SPCONV_API         the storage of every public function; default
                      `static inline` (plus `__host__ __device__` under nvcc
                      or hipcc).
   SPCONV_IMPLEMENTATION  in one C or C++ file of a linked build: that file
                      defines every public function with external linkage
                      (C linkage in C++ too), exported with SPCONV_EXPORT
                      (default visibility("default") with gcc and clang);
                      the private helpers stay internal. Host code only.
   SPCONV_DECLARATIONS_ONLY  in the other files of a linked build (or for
                      the whole project, with SPCONV_IMPLEMENTATION in one
                      file): the declarations without the definitions.
   SPCONV_SQRT, SPCONV_SIN, SPCONV_COS, SPCONV_ATAN2, SPCONV_FABS   math
                      functions, default the <math.h> ones for the chosen
                      precision (with SPCONV_REAL, unqualified calls: the
                      type's own by argument-dependent lookup) (SPCONV_ACOS and SPCONV_ASIN are defined too,
                      for compatibility; no function calls them).
   SPCONV_ROTATION_TOL  the largest |R R^T - I| entry of a matrix accepted
                      as a rotation; default 1e-6 (double), 1e-5 (float).
   SPCONV_NO_DEPRECATED  leaves out the 0.1 names (>>deprecated).
   SPCONV_NO_SAP, SPCONV_NO_MOTION, SPCONV_NO_SHAPES, SPCONV_NO_MUJOCO
                      leave out a whole engine-specific family: its
                      declarations, definitions and 0.1 names. NO_SAP: >>sap
                      and the SAP boundary over whole arrays in >>arrays
                      (spconv_sap_joint_*, spconv_*_body_force_*_packed,
                      spconv_sap_boundary_in/out); NO_MOTION: >>motion;
                      NO_SHAPES: >>shapes; NO_MUJOCO: >>mujoco (the free
                      joint and c-frame; the MuJoCo Euler and fromto
                      parsers of >>rot and >>shapes stay). No other family
                      calls them; types and enum values stay. Inline, an
                      unused function costs nothing anyway: the switches
                      shrink SPCONV_IMPLEMENTATION builds and compile time.
   SPCONV_NODISCARD   the attribute on every function that returns a status,
                      so that an ignored status warns: [[nodiscard]] under
                      C++17 and C23 (a cast to void discards on purpose),
                      else warn_unused_result; define it empty to turn
                      that off.
   SPCONV_ASSERT(cond)  a debug hook on preconditions the API does not check
                      at run time, where it is placed: res partly
                      overlapping an input (equal is in place, allowed) in
                      the batch forms of the shifts, the SAP maps, the
                      quaternion storage order and the MuJoCo free joint,
                      and NULL given to spconv_quat_rotate_wxyz,
                      spconv_twist_shift and spconv_wrench_shift. Empty by
                      default (the condition is not evaluated); define it,
                      e.g. as assert(cond) from <assert.h>, so that a debug
                      build stops at the misuse. It never changes a result.
   SPCONV_PERM_CHECK_STACK_BYTES  bytes of stack for the bitset of
                      spconv_perm_check, default 512 (4,096 entries a pass
                      over the map); at least 1.
   SPCONV_NO_VECTOR   leaves out the GNU C vector and SSE2 code of some batch
                      forms (>>helpers); the plain loops run instead, with
                      the same results.
   SPCONV_STREAM_MIN_BYTES  output size from which the out-of-place
                      quaternion reorders use non-temporal stores on x86
                      (default 12 MiB, docs/performance.md).
   SPCONV_STATE_TILE  bodies the whole-state, twist and wrench batches
                      (spconv_state_convert_n, ...) convert at a time, an
                      even number >= 2, or 0: one body at a time. Default
                      16 where SSE2 or NEON vectorises across bodies (the
                      tile takes 4.3 KB of stack in double, 2.2 KB in
                      float), else 0 (microcontrollers, x87 arithmetic,
                      CUDA and HIP: no tile code).

   ------------------------------------------------------------------------
   ALIASING   In every function `res` may be the same pointer as any input:
              all inputs are read before `res` is written. Partially
              overlapping arrays are not supported. Batch forms (`_n`, n
              elements): `res` may equal the input of the same stride;
              arrays of another stride must not overlap `res`. One
              exception, refused with SPCONV_EINVAL:
              spconv_perm_gather_parents with `res` equal to `perm`.

   STATUS     Functions that can meet invalid input return int, one
              status per condition in the whole header:
              SPCONV_OK (0); SPCONV_EINVAL (-1): an argument outside its
              domain (unknown enum value, format, layout or string; NULL
              where checked; a bad count, size, stride, start array or
              permutation; dt, a unit, a scale or a size not finite and > 0;
              a matrix that must be a rotation, or orthogonal, and is not,
              NaN and inf included); SPCONV_EDEGENERATE (-2): a value of the
              right kind on which the math has no answer (a zero or
              non-finite quaternion or vector where a direction is needed,
              parallel vectors, a singular matrix); SPCONV_GIMBAL_LOCK (1,
              a warning: the result is valid, one angle set to 0).
              spconv_status_string names each. Pure maps return void;
              non-finite inputs propagate. Sizes (spconv_rot_format_size,
              spconv_joint_q_size, ...) return SPCONV_EINVAL (< 0) for
              unknown input; yes / no queries return a status and write
              the answer (spconv_axis_system_handedness). A batch that
              fails returns the status of its first failing element (in
              element order) and writes nothing; the single-element
              function, called on each element in order, finds its index.
              Table: docs/robustness.md (error model).

   THREADS    The header has no state: no globals, no static locals, no
              allocation, no errno use of its own. Every function is
              reentrant; calls from several threads at once are safe as
              long as no thread writes an array another thread reads or
              writes (distinct outputs from distinct threads are safe;
              shared read-only inputs are fine). Replacement math macros
              (SPCONV_SQRT, ...) must be thread-safe too; CUDA and HIP
              threads may call any function on their own elements
              (docs/stability.md, "Thread safety").

   BAD INPUT  No input value has undefined behaviour (fuzzed under
              ASan/UBSan); pointers must point to arrays of the documented
              sizes, and NULL is checked where a function's comment says so.
              On an error nothing is written. Pure maps follow IEEE 754: a
              NaN input gives NaN out, overflow gives inf; the zero
              quaternion is the identity and any |q| in [1e-150, 1e150]
              ([1e-18, 1e18] in float) works (functions returning a status
              take any finite nonzero q). Per-family table of NaN, inf,
              zero, unnormalized and degenerate input, and the measured
              error of each function: docs/robustness.md.

   The header includes only <math.h> and <stddef.h> (plus <emmintrin.h> and
   <stdint.h> on x86 with SSE2 for the non-temporal stores of some batch
   forms, unless SPCONV_NO_VECTOR is defined; none under NVRTC, which has
   them built in), allocates nothing,
   has no globals and does no I/O. License (MIT): >>license, at the end.
*/

#ifndef SPCONV_SPATIAL_CONV_H
#define SPCONV_SPATIAL_CONV_H

/* NVRTC (CUDA compiled at run time: Warp, CuPy, cuda-python) has no
   standard headers: size_t and the math functions are built in there. It
   warns of every static function a program does not call; the header
   turns that warning (177) off for its own lines and back on at its end. */
#ifndef __CUDACC_RTC__
#  include <math.h>
#  include <stddef.h>
#else
#  pragma nv_diagnostic push
#  pragma nv_diag_suppress 177
#endif

/* =================================================================== >>types
   TYPES AND CONSTANTS: version, configuration, constants, status codes, every
   public type */

/* ------------------------------------------------------------------ version */

#define SPCONV_VERSION_MAJOR 1
#define SPCONV_VERSION_MINOR 0
#define SPCONV_VERSION_PATCH 0
#define SPCONV_VERSION \
  (SPCONV_VERSION_MAJOR * 10000 + SPCONV_VERSION_MINOR * 100 + SPCONV_VERSION_PATCH)

/* ------------------------------------------------------------ configuration */

#if defined(SPCONV_REAL)
#  if !defined(__cplusplus) || defined(__CUDACC_RTC__)
#    error "SPCONV_REAL (a custom scalar type) needs C++ on the host"
#  endif
#  ifdef SPCONV_USE_FLOAT
#    error "define SPCONV_REAL or SPCONV_USE_FLOAT, not both"
#  endif
#  include <cmath>
/** The scalar type: SPCONV_REAL, a C++ class such as ceres::Jet<double, N>
   or Eigen::AutoDiffScalar<Eigen::VectorXd> (CONFIGURATION block). */
typedef SPCONV_REAL spconv_real;
/* The math functions, called unqualified: argument-dependent lookup finds
   the type's own (ceres::sqrt, Eigen::atan2, ...), the using-declarations
   the standard ones for built-in types. */
namespace spconv__math {
using std::abs;
using std::acos;
using std::asin;
using std::atan2;
using std::cos;
using std::sin;
using std::sqrt;
inline spconv_real sqrt_(const spconv_real &x) { return spconv_real(sqrt(x)); }
inline spconv_real sin_(const spconv_real &x) { return spconv_real(sin(x)); }
inline spconv_real cos_(const spconv_real &x) { return spconv_real(cos(x)); }
inline spconv_real atan2_(const spconv_real &y, const spconv_real &x) {
  return spconv_real(atan2(y, x));
}
inline spconv_real abs_(const spconv_real &x) { return spconv_real(abs(x)); }
inline spconv_real acos_(const spconv_real &x) { return spconv_real(acos(x)); }
inline spconv_real asin_(const spconv_real &x) { return spconv_real(asin(x)); }
} /* namespace spconv__math */
#  ifndef SPCONV_SQRT
#    define SPCONV_SQRT(x) spconv__math::sqrt_(x)
#  endif
#  ifndef SPCONV_SIN
#    define SPCONV_SIN(x) spconv__math::sin_(x)
#  endif
#  ifndef SPCONV_COS
#    define SPCONV_COS(x) spconv__math::cos_(x)
#  endif
#  ifndef SPCONV_ATAN2
#    define SPCONV_ATAN2(y, x) spconv__math::atan2_(y, x)
#  endif
#  ifndef SPCONV_FABS
#    define SPCONV_FABS(x) spconv__math::abs_(x)
#  endif
#  ifndef SPCONV_ACOS
#    define SPCONV_ACOS(x) spconv__math::acos_(x)
#  endif
#  ifndef SPCONV_ASIN
#    define SPCONV_ASIN(x) spconv__math::asin_(x)
#  endif
#elif defined(SPCONV_USE_FLOAT)
/** The scalar type: float, because SPCONV_USE_FLOAT is defined. */
typedef float spconv_real;
#  define SPCONV__MATH(name) name##f
#else
/** The scalar type: double (define SPCONV_USE_FLOAT for float). */
typedef double spconv_real;
#  define SPCONV__MATH(name) name
#endif

#ifndef SPCONV_SQRT
#  define SPCONV_SQRT(x) SPCONV__MATH(sqrt)(x)
#  define SPCONV__SQRT_IEEE 1 /* the correctly rounded <math.h> sqrt */
#endif
#ifndef SPCONV_SIN
#  define SPCONV_SIN(x) SPCONV__MATH(sin)(x)
#endif
#ifndef SPCONV_COS
#  define SPCONV_COS(x) SPCONV__MATH(cos)(x)
#endif
#ifndef SPCONV_ATAN2
#  define SPCONV_ATAN2(y, x) SPCONV__MATH(atan2)(y, x)
#endif
#ifndef SPCONV_ACOS
#  define SPCONV_ACOS(x) SPCONV__MATH(acos)(x)
#endif
#ifndef SPCONV_ASIN
#  define SPCONV_ASIN(x) SPCONV__MATH(asin)(x)
#endif
#ifndef SPCONV_FABS
#  define SPCONV_FABS(x) SPCONV__MATH(fabs)(x)
#endif

/* Linkage. By default every function is `static inline` (plus
   __host__ __device__ under nvcc or hipcc): copy the file and include it.
   For bindings and large builds: define SPCONV_IMPLEMENTATION in one C or
   C++ file, which then defines every public function with external linkage
   (exported from a shared library: SPCONV_EXPORT), and SPCONV_DECLARATIONS_ONLY
   in the others (or for the whole project), which then see the
   declarations only. Private helpers stay `static inline` in every mode. */
#if defined(SPCONV_IMPLEMENTATION) || defined(SPCONV_DECLARATIONS_ONLY)
#  define SPCONV__LINKED 1
#  ifdef SPCONV_REAL /* C linkage: the symbols would clash with a double build's */
#    error "SPCONV_REAL works with the default static inline functions only"
#  endif
#endif
#ifndef SPCONV_EXPORT
#  if defined(SPCONV__LINKED) && (defined(__GNUC__) || defined(__clang__))
#    define SPCONV_EXPORT __attribute__((visibility("default")))
#  else
#    define SPCONV_EXPORT
#  endif
#endif
#if (defined(__CUDACC__) || defined(__HIPCC__)) && !defined(SPCONV__LINKED)
#  define SPCONV__PRIVATE static inline __host__ __device__
#else
#  define SPCONV__PRIVATE static inline /* the linked modes are host code */
#endif
#ifndef SPCONV_API
#  ifdef SPCONV__LINKED
#    define SPCONV_API SPCONV_EXPORT
#  else
#    define SPCONV_API SPCONV__PRIVATE
#  endif
#endif

/* |R R^T - I| bound for accepting a matrix as a rotation; override before
   the include. Default 1e-6 (double), 1e-5 (float). */
#ifndef SPCONV_ROTATION_TOL
#  ifdef SPCONV_USE_FLOAT
#    define SPCONV_ROTATION_TOL 1e-5f
#  else
#    define SPCONV_ROTATION_TOL 1e-6
#  endif
#endif

/* x converted to type: static_cast in C++ (no -Wold-style-cast), a C cast
   in C; SPCONV__R(x): a literal in the configured precision; SPCONV__NULL:
   the null pointer (nullptr in C++, no -Wzero-as-null-pointer-constant) */
#ifdef __cplusplus
#  define SPCONV__CAST(type, x) (static_cast<type>(x))
#  define SPCONV__NULL nullptr
#else
#  define SPCONV__CAST(type, x) ((type)(x))
#  define SPCONV__NULL NULL
#endif
#define SPCONV__R(x) SPCONV__CAST(spconv_real, x)

/* Every function that returns a status is declared SPCONV_NODISCARD, so
   that ignoring the status warns. C++17 and C23 get the standard
   [[nodiscard]], which a cast to void silences on purpose:
   (void)spconv_...(...). Older standards get gcc's and clang's
   warn_unused_result, which gcc does not let a cast to void silence: test
   the status there. Define it empty before the include to turn the warning
   off. It leads each declaration, where [[nodiscard]] must stand. */
/* SPCONV_ASSERT(cond): the debug hook of the CONFIGURATION block. */
#ifndef SPCONV_ASSERT
#  define SPCONV_ASSERT(cond)
#endif

#ifndef SPCONV_NODISCARD
#  if defined(__cplusplus) && (__cplusplus >= 201703L || \
      (defined(_MSVC_LANG) && _MSVC_LANG >= 201703L))
#    define SPCONV_NODISCARD [[nodiscard]]
#  elif !defined(__cplusplus) && defined(__STDC_VERSION__) && \
      __STDC_VERSION__ > 201710L && defined(__has_c_attribute)
#    if __has_c_attribute(nodiscard)
#      define SPCONV_NODISCARD [[nodiscard]]
#    endif
#  endif
#endif
#ifndef SPCONV_NODISCARD
#  if defined(__GNUC__) || defined(__clang__)
#    define SPCONV_NODISCARD __attribute__((warn_unused_result))
#  else
#    define SPCONV_NODISCARD
#  endif
#endif

/* In C++ under g++ -Wuseless-cast, SPCONV__R(0.5) is a cast of a double to
   itself in the double build (the same source serves float): the header
   turns that one warning off for its own lines and back on at its end. */
#if defined(__cplusplus) && defined(__GNUC__) && !defined(__clang__)
#  pragma GCC diagnostic push
#  pragma GCC diagnostic ignored "-Wuseless-cast"
#endif

/* ---------------------------------------------------------------- constants */

/* pi, and the degree / radian factors (each written once: every degree
   conversion uses these, so all of them round alike) */
#define SPCONV__PI SPCONV__R(3.14159265358979323846)
#define SPCONV__DEG2RAD SPCONV__R(0.017453292519943295769236907684886)
#define SPCONV__RAD2DEG SPCONV__R(57.295779513082320876798154814105)

/* machine epsilon of spconv_real */
#ifdef SPCONV_USE_FLOAT
#  define SPCONV__EPS SPCONV__R(1.1920928955078125e-7)
#else
#  define SPCONV__EPS SPCONV__R(2.220446049250313080847e-16)
#endif

/* Euler angles: the middle angle counts as locked within this many radians
   (16 epsilons: the first and third angles are then numerically one). */
#define SPCONV__GIMBAL_EPS (SPCONV__R(16) * SPCONV__EPS)

/* initializers of identity and zero arrays, written with SPCONV__R so that
   they also initialize a class type (SPCONV_REAL) */
#define SPCONV__QUAT_IDENTITY {SPCONV__R(1), SPCONV__R(0), SPCONV__R(0), SPCONV__R(0)}
#define SPCONV__VEC3_ZERO {SPCONV__R(0), SPCONV__R(0), SPCONV__R(0)}
#define SPCONV__MAT3_ZERO \
  {SPCONV__R(0), SPCONV__R(0), SPCONV__R(0), SPCONV__R(0), SPCONV__R(0), \
   SPCONV__R(0), SPCONV__R(0), SPCONV__R(0), SPCONV__R(0)}
#define SPCONV__MAT3_IDENTITY \
  {SPCONV__R(1), SPCONV__R(0), SPCONV__R(0), SPCONV__R(0), SPCONV__R(1), \
   SPCONV__R(0), SPCONV__R(0), SPCONV__R(0), SPCONV__R(1)}

/* USD's metersPerUnit when a stage has none authored:
   UsdGeomGetStageMetersPerUnit returns UsdGeomLinearUnits::centimeters. */
#define SPCONV_USD_METERS_PER_UNIT_FALLBACK 0.01
/* USD's upAxis when a stage has none authored (UsdGeomGetStageUpAxis, in a
   generic installation): Y. */
#define SPCONV_USD_UP_AXIS_FALLBACK SPCONV_AXIS_Y

/* ------------------------------------------------------------------- status */

#define SPCONV_OK           0   /* success */
#define SPCONV_EINVAL      (-1) /* unknown enum value or invalid argument */
#define SPCONV_EDEGENERATE (-2) /* zero, parallel or non-finite input */
#define SPCONV_GIMBAL_LOCK  1   /* warning: result valid, one angle set to 0 */

/* ------------------------------------------------- rotation representations */

/** The 12 axis sequences. angles[i] is the angle about the i-th letter. */
typedef enum spconv_euler_seq {
  SPCONV_EULER_XYZ = 0x100,
  SPCONV_EULER_XZY,
  SPCONV_EULER_YXZ,
  SPCONV_EULER_YZX,
  SPCONV_EULER_ZXY,
  SPCONV_EULER_ZYX,
  SPCONV_EULER_XYX,
  SPCONV_EULER_XZX,
  SPCONV_EULER_YXY,
  SPCONV_EULER_YZY,
  SPCONV_EULER_ZXZ,
  SPCONV_EULER_ZYZ
} spconv_euler_seq;

/** Extrinsic: rotations about the fixed (parent/world) axes, first letter
   first: R = R_3(c) R_2(b) R_1(a) (SciPy lowercase "xyz", MuJoCo uppercase
   "XYZ", URDF rpy). Intrinsic: about the axes of the rotating frame:
   R = R_1(a) R_2(b) R_3(c) (SciPy uppercase "XYZ", MuJoCo lowercase "xyz"). */
typedef enum spconv_euler_kind {
  SPCONV_EULER_EXTRINSIC = 0x200,
  SPCONV_EULER_INTRINSIC
} spconv_euler_kind;

/** Euler angles as asset formats and tools store them: which axis each of
   the three stored numbers turns about, in what order, which way, and in
   what unit. In the tool's own axes and with its own quaternion, so a
   Unity or Unreal result is that engine's Quaternion / FQuat (left-handed
   axes: change them with spconv_quat_wxyz_change_axes and
   SPCONV_AXIS_PRESET_UNITY / _UNREAL). R is a right-handed rotation
   matrix acting on column vectors, Rx(a) the turn by a about x. Sources:
   docs/conventions.md, "Euler angles of asset formats", and the registry. */
typedef enum spconv_euler_format {
  SPCONV_EULER_FORMAT_URDF_RPY = 0x1400, /* rpy="r p y" rad: Rz(y) Ry(p) Rx(r) */
  SPCONV_EULER_FORMAT_MJCF,              /* euler="a b c" in MJCF's default degrees,
                                            eulerseq "xyz": Rx(a) Ry(b) Rz(c) */
  SPCONV_EULER_FORMAT_MJCF_RADIAN,       /* the same under <compiler angle="radian"> */
  SPCONV_EULER_FORMAT_USD_ROTATE_XYZ,    /* xformOp:rotateXYZ (x, y, z) deg: Rz Ry Rx */
  SPCONV_EULER_FORMAT_USD_ROTATE_XZY,    /* rotateXZY (x, y, z) deg: Ry Rz Rx */
  SPCONV_EULER_FORMAT_USD_ROTATE_YXZ,    /* rotateYXZ (x, y, z) deg: Rz Rx Ry */
  SPCONV_EULER_FORMAT_USD_ROTATE_YZX,    /* rotateYZX (x, y, z) deg: Rx Rz Ry */
  SPCONV_EULER_FORMAT_USD_ROTATE_ZXY,    /* rotateZXY (x, y, z) deg: Ry Rx Rz */
  SPCONV_EULER_FORMAT_USD_ROTATE_ZYX,    /* rotateZYX (x, y, z) deg: Rx Ry Rz */
  SPCONV_EULER_FORMAT_THREEJS_XYZ,       /* Euler (x, y, z) rad, order 'XYZ' (the
                                            default): Rx Ry Rz */
  SPCONV_EULER_FORMAT_THREEJS_XZY,       /* order 'XZY': Rx Rz Ry */
  SPCONV_EULER_FORMAT_THREEJS_YXZ,       /* order 'YXZ': Ry Rx Rz */
  SPCONV_EULER_FORMAT_THREEJS_YZX,       /* order 'YZX': Ry Rz Rx */
  SPCONV_EULER_FORMAT_THREEJS_ZXY,       /* order 'ZXY': Rz Rx Ry */
  SPCONV_EULER_FORMAT_THREEJS_ZYX,       /* order 'ZYX': Rz Ry Rx */
  SPCONV_EULER_FORMAT_BLENDER_XYZ,       /* rotation_mode 'XYZ' (default), (x, y, z)
                                            rad: Rz Ry Rx */
  SPCONV_EULER_FORMAT_BLENDER_XZY,       /* 'XZY': Ry Rz Rx */
  SPCONV_EULER_FORMAT_BLENDER_YXZ,       /* 'YXZ': Rz Rx Ry */
  SPCONV_EULER_FORMAT_BLENDER_YZX,       /* 'YZX': Rx Rz Ry */
  SPCONV_EULER_FORMAT_BLENDER_ZXY,       /* 'ZXY': Ry Rx Rz */
  SPCONV_EULER_FORMAT_BLENDER_ZYX,       /* 'ZYX': Rx Ry Rz */
  SPCONV_EULER_FORMAT_UNITY,             /* Quaternion.Euler / eulerAngles (x, y, z)
                                            deg: Ry(y) Rx(x) Rz(z) */
  SPCONV_EULER_FORMAT_UNREAL,            /* FRotator (Pitch, Yaw, Roll) deg:
                                            Rz(yaw) Ry(-pitch) Rx(-roll) */
  SPCONV_EULER_FORMAT_END                /* one past the last format, not a format */
} spconv_euler_format;

/** The Euler formats are SPCONV_EULER_FORMAT_FIRST .. SPCONV_EULER_FORMAT_END - 1,
   SPCONV_EULER_FORMAT_COUNT (23) of them. */
#define SPCONV_EULER_FORMAT_FIRST SPCONV_EULER_FORMAT_URDF_RPY
#define SPCONV_EULER_FORMAT_COUNT (SPCONV_EULER_FORMAT_END - SPCONV_EULER_FORMAT_FIRST)

/** Storage of the 6D rotation representation (Zhou et al. 2019):
   COLUMNS      [R00 R10 R20 R01 R11 R21]: first column, then second
                (Zhou et al.'s code; SONIC's "first 2 columns" observation
                when built as cat(R[:, 0], R[:, 1]))
   ROWS         [R00 R01 R02 R10 R11 R12]: first two rows (pytorch3d's
                matrix_to_rotation_6d, Genesis)
   COLUMNS_INTERLEAVED [R00 R01 R10 R11 R20 R21]: R[..., :2] flattened
                row-major, what R[..., :2].reshape(..., 6) gives in NumPy and
                PyTorch: the first two columns, interleaved. */
typedef enum spconv_rot6d_layout {
  SPCONV_ROT6D_COLUMNS = 0x300,
  SPCONV_ROT6D_ROWS,
  SPCONV_ROT6D_COLUMNS_INTERLEAVED
} spconv_rot6d_layout;

/** How a clip stores rotations (and the number of reals per rotation). */
typedef enum spconv_rot_format {
  SPCONV_ROT_ROTVEC = 0x400, /* 3: axis-angle as angle * unit axis, radians (pose_aa) */
  SPCONV_ROT_QUAT_WXYZ,      /* 4: MuJoCo, Isaac Lab 2.x, SONIC */
  SPCONV_ROT_QUAT_XYZW,      /* 4: SciPy, ROS, Warp / Newton */
  SPCONV_ROT_MAT             /* 9: row-major, columns = child axes in parent axes */
} spconv_rot_format;

/* ------------------------------------------------------------- axis systems */

/** World up axis; values match Newton's Axis (X = 0, Y = 1, Z = 2). */
typedef enum spconv_axis {
  SPCONV_AXIS_X = 0,
  SPCONV_AXIS_Y = 1,
  SPCONV_AXIS_Z = 2
} spconv_axis;

/** A signed coordinate axis. The values follow the order of the axis names
   of Blender's bpy_extras.io_utils.axis_conversion ('X', 'Y', 'Z', '-X',
   '-Y', '-Z' = 0..5): (a % 3) is the axis, a >= 3 the negative direction. */
typedef enum spconv_signed_axis {
  SPCONV_AXIS_POS_X = 0,
  SPCONV_AXIS_POS_Y = 1,
  SPCONV_AXIS_POS_Z = 2,
  SPCONV_AXIS_NEG_X = 3,
  SPCONV_AXIS_NEG_Y = 4,
  SPCONV_AXIS_NEG_Z = 5
} spconv_signed_axis;

/** A semantic direction. Same encoding as spconv_signed_axis over the
   right-handed (forward, left, up) basis: (d % 3) is forward/left/up,
   d >= 3 its opposite (back/right/down). */
typedef enum spconv_direction {
  SPCONV_DIRECTION_FORWARD = 0,
  SPCONV_DIRECTION_LEFT = 1,
  SPCONV_DIRECTION_UP = 2,
  SPCONV_DIRECTION_BACK = 3,
  SPCONV_DIRECTION_RIGHT = 4,
  SPCONV_DIRECTION_DOWN = 5
} spconv_direction;

/** An axis system: the semantic direction that +X, +Y and +Z point to.
   Valid when forward/back, left/right and up/down each appear once: 48
   systems, 24 right-handed and 24 left-handed. Example: ROS REP-103 body
   frame {SPCONV_DIRECTION_FORWARD, SPCONV_DIRECTION_LEFT, SPCONV_DIRECTION_UP};
   Unity {SPCONV_DIRECTION_RIGHT,
   SPCONV_DIRECTION_UP, SPCONV_DIRECTION_FORWARD}. */
typedef struct spconv_axis_system {
  spconv_direction x, y, z;
} spconv_axis_system;

/** Named axis systems (spconv_axis_system_preset gives each one; the
   sources are cited there and in docs/axes.md and docs/motion.md). */
typedef enum spconv_axis_preset {
  SPCONV_AXIS_PRESET_ROS_FLU = 0x500, /* REP-103 body: x forward, y left, z up */
  SPCONV_AXIS_PRESET_ROS_ENU,         /* REP-103 world: x east, y north, z up */
  SPCONV_AXIS_PRESET_NED,             /* world: x north, y east, z down */
  SPCONV_AXIS_PRESET_FRD,             /* aerospace body: x forward, y right, z down */
  SPCONV_AXIS_PRESET_ROS_OPTICAL,     /* REP-103 camera: z forward, x right, y down */
  SPCONV_AXIS_PRESET_MUJOCO,          /* Z up, x forward */
  SPCONV_AXIS_PRESET_ISAAC,           /* Z up, x forward */
  SPCONV_AXIS_PRESET_NEWTON,          /* Z up, x forward */
  SPCONV_AXIS_PRESET_GENESIS,         /* Z up, x forward */
  SPCONV_AXIS_PRESET_BLENDER,         /* Z up, assets face -Y, +X is their left */
  SPCONV_AXIS_PRESET_GLTF,            /* Y up, assets face +Z, +X is their left */
  SPCONV_AXIS_PRESET_USD_Y_UP,        /* Y up, assets face +Z */
  SPCONV_AXIS_PRESET_USD_Z_UP,        /* Z up, assets face -Y */
  SPCONV_AXIS_PRESET_UNITY,           /* left-handed: x right, y up, z forward */
  SPCONV_AXIS_PRESET_UNREAL,          /* left-handed: x forward, y right, z up */
  SPCONV_AXIS_PRESET_OPENGL_CAMERA,   /* x right, y up, looks along -Z */
  SPCONV_AXIS_PRESET_MAYA_Y_UP,       /* Y up, assets face +Z */
  SPCONV_AXIS_PRESET_SMPL,            /* SMPL / SMPL-X / AMASS body frames: Y up, faces +Z,
                                         +X left */
  SPCONV_AXIS_PRESET_BVH,             /* BVH: Y up, faces +Z (as the rest pose defines), +X left */
  SPCONV_AXIS_PRESET_ROBOT,           /* retargeting target: Z up, X forward, Y left */
  SPCONV_AXIS_PRESET_END              /* one past the last preset, not a preset */
} spconv_axis_preset;

/** The axis presets are SPCONV_AXIS_PRESET_FIRST .. SPCONV_AXIS_PRESET_END - 1,
   SPCONV_AXIS_PRESET_COUNT (20) of them: the i-th is
   (spconv_axis_preset)(SPCONV_AXIS_PRESET_FIRST + i). */
#define SPCONV_AXIS_PRESET_FIRST SPCONV_AXIS_PRESET_ROS_FLU
#define SPCONV_AXIS_PRESET_COUNT (SPCONV_AXIS_PRESET_END - SPCONV_AXIS_PRESET_FIRST)

/** How a 4x4 homogeneous transform T = [A p; 0 1] is stored in 16 reals:
   row-major T[4 i + j] = T_ij, or column-major T[4 j + i] = T_ij (glTF
   node.matrix, OpenGL, Eigen's default storage). The same two values say
   how spconv_jacobian_convert stores a 6 x n Jacobian. */
typedef enum spconv_mat4_layout {
  SPCONV_MAT4_ROW_MAJOR = 0x600,
  SPCONV_MAT4_COLUMN_MAJOR
} spconv_mat4_layout;

/* -------------------------------------------------- shapes and asset import */

/** Collision primitive kinds, as Newton, MuJoCo, USD and PhysX name them. */
typedef enum spconv_shape_type {
  SPCONV_SHAPE_SPHERE = 0x700,
  SPCONV_SHAPE_BOX,
  SPCONV_SHAPE_CAPSULE,
  SPCONV_SHAPE_CYLINDER,
  SPCONV_SHAPE_CONE,
  SPCONV_SHAPE_PLANE
} spconv_shape_type;

/** Whose parameters a size[3] holds. Every shape is centred on its frame
   origin; capsule, cylinder and cone lie along the shape's primary axis,
   a plane's normal is that axis.
     type      NEWTON            MUJOCO (geom size)  USD (UsdGeom)        PHYSX
     sphere    r                 r                   r                    r
     box       hx hy hz          hx hy hz            edges sx sy sz (*)   halfExtents
     capsule   r, half_height    r, half-length      r, height            r, halfHeight
     cylinder  r, half_height    r, half-height      r, height            r, height (5.5+)
     cone      r, half_height    -                   r, height            r, height (5.5+)
     plane     normal only       normal only         normal only          normal only
     axis      Z (no parameter)  Z                   `axis` attribute     X
   All capsule lengths exclude the caps (PhysX: between the cap centres;
   USD: "excluding the size of the two half spheres"). (*) UsdGeomCube has
   one `size` (edge length, not half): a Cube of size s scaled by
   xformOp:scale k has edges s k. Cones: base at -half_height, apex at
   +half_height along the axis (Newton; UsdGeomCone "apex pointing in the
   direction of the positive axis"), centre of mass at -half_height / 2.
   Newton 1.x add_shape_capsule / _cylinder / _cone take no axis
   argument: the shape "extends along the Z-axis" of its xform, so another
   axis is a rotation in xform. Sources: Newton ModelBuilder.add_shape_* docs; MuJoCo XML reference,
   geom/size and geom/fromto; UsdGeomCube/Capsule/Cylinder/Cone/Plane
   schema docs; PhysX PxBoxGeometry, PxCapsuleGeometry ("extending along
   the x axis"), PxPlaneGeometry (normal +X), PhysX 5.5+
   PxConvexCoreGeometry (PxConvexCore's Cylinder and Cone: height and
   radius, "axis along the X axis", the cone's base at x = -height/2). */
typedef enum spconv_shape_format {
  SPCONV_SHAPE_FORMAT_NEWTON = 0x800,
  SPCONV_SHAPE_FORMAT_MUJOCO,
  SPCONV_SHAPE_FORMAT_USD,
  SPCONV_SHAPE_FORMAT_PHYSX
} spconv_shape_format;

/** Mesh asset formats, for the axes their files are written in. */
typedef enum spconv_asset_format {
  SPCONV_ASSET_GLTF = 0x900, /* .gltf / .glb: Y up, front +Z by specification */
  SPCONV_ASSET_STL,          /* no convention: the caller says */
  SPCONV_ASSET_OBJ           /* no convention: the caller says */
} spconv_asset_format;

/* ------------------------------------------------------- engine conventions */

/** A convention says how one body's 6-vector is stored:
     order          SPCONV_ORDER_LINEAR_FIRST [lin; ang] or SPCONV_ORDER_ANGULAR_FIRST [ang; lin]
     point          reference point P of the linear velocity and of the moment:
                    SPCONV_POINT_COM, SPCONV_POINT_ORIGIN (body origin) or
                    SPCONV_POINT_WORLD (the body point instantaneously at the
                    world origin: Modern Robotics' spatial twist, Pinocchio WORLD)
     linear_frame   axes of the linear part (velocity, force, acceleration):
                    SPCONV_FRAME_WORLD or SPCONV_FRAME_BODY (the body's axes,
                    spconv_body.quat_wxyz)
     angular_frame  axes of the angular part (angular velocity, moment,
                    angular acceleration)
     angle_unit     SPCONV_ANGLE_RADIANS or SPCONV_ANGLE_DEGREES: the unit of angular
                    velocity (rad/s or deg/s) and angular acceleration. It does
                    not apply to moments, which stay in N m.
     accel          what an acceleration under this convention holds (only
                    spconv_accel_convert and the cacc functions read it):
                    SPCONV_ACCEL_CLASSICAL: the linear part is the classical
                    acceleration a_P (second time derivative of the position
                    of the body point P); SPCONV_ACCEL_SPATIAL: it is
                    Featherstone's spatial acceleration a_P - w x v_P (the
                    time derivative of the velocity field at the fixed world
                    point where P is). Both are then only re-expressed in the
                    convention's axes. For every convention except (linear
                    part in body axes, point WORLD), the time derivative of
                    the twist's stored components is the CLASSICAL
                    acceleration when the linear part is in world axes at a
                    body point (COM, ORIGIN), and the SPATIAL one otherwise.
   A wrench under a convention is the power-conjugate of a twist under it:
   same order and point, force in the linear frame, moment about P in the
   angular frame, so that lin . lin + ang . ang is the power for every
   convention in radians. With SPCONV_ANGLE_DEGREES the power is
   f . v + (pi / 180) tau . w_deg.
   Each field has its enum type (gcc and clang warn when a value of another
   enum is stored in it) and every enum its own range of values, so that a
   value of another enum, a number or a zeroed struct is refused: the
   conversions return SPCONV_EINVAL for a field outside its enum. */
typedef enum spconv_order {
  SPCONV_ORDER_LINEAR_FIRST = 0xA00,
  SPCONV_ORDER_ANGULAR_FIRST
} spconv_order;

/** Reference point of the linear velocity and of the moment. */
typedef enum spconv_point {
  SPCONV_POINT_COM = 0xB00,
  SPCONV_POINT_ORIGIN,
  SPCONV_POINT_WORLD
} spconv_point;

/** Axes a half of the 6-vector is expressed in. */
typedef enum spconv_frame {
  SPCONV_FRAME_WORLD = 0xC00,
  SPCONV_FRAME_BODY
} spconv_frame;

/** Unit of angular velocity (torques stay in N m). */
typedef enum spconv_angle_unit {
  SPCONV_ANGLE_RADIANS = 0xD00,
  SPCONV_ANGLE_DEGREES
} spconv_angle_unit;

/** Classical (d/dt of a point's velocity) or spatial acceleration. */
typedef enum spconv_accel_kind {
  SPCONV_ACCEL_CLASSICAL = 0xE00,
  SPCONV_ACCEL_SPATIAL
} spconv_accel_kind;

/** A 6-vector convention as data (see the comment above spconv_order). */
typedef struct spconv_convention {
  spconv_order order;
  spconv_point point;
  spconv_frame linear_frame;
  spconv_frame angular_frame;
  spconv_angle_unit angle_unit;
  spconv_accel_kind accel;
} spconv_convention;

/** One body: the pose of its origin and where its mass sits.
     pos         origin O, world coordinates
     quat_wxyz   orientation of the body frame (body -> world), need not be unit
     com         COM C in body axes: C = pos + R com (MuJoCo body_ipos,
                 Newton body_com, PhysX cMassLocalPose.p; Bullet: the origin
                 of btDefaultMotionState's m_centerOfMassOffset.inverse())
     iquat_wxyz  orientation of the inertial (principal axes) frame in body
                 axes (MuJoCo body_iquat, PhysX cMassLocalPose.q, Bullet:
                 the rotation of m_centerOfMassOffset.inverse()); the zero
                 quaternion is the identity, so {pos, quat, com} initializers
                 keep working. Only the pose functions (>>states) read it.
   Twist and wrench conventions with SPCONV_FRAME_BODY use the body frame's
   axes (quat_wxyz), never the inertial frame's. */
typedef struct spconv_body {
  spconv_real pos[3];
  spconv_real quat_wxyz[4];
  spconv_real com[3];
  spconv_real iquat_wxyz[4];
} spconv_body;

/* ------------------------------------------------------------- body states */

/** A pose convention says how one body's pose is stored (7 reals):
     layout      SPCONV_POSE_LAYOUT_POS_QUAT [p; q] (MuJoCo qpos, Newton body_q,
                 Isaac Lab root_link_state_w[0:7]) or SPCONV_POSE_LAYOUT_QUAT_POS
                 [q; p] (Drake's quaternion floating joint, PhysX PxTransform)
     quat_order  SPCONV_ROT_QUAT_WXYZ or SPCONV_ROT_QUAT_XYZW (the
                 spconv_rot_format values)
     point       whose position p is: SPCONV_POINT_ORIGIN (body origin) or
                 SPCONV_POINT_COM (SPCONV_POINT_WORLD is not a pose)
     frame       whose orientation q is: SPCONV_POSE_FRAME_BODY (the body
                 frame) or SPCONV_POSE_FRAME_INERTIAL (the principal axes:
                 q_body * iquat; MuJoCo ximat, Bullet's center-of-mass
                 transform, Isaac Lab root_com_pose_w under PhysX; Isaac
                 Lab's Newton backend keeps the link's orientation there,
                 so pass iquat = identity for it)
   Each field has its enum type; a value outside it (another enum's value
   included: SPCONV_FRAME_BODY is not a pose frame) makes the pose
   functions return SPCONV_EINVAL. */
typedef enum spconv_pose_layout {
  SPCONV_POSE_LAYOUT_POS_QUAT = 0xF00,
  SPCONV_POSE_LAYOUT_QUAT_POS
} spconv_pose_layout;

/** The frame whose orientation a pose stores (the world is not a pose
   frame; the values are not spconv_frame's). */
typedef enum spconv_pose_frame {
  SPCONV_POSE_FRAME_BODY = 0x1000,
  SPCONV_POSE_FRAME_INERTIAL
} spconv_pose_frame;

/** A pose convention as data (see the comment above spconv_pose_layout). */
typedef struct spconv_pose_convention {
  spconv_pose_layout layout;
  spconv_rot_format quat_order; /* SPCONV_ROT_QUAT_WXYZ or SPCONV_ROT_QUAT_XYZW */
  spconv_point point;           /* ORIGIN or COM */
  spconv_pose_frame frame;
} spconv_pose_convention;

/** A whole body state's convention: how the pose and the 6-vectors (twist,
   wrench, acceleration) are stored (spconv_state_convention_from_preset). */
typedef struct spconv_state_convention {
  spconv_pose_convention pose;
  spconv_convention twist;
} spconv_state_convention;

/** Preset conventions (spconv_convention_from_preset). Each row cites the engine's docs. */
typedef enum spconv_preset_id {
  SPCONV_PRESET_NEWTON = 0x1100, /* Newton 1.1+ body_qd [v_C; w], body_f [f; tau_C], world */
  SPCONV_PRESET_MUJOCO_FREE,     /* MuJoCo 2.2+ free qvel [v_O world; w body], qfrc */
  SPCONV_PRESET_MUJOCO_XFRC,     /* MuJoCo 2.2+ xfrc_applied [f; tau_C], world */
  SPCONV_PRESET_SAP_PUBLIC,      /* SAP Warp public [v_C; w], [f; tau_C], world */
  SPCONV_PRESET_SAP_INTERNAL,    /* SAP Warp internal [w; v_O], [tau_O; f], world */
  SPCONV_PRESET_ISAACLAB,        /* Isaac Lab 2.x root_com_vel_w, wxyz (3.x: ISAACLAB3) */
  SPCONV_PRESET_PHYSX,           /* PhysX 5.x PxRigidBody velocities, COM, world */
  SPCONV_PRESET_BULLET,          /* Bullet 2.x/3.x btRigidBody velocities, COM, world */
  SPCONV_PRESET_DRAKE,           /* Drake 1.x SpatialVelocity V_WB_W [w; v_Bo], world */
  SPCONV_PRESET_PINOCCHIO_WORLD, /* Pinocchio 2.x/3.x WORLD [v; w], world origin */
  SPCONV_PRESET_PINOCCHIO_LOCAL, /* Pinocchio 2.x/3.x LOCAL [v; w], frame axes */
  SPCONV_PRESET_PINOCCHIO_LWA,   /* Pinocchio 2.x/3.x LOCAL_WORLD_ALIGNED [v; w] */
  SPCONV_PRESET_DART_BODY,       /* DART 6.12 getSpatialVelocity() [w; v_O], body */
  SPCONV_PRESET_DART_WORLD,      /* DART 6.12 getSpatialVelocity(World, World) [w; v_O] */
  SPCONV_PRESET_MR_BODY,         /* Modern Robotics (2017) body twist [w_b; v_b] */
  SPCONV_PRESET_MR_SPACE,        /* Modern Robotics (2017) spatial twist [w_s; v_s] */
  SPCONV_PRESET_FEATHERSTONE,    /* spatial_v2 FDfb floating base, fixed-base coords */
  SPCONV_PRESET_PTERA,           /* Ptera Software docs: MuJoCo qvel with deg/s */
  SPCONV_PRESET_WARP_SIM,        /* warp.sim (Warp 1.0-1.9), Newton before PR #643 */
  SPCONV_PRESET_ISAACLAB_LINK,   /* Isaac Lab 2.x root_link_vel_w, wxyz (3.x: ISAACLAB3_LINK) */
  SPCONV_PRESET_GZ_SIM,          /* Gazebo (gz-sim 7+) Link.hh velocities, wrench at O */
  SPCONV_PRESET_ROS_ODOM,        /* ROS 1/2 nav_msgs/Odometry twist [v; w], child axes */
  SPCONV_PRESET_JOLT,            /* Jolt Physics Body.h velocities, COM, world */
  SPCONV_PRESET_ISAACLAB3,       /* Isaac Lab 3.x root_com_vel_w, xyzw; Newton backend: iquat identity (NULL) */
  SPCONV_PRESET_ISAACLAB3_LINK,  /* Isaac Lab 3.x root_link_vel_w, q_xyzw poses */
  SPCONV_PRESET_ODE,             /* ODE 0.16 dBodyGetLinearVel (COM), world */
  SPCONV_PRESET_GENESIS,         /* Genesis 0.3+ get_vel (link origin), get_ang, world */
  SPCONV_PRESET_CHRONO,          /* Chrono 9.x ChBody GetPosDt (COM), world */
  SPCONV_PRESET_BRAX,            /* Brax 0.14 (MJX pipeline) State.xd at xpos, world */
  SPCONV_PRESET_END              /* one past the last preset, not a preset */
} spconv_preset_id;

/** The preset ids are SPCONV_PRESET_FIRST .. SPCONV_PRESET_END - 1,
   SPCONV_PRESET_COUNT of them: the i-th is
   (spconv_preset_id)(SPCONV_PRESET_FIRST + i). */
#define SPCONV_PRESET_FIRST SPCONV_PRESET_NEWTON
#define SPCONV_PRESET_COUNT (SPCONV_PRESET_END - SPCONV_PRESET_FIRST)

/* ------------------------------------------------------ packed joint arrays */

/** The Newton / Warp model layout. Joint j's positions are joint_q[
   joint_q_start[j] .. joint_q_start[j+1]) and its velocities / forces
   joint_qd[joint_qd_start[j] .. joint_qd_start[j+1]) (both start arrays have
   joint_count + 1 entries, the last one the array length). Segments:
     prismatic, revolute  1 / 1
     ball                 4 / 3   q = quaternion
     fixed                0 / 0
     free, distance       7 / 6   q = [p; quaternion], qd = 6-vector twist
     D6                   n / n   n = linear + angular axes (0..3 each),
                                  linear-axis scalars first
   Warp stores quaternions xyzw, MuJoCo wxyz. Body poses (body_q) use Warp's
   transform layout [p (3); q_xyzw (4)], 7 reals per body; body_com is the
   COM in body axes, 3 reals per body. Sources: Newton JointType and
   Model.joint_q_start ("shape [joint_count + 1]"), SAP Warp "Convention". */
typedef enum spconv_joint_type {
  SPCONV_JOINT_PRISMATIC = 0, /* Newton JointType values */
  SPCONV_JOINT_REVOLUTE = 1,
  SPCONV_JOINT_BALL = 2,
  SPCONV_JOINT_FIXED = 3,
  SPCONV_JOINT_FREE = 4,
  SPCONV_JOINT_DISTANCE = 5,
  SPCONV_JOINT_D6 = 6
} spconv_joint_type;

/** A view of a model's joint arrays (nothing is copied). joint_child is read
   only by the SAP functions (child body of each joint, 0 <= b < body_count). */
typedef struct spconv_joint_layout {
  int joint_count;
  /* [joint_count] spconv_joint_type values. int, not spconv_joint_type:
     this is the engine's own int32 array (Newton's Model.joint_type, a
     wp.array of int32), viewed in place, and an enum may be narrower than
     int (-fshort-enums, the ARM EABI), which would misread it. */
  const int *joint_type;
  const int *joint_q_start;  /* [joint_count + 1] */
  const int *joint_qd_start; /* [joint_count + 1] */
  const int *joint_child;    /* [joint_count] */
  int body_count;
} spconv_joint_layout;

/** SAP Warp boundary order flags (joint_qd_order, joint_f_order, body_f_order) */
typedef enum spconv_sap_order {
  SPCONV_SAP_ORDER_PUBLIC = 0x1200, /* "public": free/distance [v_C; w], [f; tau_C] */
  SPCONV_SAP_ORDER_SAP              /* "sap": already SAP-native */
} spconv_sap_order;

/* -------------------------------------------------------------- motion data */

/** The arrays of a clip of `frames` frames and `bodies` bodies. Any array
   may be NULL (then it is not read or written). Units: angles in radians,
   time in seconds, lengths in the clip's unit. BVH has no unit field: many
   files are in cm, the CMU captures in inches / 0.45 (0.056444 m); check
   by the skeleton's height (docs/motion.md). SMPL is in m.
   The root: (root_pos, root_rot) is the world pose of the root frame, and
   a body whose parent is the root frame hangs off it as off any parent:
     parent the root frame:  R_j = root_rot local_rot[j],
                             p_j = root_pos + root_rot offsets[j]
     parent body i:          R_j = R_i local_rot[j],  p_j = p_i + R_i offsets[j]
   (R world orientation, p world origin), so root_rot comes before
   local_rot[:, 0] and offsets[0] is in the root's axes, turned by root_rot.
   A BVH ROOT (or the SMPL pelvis) is the root frame itself: root_pos = its
   world position (BVH: its OFFSET plus its position channels; SMPL: trans
   + J_0, the pelvis at rest), root_rot = its rotation channels (SMPL:
   poses[:, 0:3]), and body 0 is that joint with offsets[0] = 0 and
   local_rot[:, 0] = identity. Heading and ground: spconv_motion_clip_align.
   root_pos     [frames][3]  root position, world axes
   root_rot     [frames][root_rot_format size]  root orientation, root body
                axes -> world axes (SMPL: poses[:, 0:3], SPCONV_ROT_ROTVEC)
   root_linvel  [frames][3]  root linear velocity, world axes
   root_angvel  [frames][3]  root angular velocity, world axes, or root
                body axes when root_angvel_body != 0 (MuJoCo qvel[3:6])
   local_rot    [frames][bodies][local_rot_format size]  body -> parent
   offsets      [bodies][3]  each body's origin in its parent's axes (the
                skeleton; BVH OFFSET, SMPL J - J_parent at rest) */
typedef struct spconv_motion_clip {
  int frames;
  int bodies;
  spconv_real *root_pos;
  spconv_real *root_rot;
  spconv_rot_format root_rot_format;
  spconv_real *root_linvel;
  spconv_real *root_angvel;
  int root_angvel_body;
  spconv_real *local_rot;
  spconv_rot_format local_rot_format;
  spconv_real *offsets;
} spconv_motion_clip;

/** Finite differences over frames t = 0..T-1 spaced dt apart:
   FORWARD  x'(t) from frames t, t+1 (the last frame from T-2, T-1): the
            constant rate that carries frame t to frame t+1, exact for a
            motion at constant rate between frames.
   CENTRAL  x'(t) from frames t-1, t+1 over 2 dt; the first and last frame
            one-sided from their neighbour, as numpy.gradient(x, dt, axis=0)
            (edge_order=1) does for positions. Second order inside. */
typedef enum spconv_motion_diff {
  SPCONV_MOTION_DIFF_FORWARD = 0x1300,
  SPCONV_MOTION_DIFF_CENTRAL
} spconv_motion_diff;

/* ==================================================================== >>decl
   DECLARATIONS: every public function, by section */
/* Every public function, in the order of the sections below. Each is
   defined (and documented) in its section; a prototype that drifts from its
   definition fails to compile. */
#if defined(__cplusplus) && defined(SPCONV__LINKED)
extern "C" { /* the linked modes: one set of symbols for C and C++ */
#endif

/* ----------------------------------------------------------------- >>status */
/* short English name of a status code; "unknown status" for others */
SPCONV_API const char *spconv_status_string(int status);

/* ------------------------------------------------------------------- >>quat */
/* quaternion stored (w, x, y, z) from the same stored (x, y, z, w) */
SPCONV_API void spconv_quat_wxyz_from_xyzw(spconv_real res[4],
                                           const spconv_real q_xyzw[4]);
/* quaternion stored (x, y, z, w) from the same stored (w, x, y, z) */
SPCONV_API void spconv_quat_xyzw_from_wxyz(spconv_real res[4],
                                           const spconv_real q_wxyz[4]);
/* n contiguous quaternions (4n reals), xyzw -> wxyz; res may equal q_xyzw */
SPCONV_API void spconv_quat_wxyz_from_xyzw_n(spconv_real *res, const spconv_real *q_xyzw,
                                             size_t n);
/* n contiguous quaternions (4n reals), wxyz -> xyzw; res may equal q_wxyz */
SPCONV_API void spconv_quat_xyzw_from_wxyz_n(spconv_real *res, const spconv_real *q_wxyz,
                                             size_t n);
/* res = q v q^-1, q stored wxyz (need not be unit) */
SPCONV_API void spconv_quat_rotate_wxyz(spconv_real res[3], const spconv_real q_wxyz[4],
                                        const spconv_real v[3]);
/* res = q v q^-1, q stored xyzw (need not be unit) */
SPCONV_API void spconv_quat_rotate_xyzw(spconv_real res[3], const spconv_real q_xyzw[4],
                                        const spconv_real v[3]);
/* res = a b (Hamilton, wxyz): rotate by b, then by a */
SPCONV_API void spconv_quat_mul_wxyz(spconv_real res[4], const spconv_real a[4],
                                     const spconv_real b[4]);
/* res = (w, -x, -y, -z): the inverse rotation of q */
SPCONV_API void spconv_quat_conj_wxyz(spconv_real res[4], const spconv_real q_wxyz[4]);
/* res = conj(q) / |q|^2 (wxyz); the zero quaternion maps to itself */
SPCONV_API void spconv_quat_inv_wxyz(spconv_real res[4], const spconv_real q_wxyz[4]);
/* res = q / |q| (wxyz), sign kept; SPCONV_EDEGENERATE for zero or non-finite q */
SPCONV_NODISCARD SPCONV_API int spconv_quat_normalize_wxyz(spconv_real res[4],
                                                           const spconv_real q_wxyz[4]);
/* res = q or -q with w > 0 (SciPy's canonical rule); norm kept */
SPCONV_API void spconv_quat_canonical_wxyz(spconv_real res[4], const spconv_real q_wxyz[4]);
/* res = unit wxyz a fraction t from a to b along the shortest arc */
SPCONV_API void spconv_quat_slerp_wxyz(spconv_real res[4], const spconv_real a[4],
                                       const spconv_real b[4], spconv_real t);
/* angle in [0, pi] of the rotation taking a to b (q and -q give 0) */
SPCONV_API spconv_real spconv_quat_angle_wxyz(const spconv_real a[4], const spconv_real b[4]);

/* -------------------------------------------------------------------- >>rot */
/* row-major R of q (any norm): columns = body axes in world (MuJoCo xmat) */
SPCONV_API void spconv_mat_from_quat_wxyz(spconv_real res[9], const spconv_real q_wxyz[4]);
/* unit canonical wxyz of row-major rotation R; EINVAL if not a rotation */
SPCONV_NODISCARD SPCONV_API int spconv_quat_wxyz_from_mat(spconv_real res[4],
                                                          const spconv_real R[9]);
/* res = R^T (row-major): the inverse rotation */
SPCONV_API void spconv_mat_transpose(spconv_real res[9], const spconv_real R[9]);
/* res = A B (row-major 3x3); M_ac = M_bc M_ab between axis systems */
SPCONV_API void spconv_mat_mul(spconv_real res[9], const spconv_real A[9],
                               const spconv_real B[9]);
/* nearest rotation to R (polar factor, row-major); EINVAL for det R < 0 */
SPCONV_NODISCARD SPCONV_API int spconv_mat_orthonormalize(spconv_real res[9],
                                                          const spconv_real R[9]);
/* rotation by angle (rad, right-handed) about axis (any length), wxyz */
SPCONV_API void spconv_quat_wxyz_from_axis_angle(spconv_real res[4], const spconv_real axis[3],
                                                 spconv_real angle);
/* unit axis and angle in [0, pi] of q (wxyz, any nonzero norm) */
SPCONV_NODISCARD SPCONV_API int spconv_axis_angle_from_quat_wxyz(spconv_real axis[3],
                                                                 spconv_real *angle,
                                                                 const spconv_real q_wxyz[4]);
/* wxyz = exp(rv / 2): |rv| rad about rv (SciPy from_rotvec, SONIC pose_aa) */
SPCONV_API void spconv_quat_wxyz_from_rotvec(spconv_real res[4], const spconv_real rv[3]);
/* rotation vector angle * axis of q (wxyz), |res| <= pi (SciPy as_rotvec) */
SPCONV_API void spconv_rotvec_from_quat_wxyz(spconv_real res[3], const spconv_real q_wxyz[4]);
/* wxyz of Euler angles (rad, SciPy's meaning) for seq and kind */
SPCONV_NODISCARD SPCONV_API int spconv_quat_wxyz_from_euler(spconv_real res[4],
                                                            const spconv_real angles[3],
                                                            spconv_euler_seq seq,
                                                            spconv_euler_kind kind);
/* Euler angles (rad, SciPy's ranges) of q (wxyz); SPCONV_GIMBAL_LOCK warns */
SPCONV_NODISCARD SPCONV_API int spconv_euler_from_quat_wxyz(spconv_real res[3],
                                                            const spconv_real q_wxyz[4],
                                                            spconv_euler_seq seq,
                                                            spconv_euler_kind kind);
/* row-major R of Euler angles (rad, SciPy's meaning) for seq and kind */
SPCONV_NODISCARD SPCONV_API int spconv_mat_from_euler(spconv_real res[9],
                                                      const spconv_real angles[3],
                                                      spconv_euler_seq seq, spconv_euler_kind kind);
/* Euler angles (rad, SciPy's ranges) of row-major rotation R */
SPCONV_NODISCARD SPCONV_API int spconv_euler_from_mat(spconv_real res[3], const spconv_real R[9],
                                                      spconv_euler_seq seq, spconv_euler_kind kind);
/* seq and kind of a SciPy seq string ("XYZ" intrinsic, "xyz" extrinsic) */
SPCONV_NODISCARD SPCONV_API int spconv_euler_seq_from_scipy(spconv_euler_seq *seq,
                                                            spconv_euler_kind *kind,
                                                            const char *s);
/* seq and kind of MuJoCo's eulerseq ("xyz" intrinsic, "XYZ" extrinsic) */
SPCONV_NODISCARD SPCONV_API int spconv_euler_seq_from_mujoco(spconv_euler_seq *seq,
                                                             spconv_euler_kind *kind,
                                                             const char *s);
/* wxyz MuJoCo's compiler makes from euler (rad) under eulerseq */
SPCONV_NODISCARD SPCONV_API int spconv_quat_wxyz_from_mujoco_euler(spconv_real res[4],
                                                                   const spconv_real angles[3],
                                                                   const char *eulerseq);
/* wxyz of URDF / ROS rpy (rad): R = Rz(yaw) Ry(pitch) Rx(roll) */
SPCONV_API void spconv_quat_wxyz_from_urdf_rpy(spconv_real res[4], const spconv_real rpy[3]);
/* URDF / ROS rpy (rad) of q (wxyz), pitch in [-pi/2, pi/2] */
SPCONV_NODISCARD SPCONV_API int spconv_urdf_rpy_from_quat_wxyz(spconv_real res[3],
                                                               const spconv_real q_wxyz[4]);
/* wxyz of Isaac Lab quat_from_euler_xyz(roll, pitch, yaw) (extrinsic xyz) */
SPCONV_API void spconv_quat_wxyz_from_isaaclab_euler_xyz(spconv_real res[4], spconv_real roll,
                                                         spconv_real pitch, spconv_real yaw);
/* wxyz of Drake RollPitchYaw [r, p, y]: R = Rz(y) Ry(p) Rx(r) */
SPCONV_API void spconv_quat_wxyz_from_drake_rpy(spconv_real res[4], const spconv_real rpy[3]);
/* wxyz of three angles stored as an asset format or tool stores them */
SPCONV_NODISCARD SPCONV_API int spconv_quat_wxyz_from_euler_format(spconv_real res[4],
                                                                   const spconv_real angles[3],
                                                                   spconv_euler_format format);
/* the three angles a format stores for q (wxyz); SPCONV_GIMBAL_LOCK warns */
SPCONV_NODISCARD SPCONV_API int spconv_euler_format_from_quat_wxyz(spconv_real res[3],
                                                                   const spconv_real q_wxyz[4],
                                                                   spconv_euler_format format);
/* angles of angles_format -> the same rotation's angles in res_format */
SPCONV_NODISCARD SPCONV_API int spconv_euler_convert(spconv_real res[3],
                                                     spconv_euler_format res_format,
                                                     const spconv_real angles[3],
                                                     spconv_euler_format angles_format);
/* 6D representation (layout: columns or rows) of row-major rotation R */
SPCONV_NODISCARD SPCONV_API int spconv_rot6d_from_mat(spconv_real res[6], const spconv_real R[9],
                                                      spconv_rot6d_layout layout);
/* row-major R from a 6D vector by Gram-Schmidt (layout: columns or rows) */
SPCONV_NODISCARD SPCONV_API int spconv_mat_from_rot6d(spconv_real res[9], const spconv_real d6[6],
                                                      spconv_rot6d_layout layout);
/* reals per rotation of a format (3, 4 or 9); negative SPCONV_EINVAL if unknown */
SPCONV_NODISCARD SPCONV_API int spconv_rot_format_size(spconv_rot_format format);
/* n rotations x[n][size of x_format] -> res[n][size of res_format] */
SPCONV_NODISCARD SPCONV_API int spconv_rot_convert_n(spconv_real *res, spconv_rot_format res_format,
                                                     const spconv_real *x,
                                                     spconv_rot_format x_format, size_t n);

/* ----------------------------------------------------------------- >>angvel */
/* q (wxyz, body -> world) advanced by body-frame w_body over dt (MuJoCo) */
SPCONV_API void spconv_quat_integrate_body_wxyz(spconv_real res[4], const spconv_real q_wxyz[4],
                                                const spconv_real w_body[3], spconv_real dt);
/* q (wxyz, body -> world) advanced by world-frame w_world over dt */
SPCONV_API void spconv_quat_integrate_world_wxyz(spconv_real res[4],
                                                 const spconv_real q_wxyz[4],
                                                 const spconv_real w_world[3], spconv_real dt);
/* body-frame angular velocity turning q0 into q1 in dt (shortest path) */
SPCONV_NODISCARD SPCONV_API int spconv_body_angvel_from_quats_wxyz(spconv_real res[3],
                                                                   const spconv_real q0[4],
                                                                   const spconv_real q1[4],
                                                                   spconv_real dt);
/* world-frame angular velocity turning q0 into q1 in dt (shortest path) */
SPCONV_NODISCARD SPCONV_API int spconv_world_angvel_from_quats_wxyz(spconv_real res[3],
                                                                    const spconv_real q0[4],
                                                                    const spconv_real q1[4],
                                                                    spconv_real dt);

/* ------------------------------------------------------------------ >>units */
/* radians from degrees (or deg/s -> rad/s) */
SPCONV_API spconv_real spconv_rad_from_deg(spconv_real deg);
/* degrees from radians (or rad/s -> deg/s) */
SPCONV_API spconv_real spconv_deg_from_rad(spconv_real rad);
/* 3-vector in radians from degrees (Euler triples, deg/s) */
SPCONV_API void spconv_rad_from_deg3(spconv_real res[3], const spconv_real v[3]);
/* 3-vector in degrees from radians (Euler triples, rad/s) */
SPCONV_API void spconv_deg_from_rad3(spconv_real res[3], const spconv_real v[3]);
/* *res = k = from_meters_per_unit / to_meters_per_unit (x_to = k x_from) */
SPCONV_NODISCARD SPCONV_API int spconv_length_scale(spconv_real *res,
                                                    spconv_real from_meters_per_unit,
                                                    spconv_real to_meters_per_unit);
/* pose [p; q] (either order) -> [k p; q] */
SPCONV_API void spconv_pose_change_length_unit(spconv_real res[7], const spconv_real pose[7],
                                               spconv_real k);
/* twist [v; w] -> [k v; w] */
SPCONV_API void spconv_twist_change_length_unit(spconv_real res[6], const spconv_real twist[6],
                                                spconv_real k);
/* wrench [f; tau] -> [k f; k^2 tau] */
SPCONV_API void spconv_wrench_change_length_unit(spconv_real res[6], const spconv_real wrench[6],
                                                 spconv_real k);
/* inertia tensor (row-major) -> k^2 I */
SPCONV_API void spconv_inertia_change_length_unit(spconv_real res[9], const spconv_real I[9],
                                                  spconv_real k);

/* ------------------------------------------------------------------- >>axes */
/* row-major rotation by +90 deg about from_up x to_up: v_to = res v_from */
SPCONV_NODISCARD SPCONV_API int spconv_up_axis_matrix(spconv_real res[9], spconv_axis from_up,
                                                      spconv_axis to_up);
/* row-major k M: a USD stage's (metersPerUnit, upAxis Y or Z) to a world */
SPCONV_NODISCARD SPCONV_API int spconv_usd_stage_matrix(spconv_real res[9],
                                                        spconv_real meters_per_unit,
                                                        spconv_axis up_axis,
                                                        spconv_real to_meters_per_unit,
                                                        spconv_axis to_up);
/* unit wxyz of spconv_up_axis_matrix (identity when equal) */
SPCONV_NODISCARD SPCONV_API int spconv_up_axis_quat_wxyz(spconv_real res[4], spconv_axis from_up,
                                                         spconv_axis to_up);
/* n 3-vectors (3n) from a from_up world to a to_up world */
SPCONV_NODISCARD SPCONV_API int spconv_vec_change_up_axis_n(spconv_real *res, const spconv_real *v,
                                                            size_t n,
                                                            spconv_axis from_up, spconv_axis to_up);
/* n 6-vectors (6n, twists or wrenches, world axes) from from_up to to_up */
SPCONV_NODISCARD SPCONV_API int spconv_spatial_change_up_axis_n(spconv_real *res,
                                                                const spconv_real *x, size_t n,
                                                                spconv_axis from_up,
                                                                spconv_axis to_up);
/* n orientations (4n, wxyz, body -> world): world relabelled, body axes kept: q' = q_up q */
SPCONV_NODISCARD SPCONV_API int spconv_quat_wxyz_change_world_up_axis_n(
    spconv_real *res, const spconv_real *q_wxyz, size_t n, spconv_axis from_up,
    spconv_axis to_up);
/* n orientations (4n, xyzw, body -> world): world relabelled, body axes kept: q' = q_up q */
SPCONV_NODISCARD SPCONV_API int spconv_quat_xyzw_change_world_up_axis_n(
    spconv_real *res, const spconv_real *q_xyzw, size_t n, spconv_axis from_up,
    spconv_axis to_up);
/* unit vector of a signed axis (SPCONV_AXIS_NEG_Y -> (0, -1, 0)) */
SPCONV_NODISCARD SPCONV_API int spconv_vec_from_signed_axis(spconv_real res[3],
                                                            spconv_signed_axis axis);
/* SPCONV_OK if s is one of the 48 axis systems, else SPCONV_EINVAL */
SPCONV_NODISCARD SPCONV_API int spconv_axis_system_check(spconv_axis_system s);
/* signed permutation M (row-major) with v_to = M v_from between systems */
SPCONV_NODISCARD SPCONV_API int spconv_axis_system_matrix(spconv_real res[9],
                                                          spconv_axis_system from,
                                                          spconv_axis_system to);
/* *right_handed = 1 if s is right-handed, 0 if left-handed */
SPCONV_NODISCARD SPCONV_API int spconv_axis_system_handedness(int *right_handed,
                                                              spconv_axis_system s);
#ifndef SPCONV_NO_DEPRECATED
/* deprecated: 1 right-handed, 0 left-handed, SPCONV_EINVAL if s is invalid */
SPCONV_NODISCARD SPCONV_API int spconv_axis_system_is_right_handed(spconv_axis_system s);
#endif
/* *res = system with the given forward and up axes and handedness */
SPCONV_NODISCARD SPCONV_API int spconv_axis_system_from_forward_up(spconv_axis_system *res,
                                                                   spconv_signed_axis forward,
                                                                   spconv_signed_axis up,
                                                                   int right_handed);
/* rotation M (row-major, v_to = M v_from) as Blender's axis_conversion */
SPCONV_NODISCARD SPCONV_API int spconv_axis_conversion(spconv_real res[9],
                                                       spconv_signed_axis from_forward,
                                                       spconv_signed_axis from_up,
                                                       spconv_signed_axis to_forward,
                                                       spconv_signed_axis to_up);
/* *res = system `from` carried through signed permutation M */
SPCONV_NODISCARD SPCONV_API int spconv_axis_system_from_matrix(spconv_axis_system *res,
                                                               const spconv_real M[9],
                                                               spconv_axis_system from);
/* *res = axis system of a named convention (preset) */
SPCONV_NODISCARD SPCONV_API int spconv_axis_system_preset(spconv_axis_system *res,
                                                          spconv_axis_preset preset);
/* M (row-major, v_to = M v_from) between two axis presets */
SPCONV_NODISCARD SPCONV_API int spconv_axis_preset_matrix(spconv_real res[9],
                                                          spconv_axis_preset from,
                                                          spconv_axis_preset to);
/* res = M v: polar vectors (positions, velocities, forces) */
SPCONV_API void spconv_vec_change_axes(spconv_real res[3], const spconv_real M[9],
                                       const spconv_real v[3]);
/* res = (det M) M w: pseudovectors (angular velocity, torque, rotvec) */
SPCONV_API void spconv_pseudovec_change_axes(spconv_real res[3], const spconv_real M[9],
                                             const spconv_real w[3]);
/* res = M R M^T: rotation (row-major) with both sides in the new axes */
SPCONV_API void spconv_mat_change_axes(spconv_real res[9], const spconv_real M[9],
                                       const spconv_real R[9]);
/* res = M I M^T: inertia tensor (row-major) */
SPCONV_API void spconv_inertia_change_axes(spconv_real res[9], const spconv_real M[9],
                                           const spconv_real I[9]);
/* res = |M| s: per-axis scales or sizes, permuted, never sign-flipped */
SPCONV_API void spconv_scale_change_axes(spconv_real res[3], const spconv_real M[9],
                                         const spconv_real s[3]);
/* q (wxyz) -> (w, (det M) M v): the rotation M R(q) M^T */
SPCONV_API void spconv_quat_wxyz_change_axes(spconv_real res[4], const spconv_real M[9],
                                             const spconv_real q_wxyz[4]);
/* q (xyzw) -> the rotation M R(q) M^T, as spconv_quat_wxyz_change_axes */
SPCONV_API void spconv_quat_xyzw_change_axes(spconv_real res[4], const spconv_real M[9],
                                             const spconv_real q_xyzw[4]);
/* pose [p; q_wxyz] -> [M p; (w, (det M) M v)] */
SPCONV_API void spconv_pose_wxyz_change_axes(spconv_real res[7], const spconv_real M[9],
                                             const spconv_real pose[7]);
/* pose [p; q_xyzw] (Warp / Newton transform) -> [M p; rotated q] */
SPCONV_API void spconv_pose_xyzw_change_axes(spconv_real res[7], const spconv_real M[9],
                                             const spconv_real pose[7]);
/* 4x4 transform [A p; 0 1] (stored as layout says) -> [M A M^T, k M p; 0 1] */
SPCONV_NODISCARD SPCONV_API int spconv_transform_change_axes(spconv_real res[16],
                                                             const spconv_real M[9],
                                                             const spconv_real T[16], spconv_real k,
                                                             spconv_mat4_layout layout);
/* twist or wrench [a; b] (any point) -> [M a; (det M) M b] */
SPCONV_API void spconv_spatial_change_axes(spconv_real res[6], const spconv_real M[9],
                                           const spconv_real x[6]);
/* orientation R (body -> world, row-major), world axes only: res = M R */
SPCONV_NODISCARD SPCONV_API int spconv_mat_change_world_axes(spconv_real res[9],
                                                             const spconv_real M[9],
                                                             const spconv_real R[9]);
/* orientation q (wxyz, body -> world), world axes only: res = q_M q */
SPCONV_NODISCARD SPCONV_API int spconv_quat_wxyz_change_world_axes(spconv_real res[4],
                                                                   const spconv_real M[9],
                                                                   const spconv_real q_wxyz[4]);
/* q (wxyz, body -> world) -> M_world R M_body^T */
SPCONV_NODISCARD SPCONV_API int spconv_quat_wxyz_change_world_body_axes(
    spconv_real res[4], const spconv_real M_world[9], const spconv_real M_body[9],
    const spconv_real q_wxyz[4]);
/* gravity: -magnitude along the signed up axis, 0 along the others */
SPCONV_NODISCARD SPCONV_API int spconv_gravity_signed(spconv_real res[3], spconv_signed_axis up,
                                                      spconv_real magnitude);
/* gravity for a +up world: -magnitude along up ((0, 0, -9.81) for Z-up) */
SPCONV_NODISCARD SPCONV_API int spconv_gravity(spconv_real res[3], spconv_axis up,
                                               spconv_real magnitude);

/* ----------------------------------------------------------------- >>shapes */
#ifndef SPCONV_NO_SHAPES
/* `to` size and res_q_wxyz (q_to = q_from res_q) of the same shape given in `from` */
SPCONV_NODISCARD SPCONV_API int spconv_shape_convert(spconv_real res_size[3],
                                                     spconv_real res_q_wxyz[4],
                                                     const spconv_real size[3],
                                                     spconv_shape_type type,
                                                     spconv_shape_format from,
                                                     spconv_axis from_axis,
                                                     spconv_shape_format to, spconv_axis to_axis);
/* *res = volume of a shape from the parameters of `format` */
SPCONV_NODISCARD SPCONV_API int spconv_shape_volume(spconv_real *res, const spconv_real size[3],
                                                    spconv_shape_type type,
                                                    spconv_shape_format format,
                                                    spconv_axis axis);
/* centre of mass of a uniform solid shape in its own frame */
SPCONV_NODISCARD SPCONV_API int spconv_shape_com(spconv_real res[3], const spconv_real size[3],
                                                 spconv_shape_type type, spconv_shape_format format,
                                                 spconv_axis axis);
/* geom frame (pos, wxyz, half length) of MuJoCo fromto (a; b) */
SPCONV_NODISCARD SPCONV_API int spconv_pose_from_mujoco_fromto(spconv_real res_pos[3],
                                                               spconv_real res_q_wxyz[4],
                                                               spconv_real *res_half_length,
                                                               const spconv_real fromto[6]);
/* M (row-major) from a file's mesh axes to a Z-up world, up axis only */
SPCONV_NODISCARD SPCONV_API int spconv_asset_import_matrix(spconv_real res[9],
                                                           spconv_asset_format format,
                                                           int file_is_z_up);
/* unit wxyz of spconv_asset_import_matrix */
SPCONV_NODISCARD SPCONV_API int spconv_asset_import_quat_wxyz(spconv_real res[4],
                                                              spconv_asset_format format,
                                                              int file_is_z_up);
/* M (v_to = M v_from) from a mesh file's axes to preset `to`, facing kept */
SPCONV_NODISCARD SPCONV_API int spconv_asset_axes_matrix(spconv_real res[9],
                                                         spconv_asset_format format,
                                                         int file_is_z_up, spconv_axis_preset to);
#endif /* !SPCONV_NO_SHAPES */

/* ---------------------------------------------------------------- >>spatial */
/* twist [v; w] at A -> at B, r = p_B - p_A: v += w x r */
SPCONV_API void spconv_twist_shift(spconv_real res[6], const spconv_real twist[6],
                                   const spconv_real r[3]);
/* n twists [v; w] (6n) shifted by n offsets r (3n) */
SPCONV_API void spconv_twist_shift_n(spconv_real *res, const spconv_real *twist,
                                     const spconv_real *r, size_t n);
/* wrench [f; tau] about A -> about B, r = p_B - p_A: tau -= r x f */
SPCONV_API void spconv_wrench_shift(spconv_real res[6], const spconv_real wrench[6],
                                    const spconv_real r[3]);
/* n wrenches [f; tau] (6n) shifted by n offsets r (3n) */
SPCONV_API void spconv_wrench_shift_n(spconv_real *res, const spconv_real *wrench,
                                      const spconv_real *r, size_t n);
/* [a; b] -> [b; a]: linear-first <-> angular-first */
SPCONV_API void spconv_spatial_swap(spconv_real res[6], const spconv_real x[6]);
/* [a; b] -> [R a; R b] (R row-major, old axes -> new); point unchanged */
SPCONV_API void spconv_spatial_rotate(spconv_real res[6], const spconv_real R[9],
                                      const spconv_real x[6]);
/* f.v + tau.w of wrench [f; tau] on twist [v; w] (same point and axes) */
SPCONV_API spconv_real spconv_power(const spconv_real wrench[6], const spconv_real twist[6]);
/* spatial [a_P - w x v_P; alpha] from classical [a_P; alpha], twist [v_P; w] */
SPCONV_API void spconv_spatial_accel_from_classical(spconv_real res[6],
                                                    const spconv_real accel[6],
                                                    const spconv_real twist[6]);
/* classical [a_P; alpha] from spatial [a_sp; alpha]: a_P = a_sp + w x v_P */
SPCONV_API void spconv_classical_accel_from_spatial(spconv_real res[6],
                                                    const spconv_real accel[6],
                                                    const spconv_real twist[6]);
/* classical [a; alpha] at A -> at B: a_B = a_A + alpha x r + w x (w x r) */
SPCONV_API void spconv_classical_accel_shift(spconv_real res[6], const spconv_real accel[6],
                                             const spconv_real w[3], const spconv_real r[3]);

/* ------------------------------------------------------------------- >>se3 */
/* pose [p; q_wxyz] from the same pose stored [p; q_xyzw] (p copied) */
SPCONV_API void spconv_pose_wxyz_from_xyzw(spconv_real res[7], const spconv_real pose_xyzw[7]);
/* pose [p; q_xyzw] from the same pose stored [p; q_wxyz] (p copied) */
SPCONV_API void spconv_pose_xyzw_from_wxyz(spconv_real res[7], const spconv_real pose_wxyz[7]);
/* n contiguous poses (7n reals), [p; q_xyzw] -> [p; q_wxyz]; res may equal pose_xyzw */
SPCONV_API void spconv_pose_wxyz_from_xyzw_n(spconv_real *res, const spconv_real *pose_xyzw,
                                             size_t n);
/* n contiguous poses (7n reals), [p; q_wxyz] -> [p; q_xyzw]; res may equal pose_wxyz */
SPCONV_API void spconv_pose_xyzw_from_wxyz_n(spconv_real *res, const spconv_real *pose_wxyz,
                                             size_t n);
/* pose a b = [p_a + R_a p_b; q_a q_b] ([p; q_wxyz], b given in a's frame) */
SPCONV_API void spconv_pose_mul_wxyz(spconv_real res[7], const spconv_real a[7],
                                     const spconv_real b[7]);
/* pose^-1 = [-R^T p; conj(q) / |q|^2] ([p; q_wxyz]) */
SPCONV_API void spconv_pose_inv_wxyz(spconv_real res[7], const spconv_real pose[7]);
/* R point + p: a point of the frame in the parent ([p; q_wxyz]) */
SPCONV_API void spconv_pose_transform_point_wxyz(spconv_real res[3], const spconv_real pose[7],
                                                 const spconv_real point[3]);
/* R v: a direction of the frame in the parent's axes ([p; q_wxyz]) */
SPCONV_API void spconv_pose_rotate_vec_wxyz(spconv_real res[3], const spconv_real pose[7],
                                            const spconv_real v[3]);
/* a^-1 b: pose b in frame a ([p; q_wxyz]) */
SPCONV_API void spconv_pose_relative_wxyz(spconv_real res[7], const spconv_real a[7],
                                          const spconv_real b[7]);
/* p lerp, q slerp (unit, shortest arc) a fraction t from a to b ([p; q_wxyz]) */
SPCONV_API void spconv_pose_interp_wxyz(spconv_real res[7], const spconv_real a[7],
                                        const spconv_real b[7], spconv_real t);
/* 4x4 [R p; 0 1] of pose [p; q_wxyz], row- or column-major as layout says */
SPCONV_NODISCARD SPCONV_API int spconv_mat4_from_pose_wxyz(spconv_real res[16],
                                                           const spconv_real pose[7],
                                                           spconv_mat4_layout layout);
/* pose [p; unit canonical q_wxyz] of a 4x4 [R p; 0 1]; EINVAL if not rigid */
SPCONV_NODISCARD SPCONV_API int spconv_pose_wxyz_from_mat4(spconv_real res[7],
                                                           const spconv_real T[16],
                                                           spconv_mat4_layout layout);
/* 6x6 Ad_T (row-major): twist at B's origin, B axes -> at A's origin, A axes */
SPCONV_NODISCARD SPCONV_API int spconv_adjoint_twist_matrix_wxyz(spconv_real res[36],
                                                                 const spconv_real pose[7],
                                                                 spconv_order order);
/* 6x6 Ad_T^-T (row-major): wrench about B's origin, B axes -> about A's, A axes */
SPCONV_NODISCARD SPCONV_API int spconv_adjoint_wrench_matrix_wxyz(spconv_real res[36],
                                                                  const spconv_real pose[7],
                                                                  spconv_order order);
/* Ad_T twist at B's origin, B axes -> at A's, A axes (B in A): [R v + p x R w; R w] (order) */
SPCONV_NODISCARD SPCONV_API int spconv_twist_transform_wxyz(spconv_real res[6],
                                                            const spconv_real pose[7],
                                                            const spconv_real twist[6],
                                                            spconv_order order);
/* Ad_T^-T wrench about B's origin, B axes -> A's (B in A): [R f; R tau + p x R f] (order) */
SPCONV_NODISCARD SPCONV_API int spconv_wrench_transform_wxyz(spconv_real res[6],
                                                             const spconv_real pose[7],
                                                             const spconv_real wrench[6],
                                                             spconv_order order);
/* twist x twist at one point, one axes: [w x v_m + v x w_m; w x w_m] (order) */
SPCONV_NODISCARD SPCONV_API int spconv_twist_cross(spconv_real res[6], const spconv_real twist[6],
                                                   const spconv_real m[6], spconv_order order);
/* twist x* wrench at one point, one axes: [w x f; w x tau + v x f] (order) */
SPCONV_NODISCARD SPCONV_API int spconv_wrench_cross(spconv_real res[6],
                                                    const spconv_real twist[6],
                                                    const spconv_real wrench[6],
                                                    spconv_order order);
/* pose [p; unit q_wxyz] = exp(dt twist^): twist at the origin, stored as order says */
SPCONV_NODISCARD SPCONV_API int spconv_pose_exp_wxyz(spconv_real res[7],
                                                     const spconv_real twist[6],
                                                     spconv_real dt, spconv_order order);
/* twist = log(pose [p; q_wxyz]) at the origin, |w| <= pi, stored as order says */
SPCONV_NODISCARD SPCONV_API int spconv_twist_log_wxyz(spconv_real res[6],
                                                      const spconv_real pose[7],
                                                      spconv_order order);

/* --------------------------------------------------------------- >>inertia */
/* R diag(d) R^T (row-major), R of iquat: MuJoCo body_inertia + body_iquat */
SPCONV_API void spconv_inertia_from_principal(spconv_real res[9], const spconv_real diag[3],
                                              const spconv_real iquat_wxyz[4]);
/* moments (decreasing) and unit canonical iquat of a symmetric I (Jacobi) */
SPCONV_NODISCARD SPCONV_API int spconv_principal_from_inertia(spconv_real res_diag[3],
                                                              spconv_real res_iquat_wxyz[4],
                                                              const spconv_real I[9]);
/* tensor about A -> about B = A + r, com = C - A (both in the tensor's axes) */
SPCONV_API void spconv_inertia_shift(spconv_real res[9], const spconv_real I[9],
                                     spconv_real mass, const spconv_real com[3],
                                     const spconv_real r[3]);
/* 6x6 spatial inertia about the origin, [v_O; w] -> [p; L_O], com = C - O */
SPCONV_API void spconv_spatial_inertia(spconv_real res[36], spconv_real mass,
                                       const spconv_real com[3], const spconv_real I_com[9]);
/* 6x6 [v; w] -> [p; L] inertia about B's origin, B axes -> A's (B in A): Ad^-T I Ad^-1 */
SPCONV_API void spconv_spatial_inertia_transform_wxyz(spconv_real res[36],
                                                      const spconv_real pose[7],
                                                      const spconv_real I_spatial[36]);
/* 1/2 V^T M V of twist [v_O; w] at the origin, com = C - O */
SPCONV_API spconv_real spconv_kinetic_energy(spconv_real mass, const spconv_real com[3],
                                             const spconv_real I_com[9],
                                             const spconv_real twist[6]);

/* ---------------------------------------------------------------- >>engines */
/* 6-vector convention of preset id; all fields 0 for an unknown id */
SPCONV_API spconv_convention spconv_convention_from_preset(spconv_preset_id id);
/* lower-case name of preset id ("mujoco_free", ...); NULL if unknown */
SPCONV_API const char *spconv_preset_id_name(spconv_preset_id id);
/* twist stored under `from` -> under `to`, for body `body` */
SPCONV_NODISCARD SPCONV_API int spconv_twist_convert(spconv_real res[6],
                                                     const spconv_convention *to,
                                                     const spconv_real twist[6],
                                                     const spconv_convention *from,
                                                     const spconv_body *body);
/* wrench stored under `from` -> under `to` (power-conjugate of twist_convert) */
SPCONV_NODISCARD SPCONV_API int spconv_wrench_convert(spconv_real res[6],
                                                      const spconv_convention *to,
                                                      const spconv_real wrench[6],
                                                      const spconv_convention *from,
                                                      const spconv_body *body);
/* 6x6 row-major M of spconv_twist_convert: x_to = M x_from */
SPCONV_NODISCARD SPCONV_API int spconv_twist_convert_matrix(spconv_real res[36],
                                                            const spconv_convention *to,
                                                            const spconv_convention *from,
                                                            const spconv_body *body);
/* 6x6 row-major matrix of spconv_wrench_convert */
SPCONV_NODISCARD SPCONV_API int spconv_wrench_convert_matrix(spconv_real res[36],
                                                             const spconv_convention *to,
                                                             const spconv_convention *from,
                                                             const spconv_body *body);
/* 6 x ncols Jacobian (row- or column-major per layout) under `from` -> under `to`, for body */
SPCONV_NODISCARD SPCONV_API int spconv_jacobian_convert(spconv_real *res,
                                                        const spconv_convention *to,
                                                        const spconv_real *J,
                                                        const spconv_convention *from,
                                                        const spconv_body *body, size_t ncols,
                                                        spconv_mat4_layout layout);
/* n bodies' 6 x ncols Jacobians (one after another) `from` -> `to`, body i for Jacobian i */
SPCONV_NODISCARD SPCONV_API int spconv_jacobian_convert_n(spconv_real *res,
                                                          const spconv_convention *to,
                                                          const spconv_real *J,
                                                          const spconv_convention *from,
                                                          const spconv_body *body, size_t ncols,
                                                          spconv_mat4_layout layout, size_t n);
/* acceleration under `from` -> under `to`, given the body's twist under `from` */
SPCONV_NODISCARD SPCONV_API int spconv_accel_convert(spconv_real res[6],
                                                     const spconv_convention *to,
                                                     const spconv_real accel[6],
                                                     const spconv_convention *from,
                                                     const spconv_real twist[6],
                                                     const spconv_body *body);

/* ----------------------------------------------------------------- >>states */
/* state convention (pose and 6-vectors) of preset id; 0 if unknown */
SPCONV_API spconv_state_convention spconv_state_convention_from_preset(spconv_preset_id id);
/* body (unit quats) whose pose under `from` is pose, COM com, iquat; iquat_wxyz NULL: identity */
SPCONV_NODISCARD SPCONV_API int spconv_body_from_pose(spconv_body *res, const spconv_real pose[7],
                                                      const spconv_pose_convention *from,
                                                      const spconv_real com[3],
                                                      const spconv_real iquat_wxyz[4]);
/* pose [p; q] (7 reals, unit q) of body stored under `to` */
SPCONV_NODISCARD SPCONV_API int spconv_pose_from_body(spconv_real res[7],
                                                      const spconv_pose_convention *to,
                                                      const spconv_body *body);
/* pose under `from` -> under `to`, for COM com and iquat (body axes); iquat_wxyz NULL: identity */
SPCONV_NODISCARD SPCONV_API int spconv_pose_convert(spconv_real res[7],
                                                    const spconv_pose_convention *to,
                                                    const spconv_real pose[7],
                                                    const spconv_pose_convention *from,
                                                    const spconv_real com[3],
                                                    const spconv_real iquat_wxyz[4]);
/* pose and twist `from` -> `to`, for COM com and iquat (body axes); iquat_wxyz NULL: identity */
SPCONV_NODISCARD SPCONV_API int spconv_state_convert(
    spconv_real res_pose[7], spconv_real res_twist[6], const spconv_state_convention *to,
    const spconv_real pose[7], const spconv_real twist[6], const spconv_state_convention *from,
    const spconv_real com[3], const spconv_real iquat_wxyz[4]);
/* n bodies' states (strided as engines store them) `from` -> `to`; iquat_wxyz NULL: identity */
SPCONV_NODISCARD SPCONV_API int spconv_state_convert_n(
    spconv_real *res_pose, size_t res_pose_stride, spconv_real *res_twist,
    size_t res_twist_stride, const spconv_state_convention *to, const spconv_real *pose,
    size_t pose_stride, const spconv_real *twist, size_t twist_stride,
    const spconv_state_convention *from, const spconv_real *com, const spconv_real *iquat_wxyz,
    size_t n);
/* n twists `from` -> `to`, each at its pose under pose_convention; iquat_wxyz NULL: identity */
SPCONV_NODISCARD SPCONV_API int spconv_twist_convert_n(
    spconv_real *res, size_t res_stride, const spconv_convention *to, const spconv_real *twist,
    size_t twist_stride, const spconv_convention *from, const spconv_real *pose,
    size_t pose_stride, const spconv_pose_convention *pose_convention, const spconv_real *com,
    const spconv_real *iquat_wxyz, size_t n);
/* n bodies' wrenches `from` -> `to`, as spconv_twist_convert_n; iquat_wxyz NULL: identity */
SPCONV_NODISCARD SPCONV_API int spconv_wrench_convert_n(
    spconv_real *res, size_t res_stride, const spconv_convention *to, const spconv_real *wrench,
    size_t wrench_stride, const spconv_convention *from, const spconv_real *pose,
    size_t pose_stride, const spconv_pose_convention *pose_convention, const spconv_real *com,
    const spconv_real *iquat_wxyz, size_t n);
/* wrench under `to` of force at point + couple, in `frame`; torque NULL: 0, point NULL: the COM */
SPCONV_NODISCARD SPCONV_API int spconv_wrench_from_force_at_point(
    spconv_real res[6], const spconv_convention *to, const spconv_real force[3],
    const spconv_real torque[3], const spconv_real point[3], spconv_frame frame,
    const spconv_body *body);
/* force and torque about a point (in `frame`) of a wrench under `from`; point NULL: the COM */
SPCONV_NODISCARD SPCONV_API int spconv_force_at_point_from_wrench(
    spconv_real res_force[3], spconv_real res_torque[3], const spconv_real wrench[6],
    const spconv_convention *from, const spconv_real point[3], spconv_frame frame,
    const spconv_body *body);

/* ----------------------------------------------------------------- >>mujoco */
#ifndef SPCONV_NO_MUJOCO
/* twist [v_COM world; w world] from free-joint qvel [v_origin world; w body] */
SPCONV_API void spconv_twist_from_mujoco_qvel(spconv_real res[6], const spconv_real qvel[6],
                                              const spconv_real q_wxyz[4],
                                              const spconv_real ipos[3]);
/* n COM twists (6n) from free-joint qvel (6n); quaternion i at quat_wxyz + quat_stride i */
SPCONV_NODISCARD SPCONV_API int spconv_twist_from_mujoco_qvel_n(
    spconv_real *res, const spconv_real *qvel, const spconv_real *quat_wxyz, size_t quat_stride,
    const spconv_real *ipos, size_t n);
/* free-joint qvel [v_origin world; w body] from twist [v_COM world; w world] */
SPCONV_API void spconv_mujoco_qvel_from_twist(spconv_real res[6], const spconv_real twist[6],
                                              const spconv_real q_wxyz[4],
                                              const spconv_real ipos[3]);
/* n free-joint qvel (6n) from COM twists (6n); quaternion i at quat_wxyz + quat_stride i */
SPCONV_NODISCARD SPCONV_API int spconv_mujoco_qvel_from_twist_n(
    spconv_real *res, const spconv_real *twist, const spconv_real *quat_wxyz, size_t quat_stride,
    const spconv_real *ipos, size_t n);
/* free-joint qfrc [f world; tau_origin body] from wrench [f; tau_COM] (world) */
SPCONV_API void spconv_mujoco_qfrc_from_wrench(spconv_real res[6], const spconv_real wrench[6],
                                               const spconv_real q_wxyz[4],
                                               const spconv_real ipos[3]);
/* n free-joint qfrc (6n) from COM wrenches (6n); quaternion i at quat_wxyz + quat_stride i */
SPCONV_NODISCARD SPCONV_API int spconv_mujoco_qfrc_from_wrench_n(
    spconv_real *res, const spconv_real *wrench, const spconv_real *quat_wxyz, size_t quat_stride,
    const spconv_real *ipos, size_t n);
/* wrench [f; tau_COM] (world) from free-joint qfrc [f world; tau_origin body] */
SPCONV_API void spconv_wrench_from_mujoco_qfrc(spconv_real res[6], const spconv_real qfrc[6],
                                               const spconv_real q_wxyz[4],
                                               const spconv_real ipos[3]);
/* n COM wrenches (6n) from free-joint qfrc (6n); quaternion i at quat_wxyz + quat_stride i */
SPCONV_NODISCARD SPCONV_API int spconv_wrench_from_mujoco_qfrc_n(
    spconv_real *res, const spconv_real *qfrc, const spconv_real *quat_wxyz, size_t quat_stride,
    const spconv_real *ipos, size_t n);
/* twist [v_P; w] (world) at point P from cvel [w; v] (world, at subtree_com) */
SPCONV_API void spconv_twist_from_mujoco_cvel(spconv_real res[6], const spconv_real cvel[6],
                                              const spconv_real point[3],
                                              const spconv_real subtree_com[3]);
/* twist under `to` from cvel [w; v_S] (world, at subtree_com S) */
SPCONV_NODISCARD SPCONV_API int spconv_twist_from_mujoco_cframe(spconv_real res[6],
                                                                const spconv_convention *to,
                                                                const spconv_real cvel[6],
                                                                const spconv_real subtree_com[3],
                                                                const spconv_body *body);
/* cvel-layout [w; v_S] (world, at subtree_com S) from a twist under `from` */
SPCONV_NODISCARD SPCONV_API int spconv_mujoco_cframe_from_twist(spconv_real res[6],
                                                                const spconv_real subtree_com[3],
                                                                const spconv_real twist[6],
                                                                const spconv_convention *from,
                                                                const spconv_body *body);
/* wrench under `to` from cfrc [tau_S; f] (world, about subtree_com S) */
SPCONV_NODISCARD SPCONV_API int spconv_wrench_from_mujoco_cframe(spconv_real res[6],
                                                                 const spconv_convention *to,
                                                                 const spconv_real cfrc[6],
                                                                 const spconv_real subtree_com[3],
                                                                 const spconv_body *body);
/* cfrc-layout [tau_S; f] (world, about subtree_com S) from a wrench under `from` */
SPCONV_NODISCARD SPCONV_API int spconv_mujoco_cframe_from_wrench(spconv_real res[6],
                                                                 const spconv_real subtree_com[3],
                                                                 const spconv_real wrench[6],
                                                                 const spconv_convention *from,
                                                                 const spconv_body *body);
/* acceleration under `to` from cacc [alpha; a_sp] and cvel (world, at S) */
SPCONV_NODISCARD SPCONV_API int spconv_accel_from_mujoco_cframe(spconv_real res[6],
                                                                const spconv_convention *to,
                                                                const spconv_real cacc[6],
                                                                const spconv_real cvel[6],
                                                                const spconv_real subtree_com[3],
                                                                const spconv_body *body);
/* cacc-layout [alpha; a_sp] (world, at S) from an acceleration under `from` */
SPCONV_NODISCARD SPCONV_API int spconv_mujoco_cframe_from_accel(spconv_real res[6],
                                                                const spconv_real subtree_com[3],
                                                                const spconv_real accel[6],
                                                                const spconv_convention *from,
                                                                const spconv_real twist[6],
                                                                const spconv_body *body);
#endif /* !SPCONV_NO_MUJOCO */

/* -------------------------------------------------------------------- >>sap */
#ifndef SPCONV_NO_SAP
/* sap twist [w; v_O] from public [v_C; w]; r_oc = C - O, world */
SPCONV_API void spconv_sap_twist_from_public(spconv_real res[6], const spconv_real u_public[6],
                                             const spconv_real r_oc[3]);
/* n sap twists [w; v_O] from public [v_C; w] (6n); r_oc per body (3n) */
SPCONV_API void spconv_sap_twist_from_public_n(spconv_real *res, const spconv_real *u_public,
                                               const spconv_real *r_oc, size_t n);
/* public twist [v_C; w] from sap [w; v_O]; r_oc = C - O, world */
SPCONV_API void spconv_public_twist_from_sap(spconv_real res[6], const spconv_real u_sap[6],
                                             const spconv_real r_oc[3]);
/* n public twists [v_C; w] from sap [w; v_O] (6n); r_oc per body (3n) */
SPCONV_API void spconv_public_twist_from_sap_n(spconv_real *res, const spconv_real *u_sap,
                                               const spconv_real *r_oc, size_t n);
/* sap wrench [tau_O; f] from public [f; tau_C]; r_oc = C - O, world */
SPCONV_API void spconv_sap_wrench_from_public(spconv_real res[6], const spconv_real g_public[6],
                                              const spconv_real r_oc[3]);
/* n sap wrenches [tau_O; f] from public [f; tau_C] (6n); r_oc per body (3n) */
SPCONV_API void spconv_sap_wrench_from_public_n(spconv_real *res, const spconv_real *g_public,
                                                const spconv_real *r_oc, size_t n);
/* public wrench [f; tau_C] from sap [tau_O; f]; r_oc = C - O, world */
SPCONV_API void spconv_public_wrench_from_sap(spconv_real res[6], const spconv_real g_sap[6],
                                              const spconv_real r_oc[3]);
/* n public wrenches [f; tau_C] from sap [tau_O; f] (6n); r_oc per body (3n) */
SPCONV_API void spconv_public_wrench_from_sap_n(spconv_real *res, const spconv_real *g_sap,
                                                const spconv_real *r_oc, size_t n);
/* SAP residual -P_f F = [-(tau_C + r_oc x f); -f] from public [f; tau_C] */
SPCONV_API void spconv_sap_body_force_from_public(spconv_real res[6],
                                                  const spconv_real f_public[6],
                                                  const spconv_real r_oc[3]);
/* n SAP residuals -P_f F from public body wrenches (6n); r_oc per body (3n) */
SPCONV_API void spconv_sap_body_force_from_public_n(spconv_real *res, const spconv_real *f_public,
                                                    const spconv_real *r_oc, size_t n);
/* public body wrench [f; tau_C] from SAP residual [-tau_O; -f] */
SPCONV_API void spconv_public_body_force_from_sap(spconv_real res[6],
                                                  const spconv_real f_sap[6],
                                                  const spconv_real r_oc[3]);
/* n public body wrenches from SAP residuals (6n); r_oc per body (3n) */
SPCONV_API void spconv_public_body_force_from_sap_n(spconv_real *res, const spconv_real *f_sap,
                                                    const spconv_real *r_oc, size_t n);
/* P_v = [0 I; I [r_oc]x] (6x6 row-major): u_sap = P_v u_public */
SPCONV_API void spconv_sap_twist_matrix(spconv_real res[36], const spconv_real r_oc[3]);
/* P_f = [[r_oc]x I; I 0] = P_v^-T (6x6 row-major): g_sap = P_f g_public */
SPCONV_API void spconv_sap_wrench_matrix(spconv_real res[36], const spconv_real r_oc[3]);
#endif /* !SPCONV_NO_SAP */

/* ----------------------------------------------------------------- >>arrays */
/* joint_q scalars of a joint type (lin_axes, ang_axes read for D6 only) */
SPCONV_NODISCARD SPCONV_API int spconv_joint_q_size(spconv_joint_type joint_type, int lin_axes,
                                                    int ang_axes);
/* joint_qd (and joint_f) scalars of a joint type; as spconv_joint_q_size */
SPCONV_NODISCARD SPCONV_API int spconv_joint_qd_size(spconv_joint_type joint_type, int lin_axes,
                                                     int ang_axes);
/* SPCONV_OK when L is a consistent layout, else SPCONV_EINVAL */
SPCONV_NODISCARD SPCONV_API int spconv_joint_layout_check(const spconv_joint_layout *L);
/* whole joint_q, Warp's xyzw quaternions -> MuJoCo's wxyz; rest copied */
SPCONV_NODISCARD SPCONV_API int spconv_joint_q_wxyz_from_xyzw(spconv_real *res,
                                                              const spconv_real *joint_q,
                                                              const spconv_joint_layout *L);
/* whole joint_q, wxyz quaternions -> Warp's xyzw; rest copied */
SPCONV_NODISCARD SPCONV_API int spconv_joint_q_xyzw_from_wxyz(spconv_real *res,
                                                              const spconv_real *joint_q,
                                                              const spconv_joint_layout *L);
#ifndef SPCONV_NO_SAP /* the SAP boundary over whole arrays */
/* whole joint_qd public -> sap (P_v on free and distance joints) */
SPCONV_NODISCARD SPCONV_API int spconv_sap_joint_qd_from_public(spconv_real *res,
                                                                const spconv_real *joint_qd,
                                                                const spconv_joint_layout *L,
                                                                const spconv_real *body_q,
                                                                const spconv_real *body_com);
/* whole joint_qd sap -> public (P_v^-1 on free and distance joints) */
SPCONV_NODISCARD SPCONV_API int spconv_public_joint_qd_from_sap(spconv_real *res,
                                                                const spconv_real *joint_qd,
                                                                const spconv_joint_layout *L,
                                                                const spconv_real *body_q,
                                                                const spconv_real *body_com);
/* whole joint_f public -> sap (P_f on free and distance joints) */
SPCONV_NODISCARD SPCONV_API int spconv_sap_joint_f_from_public(spconv_real *res,
                                                               const spconv_real *joint_f,
                                                               const spconv_joint_layout *L,
                                                               const spconv_real *body_q,
                                                               const spconv_real *body_com);
/* whole joint_f sap -> public (P_f^-1 on free and distance joints) */
SPCONV_NODISCARD SPCONV_API int spconv_public_joint_f_from_sap(spconv_real *res,
                                                               const spconv_real *joint_f,
                                                               const spconv_joint_layout *L,
                                                               const spconv_real *body_q,
                                                               const spconv_real *body_com);
/* packed body_f (6 per body) public [f; tau_C] -> SAP residual -P_f F */
SPCONV_NODISCARD SPCONV_API int spconv_sap_body_force_from_public_packed(
    spconv_real *res, const spconv_real *body_f, const spconv_real *body_q,
    const spconv_real *body_com, size_t body_count);
/* packed body_f (6 per body) SAP residual -> public [f; tau_C] */
SPCONV_NODISCARD SPCONV_API int spconv_public_body_force_from_sap_packed(
    spconv_real *res, const spconv_real *body_f, const spconv_real *body_q,
    const spconv_real *body_com, size_t body_count);
/* SAP boundary steps 1-3 in place: flagged PUBLIC -> sap; joint_qd, joint_f, body_f NULL: skipped */
SPCONV_NODISCARD SPCONV_API int spconv_sap_boundary_in(spconv_real *joint_qd, spconv_real *joint_f,
                                                       spconv_real *body_f,
                                                       const spconv_joint_layout *L,
                                                       const spconv_real *body_q,
                                                       const spconv_real *body_com,
                                                       spconv_sap_order joint_qd_order,
                                                       spconv_sap_order joint_f_order,
                                                       spconv_sap_order body_f_order);
/* SAP boundary step 5 in place: joint_qd back to public if flagged PUBLIC */
SPCONV_NODISCARD SPCONV_API int spconv_sap_boundary_out(spconv_real *joint_qd,
                                                        const spconv_joint_layout *L,
                                                        const spconv_real *body_q,
                                                        const spconv_real *body_com,
                                                        spconv_sap_order joint_qd_order);
#endif /* !SPCONV_NO_SAP */
/* SPCONV_OK when perm (n entries) is a permutation of 0..n-1 */
SPCONV_NODISCARD SPCONV_API int spconv_perm_check(const int *perm, size_t n);
/* spconv_perm_check in one pass with caller scratch of (n + 7) / 8 bytes */
SPCONV_NODISCARD SPCONV_API int spconv_perm_check_scratch(const int *perm, size_t n,
                                                          unsigned char *scratch);
/* res[perm[i]] = i: the inverse permutation (res may equal perm) */
SPCONV_NODISCARD SPCONV_API int spconv_perm_inverse(int *res, const int *perm, size_t n);
/* res[i] = in[perm[i]] (source order -> target order) */
SPCONV_NODISCARD SPCONV_API int spconv_perm_gather(spconv_real *res, const spconv_real *in,
                                                   const int *perm,
                                                   size_t n);
/* res[t][i][c] = x[t][perm[i]][c] for x[frames][n][stride] */
SPCONV_NODISCARD SPCONV_API int spconv_perm_gather_frames(spconv_real *res, const spconv_real *x,
                                                          const int *perm, size_t frames, size_t n,
                                                          size_t stride);
/* parent array after reordering bodies by perm (-1 roots kept) */
SPCONV_NODISCARD SPCONV_API int spconv_perm_gather_parents(int *res, const int *parents,
                                                           const int *perm,
                                                           size_t n);

/* ----------------------------------------------------------------- >>motion */
#ifndef SPCONV_NO_MOTION
/* whole clip: world axes by M_world, body axes by M_body, lengths by k */
SPCONV_NODISCARD SPCONV_API int spconv_motion_clip_convert(spconv_motion_clip *res,
                                                           const spconv_motion_clip *in,
                                                           const spconv_real M_world[9],
                                                           const spconv_real M_body[9],
                                                           spconv_real k);
/* res[T][3] = velocity of positions pos[T][3] (finite differences, dt) */
SPCONV_NODISCARD SPCONV_API int spconv_motion_linvel(spconv_real *res, const spconv_real *pos,
                                                     int frames,
                                                     spconv_real dt, spconv_motion_diff method);
/* res[T][3] = w of q[T][4] (body -> world), body axes if body; EDEGENERATE: a zero frame */
SPCONV_NODISCARD SPCONV_API int spconv_motion_angvel(spconv_real *res, const spconv_real *q,
                                                     int frames,
                                                     spconv_real dt, spconv_rot_format q_format,
                                                     int body,
                                                     spconv_motion_diff method);
/* seq, kind (intrinsic) of a BVH CHANNELS list's rotations; rot_index, n_channels NULL: not written */
SPCONV_NODISCARD SPCONV_API int spconv_euler_seq_from_bvh_channels(spconv_euler_seq *seq,
                                                                   spconv_euler_kind *kind,
                                                                   int rot_index[3],
                                                                   int *n_channels,
                                                                   const char *channels);
/* BVH rotation channel list of (seq, kind) into buf (30 bytes needed) */
SPCONV_NODISCARD SPCONV_API int spconv_bvh_channels_from_euler_seq(char *buf, size_t size,
                                                                   spconv_euler_seq seq,
                                                                   spconv_euler_kind kind);
/* wxyz of a BVH joint's rotation: angles in degrees, channel order */
SPCONV_NODISCARD SPCONV_API int spconv_quat_wxyz_from_bvh(spconv_real res[4],
                                                          const spconv_real angles_deg[3],
                                                          spconv_euler_seq seq);
/* BVH channel angles (degrees, channel order of seq) of q (wxyz) */
SPCONV_NODISCARD SPCONV_API int spconv_bvh_from_quat_wxyz(spconv_real res[3],
                                                          const spconv_real q_wxyz[4],
                                                          spconv_euler_seq seq);
/* *res = heading (rad, (-pi, pi]) of a clip frame's root about +up */
SPCONV_NODISCARD SPCONV_API int spconv_motion_clip_heading(spconv_real *res,
                                                           const spconv_motion_clip *in,
                                                           size_t frame, spconv_axis up,
                                                           spconv_signed_axis world_forward,
                                                           spconv_signed_axis body_forward);
/* whole clip turned and moved so frame `frame` faces world_forward from the origin */
SPCONV_NODISCARD SPCONV_API int spconv_motion_clip_align(spconv_motion_clip *res,
                                                         const spconv_motion_clip *in, size_t frame,
                                                         spconv_axis up,
                                                         spconv_signed_axis world_forward,
                                                         spconv_signed_axis body_forward,
                                                         spconv_real ground);
#endif /* !SPCONV_NO_MOTION */

#if defined(__cplusplus) && defined(SPCONV__LINKED)
} /* extern "C" */
#endif

/* ============================================================== >>deprecated
   DEPRECATED NAMES: the 0.1 names, mapped to the new ones */
/* The names of spatial_conv 0.x: each old name below is the new one after
   it, so code written for 0.x compiles and gives the same results
   (docs/migration.md lists old -> new and what changed). They stay through
   1.x (docs/stability.md), and each use of one warns: gcc, clang and nvcc
   print "<old>: a deprecated spatial_conv 0.x name, use <new>" (a
   #pragma GCC warning, which -Werror makes an error), MSVC prints it as a
   message. Define SPCONV_NO_DEPRECATION_WARNING to use them without the
   warning, SPCONV_NO_DEPRECATED to leave them out. */
#ifndef SPCONV_NO_DEPRECATED
/* SPCONV__DEPRECATED(old, new): new, with the warning at the use of old */
#if defined(SPCONV_NO_DEPRECATION_WARNING) || defined(__CUDACC_RTC__)
#  define SPCONV__DEPRECATED(old, new) new
#elif defined(__GNUC__) || defined(__clang__)
/* new is a name, pasted as itself (no parentheses) */
#  define SPCONV__DEPRECATED(old, new) _Pragma(SPCONV__DEPRECATED_XTEXT(GCC warning \
     SPCONV__DEPRECATED_TEXT(old: a deprecated spatial_conv 0.x name, use new))) new /* NOLINT */
#  define SPCONV__DEPRECATED_TEXT(...) #__VA_ARGS__
#  define SPCONV__DEPRECATED_XTEXT(...) SPCONV__DEPRECATED_TEXT(__VA_ARGS__) /* expanded first */
#elif defined(_MSC_VER)
#  define SPCONV__DEPRECATED(old, new) \
     __pragma(message(SPCONV__DEPRECATED_TEXT(old: a deprecated spatial_conv 0.x name, use new))) new
#  define SPCONV__DEPRECATED_TEXT(...) #__VA_ARGS__
#else
#  define SPCONV__DEPRECATED(old, new) new
#endif
#define spconv_axes_compose SPCONV__DEPRECATED(spconv_axes_compose, spconv_mat_mul)
#define spconv_axes_inverse SPCONV__DEPRECATED(spconv_axes_inverse, spconv_mat_transpose)
#define spconv_axes_vec SPCONV__DEPRECATED(spconv_axes_vec, spconv_vec_change_axes)
#define spconv_axes_pseudovec SPCONV__DEPRECATED(spconv_axes_pseudovec, spconv_pseudovec_change_axes)
#define spconv_axes_rotation SPCONV__DEPRECATED(spconv_axes_rotation, spconv_mat_change_axes)
#define spconv_axes_quat_wxyz SPCONV__DEPRECATED(spconv_axes_quat_wxyz, spconv_quat_wxyz_change_axes)
#define spconv_axes_quat_xyzw SPCONV__DEPRECATED(spconv_axes_quat_xyzw, spconv_quat_xyzw_change_axes)
#define spconv_axes_pose_wxyz SPCONV__DEPRECATED(spconv_axes_pose_wxyz, spconv_pose_wxyz_change_axes)
#define spconv_axes_pose_xyzw SPCONV__DEPRECATED(spconv_axes_pose_xyzw, spconv_pose_xyzw_change_axes)
#define spconv_axes_twist SPCONV__DEPRECATED(spconv_axes_twist, spconv_spatial_change_axes)
#define spconv_axes_wrench SPCONV__DEPRECATED(spconv_axes_wrench, spconv_spatial_change_axes)
#define spconv_axes_inertia SPCONV__DEPRECATED(spconv_axes_inertia, spconv_inertia_change_axes)
#define spconv_axes_scale SPCONV__DEPRECATED(spconv_axes_scale, spconv_scale_change_axes)
#define spconv_units_pose SPCONV__DEPRECATED(spconv_units_pose, spconv_pose_change_length_unit)
#define spconv_units_twist SPCONV__DEPRECATED(spconv_units_twist, spconv_twist_change_length_unit)
#define spconv_units_wrench SPCONV__DEPRECATED(spconv_units_wrench, spconv_wrench_change_length_unit)
#define spconv_units_inertia SPCONV__DEPRECATED(spconv_units_inertia, spconv_inertia_change_length_unit)
#define spconv_signed_axis_vector SPCONV__DEPRECATED(spconv_signed_axis_vector, spconv_vec_from_signed_axis)
#define spconv_euler_parse_scipy(s, seq, kind) \
  SPCONV__DEPRECATED(spconv_euler_parse_scipy, spconv_euler_seq_from_scipy)(seq, kind, s)
#define spconv_euler_parse_mujoco(s, seq, kind) \
  SPCONV__DEPRECATED(spconv_euler_parse_mujoco, spconv_euler_seq_from_mujoco)(seq, kind, s)
#ifndef SPCONV_NO_MOTION
#define spconv_bvh_channels_parse SPCONV__DEPRECATED(spconv_bvh_channels_parse, spconv_euler_seq_from_bvh_channels)
#define spconv_bvh_channels_string SPCONV__DEPRECATED(spconv_bvh_channels_string, spconv_bvh_channels_from_euler_seq)
#endif
#define spconv_preset(id) \
  SPCONV__DEPRECATED(spconv_preset, spconv_convention_from_preset)(SPCONV__CAST(spconv_preset_id, (id)))
#define spconv_preset_name(id) \
  SPCONV__DEPRECATED(spconv_preset_name, spconv_preset_id_name)(SPCONV__CAST(spconv_preset_id, (id)))
#ifndef SPCONV_NO_SAP
#define spconv_sap_body_f_from_public SPCONV__DEPRECATED(spconv_sap_body_f_from_public, spconv_sap_body_force_from_public_packed)
#define spconv_public_body_f_from_sap SPCONV__DEPRECATED(spconv_public_body_f_from_sap, spconv_public_body_force_from_sap_packed)
#endif
#define spconv_up_axis_vec3_n SPCONV__DEPRECATED(spconv_up_axis_vec3_n, spconv_vec_change_up_axis_n)
#define spconv_up_axis_spatial_n SPCONV__DEPRECATED(spconv_up_axis_spatial_n, spconv_spatial_change_up_axis_n)
#define spconv_up_axis_quat_wxyz_n SPCONV__DEPRECATED(spconv_up_axis_quat_wxyz_n, spconv_quat_wxyz_change_world_up_axis_n)
#define spconv_up_axis_quat_xyzw_n SPCONV__DEPRECATED(spconv_up_axis_quat_xyzw_n, spconv_quat_xyzw_change_world_up_axis_n)
/* 0.2 names renamed before 1.0: the world-only orientation forms say so */
#define spconv_quat_wxyz_change_up_axis_n SPCONV__DEPRECATED(spconv_quat_wxyz_change_up_axis_n, spconv_quat_wxyz_change_world_up_axis_n)
#define spconv_quat_xyzw_change_up_axis_n SPCONV__DEPRECATED(spconv_quat_xyzw_change_up_axis_n, spconv_quat_xyzw_change_world_up_axis_n)
#define spconv_motion_axes SPCONV__DEPRECATED(spconv_motion_axes, spconv_axis_system_preset)
#define spconv_motion_axes_matrix SPCONV__DEPRECATED(spconv_motion_axes_matrix, spconv_axis_preset_matrix)
#define spconv_motion_mat_world_relabelled SPCONV__DEPRECATED(spconv_motion_mat_world_relabelled, spconv_mat_change_world_axes)
#define spconv_motion_quat_wxyz_world_relabelled SPCONV__DEPRECATED(spconv_motion_quat_wxyz_world_relabelled, spconv_quat_wxyz_change_world_axes)
#define spconv_motion_mat_all_relabelled SPCONV__DEPRECATED(spconv_motion_mat_all_relabelled, spconv_mat_change_axes)
#define spconv_motion_quat_wxyz_all_relabelled SPCONV__DEPRECATED(spconv_motion_quat_wxyz_all_relabelled, spconv_quat_wxyz_change_axes)
#define spconv_motion_rotvec_all_relabelled SPCONV__DEPRECATED(spconv_motion_rotvec_all_relabelled, spconv_pseudovec_change_axes)
#define spconv_motion_quat_wxyz_relabelled SPCONV__DEPRECATED(spconv_motion_quat_wxyz_relabelled, spconv_quat_wxyz_change_world_body_axes)
#define spconv_motion_rot_convert SPCONV__DEPRECATED(spconv_motion_rot_convert, spconv_rot_convert_n)
#define spconv_motion_gather SPCONV__DEPRECATED(spconv_motion_gather, spconv_perm_gather_frames)
#define spconv_motion_parents_gather SPCONV__DEPRECATED(spconv_motion_parents_gather, spconv_perm_gather_parents)
/** The 0.1 name of spconv_axis_preset. */
#define spconv_motion_preset SPCONV__DEPRECATED(spconv_motion_preset, spconv_axis_preset)
#define SPCONV_MOTION_SMPL SPCONV__DEPRECATED(SPCONV_MOTION_SMPL, SPCONV_AXIS_PRESET_SMPL)
#define SPCONV_MOTION_BVH SPCONV__DEPRECATED(SPCONV_MOTION_BVH, SPCONV_AXIS_PRESET_BVH)
#define SPCONV_MOTION_ROBOT SPCONV__DEPRECATED(SPCONV_MOTION_ROBOT, SPCONV_AXIS_PRESET_ROBOT)
#define SPCONV_MOTION_COUNT SPCONV__DEPRECATED(SPCONV_MOTION_COUNT, SPCONV_AXIS_PRESET_COUNT)
#define SPCONV_FORWARD SPCONV__DEPRECATED(SPCONV_FORWARD, SPCONV_DIRECTION_FORWARD)
#define SPCONV_LEFT SPCONV__DEPRECATED(SPCONV_LEFT, SPCONV_DIRECTION_LEFT)
#define SPCONV_UP SPCONV__DEPRECATED(SPCONV_UP, SPCONV_DIRECTION_UP)
#define SPCONV_BACK SPCONV__DEPRECATED(SPCONV_BACK, SPCONV_DIRECTION_BACK)
#define SPCONV_RIGHT SPCONV__DEPRECATED(SPCONV_RIGHT, SPCONV_DIRECTION_RIGHT)
#define SPCONV_DOWN SPCONV__DEPRECATED(SPCONV_DOWN, SPCONV_DIRECTION_DOWN)
#define SPCONV_EXTRINSIC SPCONV__DEPRECATED(SPCONV_EXTRINSIC, SPCONV_EULER_EXTRINSIC)
#define SPCONV_INTRINSIC SPCONV__DEPRECATED(SPCONV_INTRINSIC, SPCONV_EULER_INTRINSIC)
#define SPCONV_POS_X SPCONV__DEPRECATED(SPCONV_POS_X, SPCONV_AXIS_POS_X)
#define SPCONV_POS_Y SPCONV__DEPRECATED(SPCONV_POS_Y, SPCONV_AXIS_POS_Y)
#define SPCONV_POS_Z SPCONV__DEPRECATED(SPCONV_POS_Z, SPCONV_AXIS_POS_Z)
#define SPCONV_NEG_X SPCONV__DEPRECATED(SPCONV_NEG_X, SPCONV_AXIS_NEG_X)
#define SPCONV_NEG_Y SPCONV__DEPRECATED(SPCONV_NEG_Y, SPCONV_AXIS_NEG_Y)
#define SPCONV_NEG_Z SPCONV__DEPRECATED(SPCONV_NEG_Z, SPCONV_AXIS_NEG_Z)
#define SPCONV_SHAPES_NEWTON SPCONV__DEPRECATED(SPCONV_SHAPES_NEWTON, SPCONV_SHAPE_FORMAT_NEWTON)
#define SPCONV_SHAPES_MUJOCO SPCONV__DEPRECATED(SPCONV_SHAPES_MUJOCO, SPCONV_SHAPE_FORMAT_MUJOCO)
#define SPCONV_SHAPES_USD SPCONV__DEPRECATED(SPCONV_SHAPES_USD, SPCONV_SHAPE_FORMAT_USD)
#define SPCONV_SHAPES_PHYSX SPCONV__DEPRECATED(SPCONV_SHAPES_PHYSX, SPCONV_SHAPE_FORMAT_PHYSX)
#define SPCONV_LINEAR_FIRST SPCONV__DEPRECATED(SPCONV_LINEAR_FIRST, SPCONV_ORDER_LINEAR_FIRST)
#define SPCONV_ANGULAR_FIRST SPCONV__DEPRECATED(SPCONV_ANGULAR_FIRST, SPCONV_ORDER_ANGULAR_FIRST)
#define SPCONV_RADIANS SPCONV__DEPRECATED(SPCONV_RADIANS, SPCONV_ANGLE_RADIANS)
#define SPCONV_DEGREES SPCONV__DEPRECATED(SPCONV_DEGREES, SPCONV_ANGLE_DEGREES)
#define SPCONV_DIFF_FORWARD SPCONV__DEPRECATED(SPCONV_DIFF_FORWARD, SPCONV_MOTION_DIFF_FORWARD)
#define SPCONV_DIFF_CENTRAL SPCONV__DEPRECATED(SPCONV_DIFF_CENTRAL, SPCONV_MOTION_DIFF_CENTRAL)
#define SPCONV_AXES_ROS_FLU SPCONV__DEPRECATED(SPCONV_AXES_ROS_FLU, SPCONV_AXIS_PRESET_ROS_FLU)
#define SPCONV_AXES_ROS_ENU SPCONV__DEPRECATED(SPCONV_AXES_ROS_ENU, SPCONV_AXIS_PRESET_ROS_ENU)
#define SPCONV_AXES_NED SPCONV__DEPRECATED(SPCONV_AXES_NED, SPCONV_AXIS_PRESET_NED)
#define SPCONV_AXES_FRD SPCONV__DEPRECATED(SPCONV_AXES_FRD, SPCONV_AXIS_PRESET_FRD)
#define SPCONV_AXES_ROS_OPTICAL SPCONV__DEPRECATED(SPCONV_AXES_ROS_OPTICAL, SPCONV_AXIS_PRESET_ROS_OPTICAL)
#define SPCONV_AXES_MUJOCO SPCONV__DEPRECATED(SPCONV_AXES_MUJOCO, SPCONV_AXIS_PRESET_MUJOCO)
#define SPCONV_AXES_ISAAC SPCONV__DEPRECATED(SPCONV_AXES_ISAAC, SPCONV_AXIS_PRESET_ISAAC)
#define SPCONV_AXES_NEWTON SPCONV__DEPRECATED(SPCONV_AXES_NEWTON, SPCONV_AXIS_PRESET_NEWTON)
#define SPCONV_AXES_GENESIS SPCONV__DEPRECATED(SPCONV_AXES_GENESIS, SPCONV_AXIS_PRESET_GENESIS)
#define SPCONV_AXES_BLENDER SPCONV__DEPRECATED(SPCONV_AXES_BLENDER, SPCONV_AXIS_PRESET_BLENDER)
#define SPCONV_AXES_GLTF SPCONV__DEPRECATED(SPCONV_AXES_GLTF, SPCONV_AXIS_PRESET_GLTF)
#define SPCONV_AXES_USD_Y_UP SPCONV__DEPRECATED(SPCONV_AXES_USD_Y_UP, SPCONV_AXIS_PRESET_USD_Y_UP)
#define SPCONV_AXES_USD_Z_UP SPCONV__DEPRECATED(SPCONV_AXES_USD_Z_UP, SPCONV_AXIS_PRESET_USD_Z_UP)
#define SPCONV_AXES_UNITY SPCONV__DEPRECATED(SPCONV_AXES_UNITY, SPCONV_AXIS_PRESET_UNITY)
#define SPCONV_AXES_UNREAL SPCONV__DEPRECATED(SPCONV_AXES_UNREAL, SPCONV_AXIS_PRESET_UNREAL)
#define SPCONV_AXES_OPENGL_CAMERA SPCONV__DEPRECATED(SPCONV_AXES_OPENGL_CAMERA, SPCONV_AXIS_PRESET_OPENGL_CAMERA)
#define SPCONV_AXES_MAYA_Y_UP SPCONV__DEPRECATED(SPCONV_AXES_MAYA_Y_UP, SPCONV_AXIS_PRESET_MAYA_Y_UP)
#define SPCONV_AXES_COUNT SPCONV__DEPRECATED(SPCONV_AXES_COUNT, SPCONV_AXIS_PRESET_COUNT)
#endif /* SPCONV_NO_DEPRECATED */

/* Everything below defines functions: left out under SPCONV_DECLARATIONS_ONLY
   (unless SPCONV_IMPLEMENTATION is defined too). */
#if !defined(SPCONV_DECLARATIONS_ONLY) || defined(SPCONV_IMPLEMENTATION)

/* ================================================================= >>helpers
   PRIVATE HELPERS: shared by several sections (spconv__*), batch machinery */

/* restrict for the private batch loops only (never in the public surface):
   C99 `restrict`, the compilers' `__restrict` in C++ and `__restrict__`
   under nvcc/hipcc, nothing elsewhere (then only speed is lost). */
#if defined(__CUDACC__) || defined(__HIPCC__)
#  define SPCONV__RESTRICT __restrict__
#elif defined(__cplusplus) && (defined(__GNUC__) || defined(_MSC_VER))
#  define SPCONV__RESTRICT __restrict
#elif !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L
#  define SPCONV__RESTRICT restrict
#else
#  define SPCONV__RESTRICT
#endif

/* -------------------------------------------------- finite values and norms */

/* 1 when x is finite. x - x is NaN for inf and NaN, and NaN != NaN.
   (-ffast-math may fold this to 1: do not build with it if you rely on
   non-finite inputs being refused.) */
SPCONV__PRIVATE int spconv__finite(spconv_real x) {
  spconv_real d = x - x;
  return d == d;
}

/* max |v_i| of n reals (NaN entries are skipped by the comparison) */
SPCONV__PRIVATE spconv_real spconv__max_abs(const spconv_real *v, int n) {
  spconv_real m = SPCONV__R(0);
  int i;
  for (i = 0; i < n; ++i) {
    spconv_real a = SPCONV_FABS(v[i]);
    if (a > m) m = a;
  }
  return m;
}

/* |v| of a 3-vector without overflow or underflow (0 for the zero vector) */
SPCONV__PRIVATE spconv_real spconv__norm3(const spconv_real v[3]) {
  spconv_real m = spconv__max_abs(v, 3), x, y, z;
  if (m == SPCONV__R(0)) return v[0] + v[1] + v[2]; /* 0, or NaN for NaN input */
  x = v[0] / m;
  y = v[1] / m;
  z = v[2] / m;
  return m * SPCONV_SQRT(x * x + y * y + z * z);
}

/* ----------------------------------------------- 3-vectors and 3x3 matrices */

/* res = a x b; res must not alias a or b */
SPCONV__PRIVATE void spconv__cross(spconv_real res[3], const spconv_real a[3],
                              const spconv_real b[3]) {
  res[0] = a[1] * b[2] - a[2] * b[1];
  res[1] = a[2] * b[0] - a[0] * b[2];
  res[2] = a[0] * b[1] - a[1] * b[0];
}

/* res = a + b x c (res may alias a, not b or c) */
SPCONV__PRIVATE void spconv__add_cross(spconv_real res[3], const spconv_real a[3],
                                  const spconv_real b[3], const spconv_real c[3]) {
  spconv_real t[3];
  spconv__cross(t, b, c);
  res[0] = a[0] + t[0];
  res[1] = a[1] + t[1];
  res[2] = a[2] + t[2];
}

/* res = R v (R row-major); res must not alias v */
SPCONV__PRIVATE void spconv__mat_vec(spconv_real res[3], const spconv_real R[9],
                                const spconv_real v[3]) {
  res[0] = R[0] * v[0] + R[1] * v[1] + R[2] * v[2];
  res[1] = R[3] * v[0] + R[4] * v[1] + R[5] * v[2];
  res[2] = R[6] * v[0] + R[7] * v[1] + R[8] * v[2];
}

/* res = R^T v (R row-major); res must not alias v */
SPCONV__PRIVATE void spconv__mat_t_vec(spconv_real res[3], const spconv_real R[9],
                                  const spconv_real v[3]) {
  res[0] = R[0] * v[0] + R[3] * v[1] + R[6] * v[2];
  res[1] = R[1] * v[0] + R[4] * v[1] + R[7] * v[2];
  res[2] = R[2] * v[0] + R[5] * v[1] + R[8] * v[2];
}

/* res = A B, or A B^T when transpose_b (row-major 3x3); res may alias A or B */
SPCONV__PRIVATE void spconv__mat_mul(spconv_real res[9], const spconv_real A[9],
                                const spconv_real B[9], int transpose_b) {
  spconv_real t[9];
  int i, j, k;
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) {
      spconv_real s = SPCONV__R(0);
      for (k = 0; k < 3; ++k) s += A[3 * i + k] * (transpose_b ? B[3 * j + k] : B[3 * k + j]);
      t[3 * i + j] = s;
    }
  for (i = 0; i < 9; ++i) res[i] = t[i];
}

/* res = A R B^T (row-major 3x3): R with its left side re-expressed by A
   and its right side by B; res may alias any input */
SPCONV__PRIVATE void spconv__mat_abt(spconv_real res[9], const spconv_real A[9],
                                const spconv_real R[9], const spconv_real B[9]) {
  spconv_real t[9];
  spconv__mat_mul(t, A, R, 0);
  spconv__mat_mul(res, t, B, 1);
}

/* det of a row-major 3x3 */
SPCONV__PRIVATE spconv_real spconv__det3(const spconv_real M[9]) {
  return M[0] * (M[4] * M[8] - M[5] * M[7]) - M[1] * (M[3] * M[8] - M[5] * M[6]) +
         M[2] * (M[3] * M[7] - M[4] * M[6]);
}

/* 1 when R (row-major) is a rotation within SPCONV_ROTATION_TOL:
   max |(R R^T - I)_ij| <= tol and det R > 0 (false for NaN). */
SPCONV__PRIVATE int spconv__is_rotation(const spconv_real R[9]) {
  int i, j;
  for (i = 0; i < 3; ++i)
    for (j = i; j < 3; ++j) {
      spconv_real d = R[3 * i] * R[3 * j] + R[3 * i + 1] * R[3 * j + 1] +
                      R[3 * i + 2] * R[3 * j + 2] - (i == j ? SPCONV__R(1) : SPCONV__R(0));
      if (!(SPCONV_FABS(d) <= SPCONV__R(SPCONV_ROTATION_TOL))) return 0;
    }
  return spconv__det3(R) > SPCONV__R(0);
}

/* 1 when M is orthogonal within SPCONV_ROTATION_TOL (det +1 or -1); *sign
   = det M rounded to +-1 (written only on success) */
SPCONV__PRIVATE int spconv__orthogonal_sign(const spconv_real M[9], spconv_real *sign) {
  spconv_real P[9], s = spconv__det3(M) < SPCONV__R(0) ? SPCONV__R(-1) : SPCONV__R(1);
  int i;
  for (i = 0; i < 9; ++i) P[i] = s * M[i];
  if (!spconv__is_rotation(P)) return 0;
  *sign = s;
  return 1;
}

/* sets the diagonal of 3x3 block (bi, bj) of a 6x6 to 1 (the rest of the block untouched) */
SPCONV__PRIVATE void spconv__block_identity(spconv_real res[36], int bi, int bj) {
  int k;
  for (k = 0; k < 3; ++k) res[(3 * bi + k) * 6 + 3 * bj + k] = SPCONV__R(1);
}

/* 3x3 block (bi, bj) of a 6x6 = [r]x, the matrix with [r]x b = r x b. */
SPCONV__PRIVATE void spconv__block_skew(spconv_real res[36], int bi, int bj,
                                   const spconv_real r[3]) {
  spconv_real *m = res + 3 * bi * 6 + 3 * bj;
  m[0 * 6 + 0] = SPCONV__R(0);
  m[0 * 6 + 1] = -r[2];
  m[0 * 6 + 2] = r[1];
  m[1 * 6 + 0] = r[2];
  m[1 * 6 + 1] = SPCONV__R(0);
  m[1 * 6 + 2] = -r[0];
  m[2 * 6 + 0] = -r[1];
  m[2 * 6 + 1] = r[0];
  m[2 * 6 + 2] = SPCONV__R(0);
}

/* the index in 16 reals of entry (i, j) of a 4x4 transform stored as layout
   says (cm: column-major, else row-major) */
SPCONV__PRIVATE int spconv__mat4_at(int i, int j, int cm) {
  return cm ? 4 * j + i : 4 * i + j;
}

/* -------------------------------------------------------------- quaternions */

/* 2/|q|^2, or 0 for the zero quaternion (which then acts as the identity).
   Branch-free (z = 1 for the zero quaternion, else 0; the division never
   divides by zero): gcc does not if-convert a floating-point select under
   its default -ftrapping-math, and a branch here keeps it from vectorising
   every batch loop that rotates by a quaternion. */
SPCONV__PRIVATE spconv_real spconv__quat_scale(spconv_real w, spconv_real x,
                                          spconv_real y, spconv_real z) {
  spconv_real n = w * w + x * x + y * y + z * z;
  spconv_real zero = SPCONV__CAST(spconv_real, (n == SPCONV__R(0)));
  return (SPCONV__R(2) - SPCONV__R(2) * zero) / (n + zero);
}

/* res = q v q^-1 for q = (w, x, y, z), any nonzero norm; res may alias v.
   With u = (x, y, z) and s = 2/|q|^2: res = v + s (w (u x v) + u x (u x v)). */
SPCONV__PRIVATE void spconv__quat_rotate(spconv_real res[3], spconv_real w,
                                    spconv_real x, spconv_real y, spconv_real z,
                                    const spconv_real v[3]) {
  spconv_real s = spconv__quat_scale(w, x, y, z);
  spconv_real t0 = y * v[2] - z * v[1]; /* t = u x v */
  spconv_real t1 = z * v[0] - x * v[2];
  spconv_real t2 = x * v[1] - y * v[0];
  spconv_real r0 = v[0] + s * (w * t0 + y * t2 - z * t1);
  spconv_real r1 = v[1] + s * (w * t1 + z * t0 - x * t2);
  spconv_real r2 = v[2] + s * (w * t2 + x * t1 - y * t0);
  res[0] = r0;
  res[1] = r1;
  res[2] = r2;
}

/* res = rotation matrix of q_wxyz (row-major, any nonzero norm):
   R = I + s (w [u]x + [u]x [u]x), s = 2/|q|^2, u = vector part
   (spconv__mat_from_quat_s takes s: 2 for a unit quaternion). */
SPCONV__PRIVATE void spconv__mat_from_quat_s(spconv_real res[9], const spconv_real q[4],
                                        spconv_real s) {
  spconv_real w = q[0], x = q[1], y = q[2], z = q[3];
  spconv_real one = SPCONV__R(1);
  res[0] = one - s * (y * y + z * z);
  res[1] = s * (x * y - w * z);
  res[2] = s * (x * z + w * y);
  res[3] = s * (x * y + w * z);
  res[4] = one - s * (x * x + z * z);
  res[5] = s * (y * z - w * x);
  res[6] = s * (x * z - w * y);
  res[7] = s * (y * z + w * x);
  res[8] = one - s * (x * x + y * y);
}

SPCONV__PRIVATE void spconv__mat_from_quat(spconv_real res[9], const spconv_real q[4]) {
  spconv__mat_from_quat_s(res, q, spconv__quat_scale(q[0], q[1], q[2], q[3]));
}

/* res = q / |q| computed as (q / m) / |q / m| with m = max |q_i| > 0, which
   neither overflows nor underflows. res may alias q. */
SPCONV__PRIVATE void spconv__quat_divide_norm(spconv_real res[4], const spconv_real q[4],
                                         spconv_real m) {
  spconv_real w = q[0] / m, x = q[1] / m, y = q[2] / m, z = q[3] / m;
  spconv_real n = SPCONV_SQRT(w * w + x * x + y * y + z * z);
  res[0] = w / n;
  res[1] = x / n;
  res[2] = y / n;
  res[3] = z / n;
}

/* res = q / |q|, computed as (q / max|q_i|) / |q / max|q_i||, which neither
   overflows nor underflows. Returns 0 (res untouched) for a zero or
   non-finite q. res may alias q. */
SPCONV__PRIVATE int spconv__quat_unit(spconv_real res[4], const spconv_real q[4]) {
  spconv_real m = spconv__max_abs(q, 4);
  int i;
  for (i = 0; i < 4; ++i)
    if (!spconv__finite(q[i])) return 0;
  if (!(m > SPCONV__R(0))) return 0;
  spconv__quat_divide_norm(res, q, m);
  return 1;
}

/* res = q / |q| for pure maps, any finite nonzero q (where |q|^2 is far
   from overflow and underflow directly, else scaled by 1 / max |q_i|
   first); the zero quaternion gives the identity, NaN and inf give NaN.
   res may alias q. z = 1 exactly for the zero quaternion. */
SPCONV__PRIVATE void spconv__quat_unit_or_identity(spconv_real res[4], const spconv_real q[4]) {
  spconv_real n = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], m, z, u[4], k;
  int i;
  if (n >= SPCONV__R(1e-30) && n <= SPCONV__R(1e30)) { /* |q|^2 is exact enough: no scaling */
    k = SPCONV__R(1) / SPCONV_SQRT(n);
    for (i = 0; i < 4; ++i) res[i] = q[i] * k;
    return;
  }
  m = spconv__max_abs(q, 4);
  z = SPCONV__CAST(spconv_real, (m == SPCONV__R(0)));
  for (i = 0; i < 4; ++i) u[i] = q[i] / (m + z); /* divide: 1 / m overflows for subnormal m */
  u[0] += z;
  k = SPCONV__R(1) / SPCONV_SQRT(u[0] * u[0] + u[1] * u[1] + u[2] * u[2] + u[3] * u[3]);
  for (i = 0; i < 4; ++i) res[i] = u[i] * k;
}

/* the quaternion of a rotation matrix R (Shepperd), R not checked: see
   spconv_quat_wxyz_from_mat */
SPCONV__PRIVATE void spconv__quat_from_rotation(spconv_real res[4], const spconv_real R[9]) {
  spconv_real d[4], q[4];
  int i, best = 0;
  d[0] = SPCONV__R(1) + R[0] + R[4] + R[8]; /* 4 w^2 */
  d[1] = SPCONV__R(1) + R[0] - R[4] - R[8]; /* 4 x^2 */
  d[2] = SPCONV__R(1) - R[0] + R[4] - R[8]; /* 4 y^2 */
  d[3] = SPCONV__R(1) - R[0] - R[4] + R[8]; /* 4 z^2 */
  for (i = 1; i < 4; ++i)
    if (d[i] > d[best]) best = i;
  /* q = 4 q_best (w, x, y, z): the diagonal entry d[best] = 4 q_best^2, the
     others from R - R^T and R + R^T (4wx = R21 - R12, 4xy = R10 + R01, ...) */
  switch (best) {
    case 0:
      q[1] = R[7] - R[5]; /* 4 w x */
      q[2] = R[2] - R[6]; /* 4 w y */
      q[3] = R[3] - R[1]; /* 4 w z */
      break;
    case 1:
      q[0] = R[7] - R[5]; /* 4 w x */
      q[2] = R[1] + R[3]; /* 4 x y */
      q[3] = R[2] + R[6]; /* 4 x z */
      break;
    case 2:
      q[0] = R[2] - R[6]; /* 4 w y */
      q[1] = R[1] + R[3]; /* 4 x y */
      q[3] = R[5] + R[7]; /* 4 y z */
      break;
    default:
      q[0] = R[3] - R[1]; /* 4 w z */
      q[1] = R[2] + R[6]; /* 4 x z */
      q[2] = R[5] + R[7]; /* 4 y z */
      break;
  }
  q[best] = d[best];
  spconv__quat_unit(q, q);
  spconv_quat_canonical_wxyz(res, q);
}

/* res = the unit quaternion of the proper rotation sign * M (M orthogonal,
   sign = det M); never fails for an M accepted by spconv__orthogonal_sign */
SPCONV__PRIVATE void spconv__quat_of_orthogonal(spconv_real res[4], const spconv_real M[9],
                                           spconv_real sign) {
  spconv_real P[9];
  int i;
  for (i = 0; i < 9; ++i) P[i] = sign * M[i];
  res[0] = SPCONV__R(1);
  res[1] = res[2] = res[3] = SPCONV__R(0);
  spconv__quat_from_rotation(res, P);
}

/* -------------------------------------------------------------- enum checks */

/* 1 if axis is X, Y or Z (an unsigned compare: enums may be unsigned and
   short, as under the ARM EABI or -fshort-enums) */
SPCONV__PRIVATE int spconv__axis_valid(spconv_axis axis) {
  return SPCONV__CAST(unsigned, axis) <= 2u;
}

/* ------------------------------------------------------------- permutations */

/* 1 if i is the smallest index of its cycle of the permutation perm */
SPCONV__PRIVATE int spconv__cycle_leader(const int *perm, size_t i) {
  size_t j;
  for (j = SPCONV__CAST(size_t, perm[i]); j != i; j = SPCONV__CAST(size_t, perm[j]))
    if (j < i) return 0;
  return 1;
}

/* In place, item i = item perm[i] for n items of `stride` values each
   (item i at a + i * stride), following each cycle of the permutation from
   its smallest index, without scratch memory. Written once, instantiated
   for the two element types the permutation functions move. (`type` names
   a type in declarations, where parentheses cannot go.) */
/* NOLINTBEGIN(bugprone-macro-parentheses) */
#define SPCONV__DEFINE_CYCLE_GATHER(name, type)                                \
  SPCONV__PRIVATE void name(type *a, const int *perm, size_t n, size_t stride) {     \
    size_t i, c, k, next;                                                      \
    for (i = 0; i < n; ++i) {                                                  \
      if (!spconv__cycle_leader(perm, i)) continue;                            \
      for (c = 0; c < stride; ++c) {                                           \
        type first = a[i * stride + c];                                        \
        for (k = i; (next = SPCONV__CAST(size_t, perm[k])) != i; k = next)     \
          a[k * stride + c] = a[next * stride + c];                            \
        a[k * stride + c] = first;                                             \
      }                                                                        \
    }                                                                          \
  }
/* NOLINTEND(bugprone-macro-parentheses) */
/* defines spconv__cycle_gather_real(a, perm, n, stride) */
SPCONV__DEFINE_CYCLE_GATHER(spconv__cycle_gather_real, spconv_real)
/* defines spconv__cycle_gather_int(a, perm, n, stride) */
SPCONV__DEFINE_CYCLE_GATHER(spconv__cycle_gather_int, int)

/* -------------------------------------------------------------- batch forms */

/* Batch forms (`_n`): n elements in contiguous arrays, for the
   conversions a simulator runs per body per step. `res` may equal the input
   of the same stride (in place); arrays of another stride (offsets, poses)
   must not overlap `res`. Each is a loop over its single-element
   function (so every element is converted exactly as that function does),
   instantiated twice by the macros below: in place, through one pointer,
   and out of place, through restrict pointers (legal: the contract excludes
   partial overlap, and the side arrays never overlap res). Either way the
   compiler knows that the elements are independent and vectorises the loop
   without a runtime overlap test (with plain pointers an in-place call
   fails that test and runs the scalar loop). */

/* 1 when a batch may use res (nres reals) with an input x (nx reals):
   nothing to move, or both non-NULL and res == x (when equal_ok) or the
   two disjoint. Only evaluated inside SPCONV_ASSERT (a debug build). */
SPCONV__PRIVATE int spconv__batch_ok(const spconv_real *res, size_t nres, const spconv_real *x,
                                     size_t nx, int equal_ok) {
  if (nres == 0 || nx == 0) return 1;
  if (!res || !x) return 0;
  if (res == x) return equal_ok;
  return res + nres <= x || x + nx <= res;
}

/* (res, x, n): x and res of stride sx. SPCONV__BATCH0(name, fn, sx) defines
   spconv__<name>_io(x, n) and spconv__<name>_oop(res, x, n). */
#define SPCONV__BATCH0(name, fn, sx)                                                    \
  SPCONV__PRIVATE void spconv__##name##_io(spconv_real *SPCONV__RESTRICT x, size_t n) { \
    size_t i;                                                                           \
    for (i = 0; i < n; ++i) fn(x + (sx) * i, x + (sx) * i);                             \
  }                                                                                     \
  SPCONV__PRIVATE void spconv__##name##_oop(spconv_real *SPCONV__RESTRICT res,          \
                                            const spconv_real *SPCONV__RESTRICT x, size_t n) { \
    size_t i;                                                                           \
    for (i = 0; i < n; ++i) fn(res + (sx) * i, x + (sx) * i);                           \
  }

/* clang vectorises the stride-6 double loops of the shifts and the SAP
   conversions with gathers where AVX2/AVX-512 are enabled (-march=native);
   measured on a Xeon (Sapphire Rapids) that code ran about 2x slower than
   clang's scalar code at -O2. In float its vectors win, so the hint is for
   clang in double only (not nvcc). gcc needs none: it does not gather here. */
#if defined(__clang__) && !defined(SPCONV_USE_FLOAT) && !defined(__CUDACC__) && \
    !defined(__HIPCC__)
#  define SPCONV__STRIDE6_LOOP_HINT _Pragma("clang loop vectorize(disable)")
#else
#  define SPCONV__STRIDE6_LOOP_HINT
#endif

/* (res, x, p, n): x and res of stride sx, side array p of stride sp.
   SPCONV__BATCH1(name, fn, sx, sp) defines spconv__<name>_io(x, p, n) and
   spconv__<name>_oop(res, x, p, n). */
#define SPCONV__BATCH1(name, fn, sx, sp)                                                \
  SPCONV__PRIVATE void spconv__##name##_io(spconv_real *SPCONV__RESTRICT x,             \
                                           const spconv_real *SPCONV__RESTRICT p, size_t n) { \
    size_t i;                                                                           \
    SPCONV_ASSERT(spconv__batch_ok(x, (sx) * n, p, (sp) * n, 0));                       \
    SPCONV__STRIDE6_LOOP_HINT                                                           \
    for (i = 0; i < n; ++i) fn(x + (sx) * i, x + (sx) * i, p + (sp) * i);               \
  }                                                                                     \
  SPCONV__PRIVATE void spconv__##name##_oop(spconv_real *SPCONV__RESTRICT res,          \
                                            const spconv_real *SPCONV__RESTRICT x,      \
                                            const spconv_real *SPCONV__RESTRICT p, size_t n) { \
    size_t i;                                                                           \
    SPCONV_ASSERT(spconv__batch_ok(res, (sx) * n, x, (sx) * n, 1) &&                    \
                  spconv__batch_ok(res, (sx) * n, p, (sp) * n, 0));                     \
    SPCONV__STRIDE6_LOOP_HINT                                                           \
    for (i = 0; i < n; ++i) fn(res + (sx) * i, x + (sx) * i, p + (sp) * i);             \
  }

/* (res, x, q, qs, ipos, n): MuJoCo free bodies, stride 6, quaternion i at
   q + qs * i (qs >= 4: 4 packed, 7 for qpos rows from qpos + 3), ipos of
   stride 3. SPCONV__BATCH_MJ(name, fn) defines
   spconv__<name>_io(x, q, qs, ipos, n) and
   spconv__<name>_oop(res, x, q, qs, ipos, n). */
#define SPCONV__BATCH_MJ(name, fn)                                                      \
  SPCONV__PRIVATE void spconv__##name##_io(spconv_real *SPCONV__RESTRICT x,             \
                                           const spconv_real *SPCONV__RESTRICT q, size_t qs, \
                                           const spconv_real *SPCONV__RESTRICT ipos, size_t n) { \
    size_t i;                                                                           \
    for (i = 0; i < n; ++i) fn(x + 6 * i, x + 6 * i, q + qs * i, ipos + 3 * i);         \
  }                                                                                     \
  SPCONV__PRIVATE void spconv__##name##_oop(spconv_real *SPCONV__RESTRICT res,          \
                                            const spconv_real *SPCONV__RESTRICT x,      \
                                            const spconv_real *SPCONV__RESTRICT q, size_t qs, \
                                            const spconv_real *SPCONV__RESTRICT ipos, size_t n) { \
    size_t i;                                                                           \
    for (i = 0; i < n; ++i) fn(res + 6 * i, x + 6 * i, q + qs * i, ipos + 3 * i);       \
  }

/* -------------------------------------- non-temporal stores (x86, SSE2) */

/* An out-of-place quaternion reorder out of cache moves 3 bytes for each
   byte it writes (read the input, read the output line for ownership,
   write it back), memcpy 2: glibc's memcpy stores around the cache above a
   size. Where SSE2 is available (x86-64 always), the out-of-place reorders
   do the same from SPCONV_STREAM_MIN_BYTES bytes of output on (with the
   output 16-byte aligned): _mm_stream_* stores, then one _mm_sfence. Below
   that size, in place, or elsewhere, the plain loop runs. The stores are
   of the same values, so results do not change. SPCONV_NO_VECTOR turns
   this off too. */
#if !defined(SPCONV_NO_VECTOR) && defined(__SSE2__) && !defined(__CUDACC__) && \
    !defined(__HIPCC__) && !defined(SPCONV_REAL)
#  define SPCONV__STREAM 1
#  include <emmintrin.h>
#  include <stdint.h>
/* the streaming loops stay out of line: inlined, they changed how gcc
   compiled the in-cache path of the same call (float reorder 2x slower) */
#  if defined(__GNUC__)
#    if defined(__clang__) /* clang does not warn of unused static functions in headers */
#      define SPCONV__STREAM_API static __attribute__((noinline))
#    else
#      define SPCONV__STREAM_API static __attribute__((noinline, unused))
#    endif
#  else
#    define SPCONV__STREAM_API SPCONV__PRIVATE
#  endif
/* bytes of output from which the reorders store around the cache; the
   default is chosen by measurement (docs/performance.md) */
#  ifndef SPCONV_STREAM_MIN_BYTES
#    define SPCONV_STREAM_MIN_BYTES (12u << 20)
#  endif
SPCONV__PRIVATE int spconv__stream_ok(const spconv_real *res, size_t n_reals) {
#  ifdef __cplusplus
  uintptr_t a = reinterpret_cast<uintptr_t>(res);
#  else
  uintptr_t a = (uintptr_t)res;
#  endif
  const size_t min_bytes = SPCONV_STREAM_MIN_BYTES; /* may be 0: no -Wtype-limits */
  return a % 16u == 0 && n_reals * sizeof(spconv_real) >= min_bytes;
}

#  ifdef SPCONV_USE_FLOAT
/* n quaternions, lanes (0, 1, 2, 3) -> (1, 2, 3, 0) when xyzw_from_wxyz, else
   -> (3, 0, 1, 2); res 16-byte aligned, not overlapping q */
SPCONV__STREAM_API void spconv__quat_reorder_stream(spconv_real *res, const spconv_real *q, size_t n,
                                            int xyzw_from_wxyz) {
  size_t i;
  if (xyzw_from_wxyz)
    for (i = 0; i < n; ++i) {
      __m128 v = _mm_loadu_ps(q + 4 * i);
      _mm_stream_ps(res + 4 * i, _mm_shuffle_ps(v, v, _MM_SHUFFLE(0, 3, 2, 1)));
    }
  else
    for (i = 0; i < n; ++i) {
      __m128 v = _mm_loadu_ps(q + 4 * i);
      _mm_stream_ps(res + 4 * i, _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 1, 0, 3)));
    }
  _mm_sfence();
}
#  else
/* the same in double: a quaternion is two halves (a, b); xyzw from wxyz is
   (a1, b0), (b1, a0), wxyz from xyzw is (b1, a0), (a1, b0) */
SPCONV__STREAM_API void spconv__quat_reorder_stream(spconv_real *res, const spconv_real *q, size_t n,
                                            int xyzw_from_wxyz) {
  size_t i;
  for (i = 0; i < n; ++i) {
    __m128d a = _mm_loadu_pd(q + 4 * i), b = _mm_loadu_pd(q + 4 * i + 2);
    __m128d ab = _mm_shuffle_pd(a, b, 1), ba = _mm_shuffle_pd(b, a, 1);
    _mm_stream_pd(res + 4 * i, xyzw_from_wxyz ? ab : ba);
    _mm_stream_pd(res + 4 * i + 2, xyzw_from_wxyz ? ba : ab);
  }
  _mm_sfence();
}
#  endif

/* dst[0 .. n) = src[0 .. n) stored around the cache; dst 16-byte aligned,
   n a multiple of 16 bytes */
SPCONV__PRIVATE void spconv__stream_copy(spconv_real *dst, const spconv_real *src, size_t n) {
  size_t i;
#  ifdef SPCONV_USE_FLOAT
  for (i = 0; i < n; i += 4) _mm_stream_ps(dst + i, _mm_loadu_ps(src + i));
#  else
  for (i = 0; i < n; i += 2) _mm_stream_pd(dst + i, _mm_loadu_pd(src + i));
#  endif
}

/* res = fn(x) for n elements of `stride` (3 or 4) reals, out of place:
   tiles of 16 elements computed by fn into a buffer in L1, then stored
   around the cache (16 * stride reals are a multiple of 16 bytes, so res
   + stride * i stays aligned); the rest by fn directly */
typedef void (*spconv__block_fn)(spconv_real *, const spconv_real *, size_t);
SPCONV__STREAM_API void spconv__stream_tiles(spconv_real *res, const spconv_real *x, size_t n,
                                     size_t stride, spconv__block_fn fn) {
  spconv_real t[16 * 4];
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    fn(t, x + stride * i, 16);
    spconv__stream_copy(res + stride * i, t, 16 * stride);
  }
  _mm_sfence();
  fn(res + stride * i, x + stride * i, n - i);
}
#endif /* SPCONV__STREAM */

/* ---------------------------------------- two free bodies at a time (gcc) */

/* gcc 12 vectorises none of the MuJoCo free-joint loops (its loop
   vectoriser needs access groups of 2^k or 3 reals; qvel has 6, qpos 7),
   and its scalar code costs about 134 instructions per body. Under gcc >= 12
   on a target with 16-byte vector registers (SSE2, NEON) whose scalar
   arithmetic has no excess precision (not x87), in double, those batch
   forms therefore convert two bodies per step in GNU C vectors of two
   doubles (in float, vectors of two floats ran up to 1.9x slower than the
   scalar loop):
   lane k holds body i + k (a "structure of arrays" of two), loaded from
   and stored back to the interleaved arrays with shuffles. Every
   arithmetic expression below is the one of the scalar helper it mirrors
   (spconv__mat_from_quat, spconv__mat_vec, spconv__mat_t_vec,
   spconv__cross), so each lane is rounded exactly as the single-element
   function (tests/test_batch.c compares bit for bit). clang vectorises the
   scalar loop itself (79 instructions per body at -O2) and gets nothing
   here. SPCONV_NO_VECTOR, defined before the include, turns this off. */
#if !defined(SPCONV_NO_VECTOR) && defined(__GNUC__) && !defined(__clang__) && \
    __GNUC__ >= 12 && !defined(__CUDACC__) && !defined(__HIPCC__) &&         \
    (defined(__SSE2__) || defined(__ARM_NEON) || defined(__aarch64__)) &&    \
    defined(__FLT_EVAL_METHOD__) && __FLT_EVAL_METHOD__ == 0 && !defined(SPCONV_USE_FLOAT) && \
    !defined(SPCONV_REAL)
#  define SPCONV__V2 1
/* two reals, lane k = body i + k */
typedef spconv_real spconv__v2 __attribute__((vector_size(2 * sizeof(spconv_real))));
#  ifdef SPCONV_USE_FLOAT
typedef int spconv__v2i __attribute__((vector_size(2 * sizeof(int))));
#  else
typedef long long spconv__v2i __attribute__((vector_size(2 * sizeof(long long))));
#  endif
#  define SPCONV__V2_API static inline __attribute__((always_inline))
/* the bits of vector x as vector type `type` */
#  ifdef __cplusplus
#    define SPCONV__V2_BITS(type, x) (reinterpret_cast<type>(x))
#  else
#    define SPCONV__V2_BITS(type, x) ((type)(x))
#  endif

SPCONV__V2_API spconv__v2 spconv__v2_splat(spconv_real a) {
  spconv__v2 v = {a, a};
  return v;
}
/* two consecutive reals, any alignment */
SPCONV__V2_API spconv__v2 spconv__v2_load(const spconv_real *p) {
  spconv__v2 v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
SPCONV__V2_API void spconv__v2_store(spconv_real *p, spconv__v2 v) {
  __builtin_memcpy(p, &v, sizeof v);
}
/* the same, around the cache when `stream` (x86, double; p 16-byte aligned) */
SPCONV__V2_API void spconv__v2_store_nt(spconv_real *p, spconv__v2 v, int stream) {
#  if defined(SPCONV__STREAM) && !defined(SPCONV_USE_FLOAT)
  if (stream) {
    _mm_stream_pd(p, v);
    return;
  }
#  endif
  (void)stream;
  spconv__v2_store(p, v);
}
/* (a0, b0) and (a1, b1) */
SPCONV__V2_API spconv__v2 spconv__v2_lo(spconv__v2 a, spconv__v2 b) {
  return __builtin_shufflevector(a, b, 0, 2);
}
SPCONV__V2_API spconv__v2 spconv__v2_hi(spconv__v2 a, spconv__v2 b) {
  return __builtin_shufflevector(a, b, 1, 3);
}

/* v[k] = (x[k], x[6 + k]): two 6-vectors, transposed */
SPCONV__V2_API void spconv__v2_load6(spconv__v2 v[6], const spconv_real *x) {
  int k;
  for (k = 0; k < 3; ++k) {
    spconv__v2 a = spconv__v2_load(x + 2 * k), b = spconv__v2_load(x + 6 + 2 * k);
    v[2 * k] = spconv__v2_lo(a, b);
    v[2 * k + 1] = spconv__v2_hi(a, b);
  }
}
/* res[k] = lane 0 of v[k], res[6 + k] = lane 1 of v[k] (non-temporal
   stores when `stream`, see spconv__v2_store_nt) */
SPCONV__V2_API void spconv__v2_store6(spconv_real *res, const spconv__v2 v[6], int stream) {
  int k;
  for (k = 0; k < 3; ++k) {
    spconv__v2_store_nt(res + 2 * k, spconv__v2_lo(v[2 * k], v[2 * k + 1]), stream);
    spconv__v2_store_nt(res + 6 + 2 * k, spconv__v2_hi(v[2 * k], v[2 * k + 1]), stream);
  }
}
/* v[k] = (x[k], x[4 + k]): two 4-vectors, transposed; and back */
SPCONV__V2_API void spconv__v2_load4(spconv__v2 v[4], const spconv_real *x) {
  spconv__v2 a0 = spconv__v2_load(x), a1 = spconv__v2_load(x + 2);
  spconv__v2 b0 = spconv__v2_load(x + 4), b1 = spconv__v2_load(x + 6);
  v[0] = spconv__v2_lo(a0, b0);
  v[1] = spconv__v2_hi(a0, b0);
  v[2] = spconv__v2_lo(a1, b1);
  v[3] = spconv__v2_hi(a1, b1);
}
SPCONV__V2_API void spconv__v2_store4(spconv_real *res, const spconv__v2 v[4]) {
  spconv__v2_store(res, spconv__v2_lo(v[0], v[1]));
  spconv__v2_store(res + 2, spconv__v2_lo(v[2], v[3]));
  spconv__v2_store(res + 4, spconv__v2_hi(v[0], v[1]));
  spconv__v2_store(res + 6, spconv__v2_hi(v[2], v[3]));
}
/* q[k] = (q_wxyz[k], q_wxyz[qs + k]): two quaternions qs reals apart (7:
   two qpos rows) */
SPCONV__V2_API void spconv__v2_load_quat(spconv__v2 q[4], const spconv_real *q_wxyz, size_t qs) {
  spconv__v2 a0 = spconv__v2_load(q_wxyz), a1 = spconv__v2_load(q_wxyz + 2);
  spconv__v2 b0 = spconv__v2_load(q_wxyz + qs), b1 = spconv__v2_load(q_wxyz + qs + 2);
  q[0] = spconv__v2_lo(a0, b0);
  q[1] = spconv__v2_hi(a0, b0);
  q[2] = spconv__v2_lo(a1, b1);
  q[3] = spconv__v2_hi(a1, b1);
}
/* p[k] = (p3[k], p3[3 + k]): two 3-vectors, transposed */
SPCONV__V2_API void spconv__v2_load3(spconv__v2 p[3], const spconv_real *p3) {
  spconv__v2 a = spconv__v2_load(p3), b = spconv__v2_load(p3 + 2), c = spconv__v2_load(p3 + 4);
  p[0] = __builtin_shufflevector(a, b, 0, 3); /* (a0, b0) */
  p[1] = __builtin_shufflevector(a, c, 1, 2); /* (a1, b1) */
  p[2] = __builtin_shufflevector(b, c, 0, 3); /* (a2, b2) */
}

/* spconv__mat_from_quat, lane by lane. s = 2 / (n + z) with z = 1 for
   n == 0 gives s = 2, not 0, for the zero quaternion: R is still exactly
   I there (every product of the quaternion is +-0, and a positive s keeps
   the sign of zero), and n underflows to 0 only when every product does,
   so R equals spconv__mat_from_quat's bit for bit, one subtraction and
   one multiplication cheaper. */
SPCONV__V2_API void spconv__v2_mat_from_quat(spconv__v2 R[9], const spconv__v2 q[4]) {
  spconv__v2 w = q[0], x = q[1], y = q[2], z = q[3], one = spconv__v2_splat(SPCONV__R(1));
  spconv__v2 n = w * w + x * x + y * y + z * z;
  spconv__v2i is0 = n == spconv__v2_splat(SPCONV__R(0)); /* all ones or 0 per lane */
  spconv__v2 zero = SPCONV__V2_BITS(spconv__v2, is0 & SPCONV__V2_BITS(spconv__v2i, one));
  spconv__v2 s = spconv__v2_splat(SPCONV__R(2)) / (n + zero);
  R[0] = one - s * (y * y + z * z);
  R[1] = s * (x * y - w * z);
  R[2] = s * (x * z + w * y);
  R[3] = s * (x * y + w * z);
  R[4] = one - s * (x * x + z * z);
  R[5] = s * (y * z - w * x);
  R[6] = s * (x * z - w * y);
  R[7] = s * (y * z + w * x);
  R[8] = one - s * (x * x + y * y);
}
SPCONV__V2_API void spconv__v2_mat_vec(spconv__v2 res[3], const spconv__v2 R[9],
                                       const spconv__v2 v[3]) {
  res[0] = R[0] * v[0] + R[1] * v[1] + R[2] * v[2];
  res[1] = R[3] * v[0] + R[4] * v[1] + R[5] * v[2];
  res[2] = R[6] * v[0] + R[7] * v[1] + R[8] * v[2];
}
SPCONV__V2_API void spconv__v2_mat_t_vec(spconv__v2 res[3], const spconv__v2 R[9],
                                         const spconv__v2 v[3]) {
  res[0] = R[0] * v[0] + R[3] * v[1] + R[6] * v[2];
  res[1] = R[1] * v[0] + R[4] * v[1] + R[7] * v[2];
  res[2] = R[2] * v[0] + R[5] * v[1] + R[8] * v[2];
}
SPCONV__V2_API void spconv__v2_cross(spconv__v2 res[3], const spconv__v2 a[3],
                                     const spconv__v2 b[3]) {
  res[0] = a[1] * b[2] - a[2] * b[1];
  res[1] = a[2] * b[0] - a[0] * b[2];
  res[2] = a[0] * b[1] - a[1] * b[0];
}

/* SPCONV__BATCH_MJ with two bodies per step through vfn(res, x, q_wxyz, qs,
   ipos, stream) (arrays of bodies i and i + 1; res may equal x), the last
   odd body through fn. Out of place, in double on x86, from
   SPCONV_STREAM_MIN_BYTES of output on and with res 16-byte aligned, the
   results are stored around the cache (see spconv__stream_ok). */
#  if defined(SPCONV__STREAM) && !defined(SPCONV_USE_FLOAT)
#    define SPCONV__MJ_STREAM(res, x, n) ((res) != (x) && spconv__stream_ok(res, 6 * (n)))
#    define SPCONV__MJ_FENCE() _mm_sfence()
#  else
#    define SPCONV__MJ_STREAM(res, x, n) 0
#    define SPCONV__MJ_FENCE() ((void)0)
#  endif
#  define SPCONV__BATCH_MJ_V2(name, fn, vfn)                                              \
  SPCONV__PRIVATE void spconv__##name##_oop(spconv_real *res, const spconv_real *x,         \
                                            const spconv_real *q, size_t qs,                \
                                            const spconv_real *ipos, size_t n) {            \
    size_t i = 0;                                                                           \
    if (SPCONV__MJ_STREAM(res, x, n)) {                                                     \
      for (; i + 2 <= n; i += 2)                                                            \
        vfn(res + 6 * i, x + 6 * i, q + qs * i, qs, ipos + 3 * i, 1);                       \
      SPCONV__MJ_FENCE();                                                                   \
    } else {                                                                                \
      for (; i + 2 <= n; i += 2)                                                            \
        vfn(res + 6 * i, x + 6 * i, q + qs * i, qs, ipos + 3 * i, 0);                       \
    }                                                                                       \
    if (i < n) fn(res + 6 * i, x + 6 * i, q + qs * i, ipos + 3 * i);                        \
  }                                                                                         \
  SPCONV__PRIVATE void spconv__##name##_io(spconv_real *x, const spconv_real *q, size_t qs, \
                                           const spconv_real *ipos, size_t n) {             \
    spconv__##name##_oop(x, x, q, qs, ipos, n);                                             \
  }
#endif /* SPCONV__V2 */

/* the public form: in place when res == x, else out of place (one
   statement, safe in any if / else) */
#define SPCONV__BATCH_CALL0(name, res, x, n)                                  \
  do {                                                                        \
    if (SPCONV__CAST(const spconv_real *, res) == (x))                       \
      spconv__##name##_io(res, n);                                            \
    else                                                                      \
      spconv__##name##_oop(res, x, n);                                        \
  } while (0)
#define SPCONV__BATCH_CALL(name, res, x, ...)                                 \
  do {                                                                        \
    if (SPCONV__CAST(const spconv_real *, res) == (x))                       \
      spconv__##name##_io(res, __VA_ARGS__);                                  \
    else                                                                      \
      spconv__##name##_oop(res, x, __VA_ARGS__);                              \
  } while (0)

/* ================================================================== >>status
   STATUS: the name of a status code */
/** @defgroup status Status codes
    The name of a status code. @{ */

/** A short English name of a status code; "unknown status" for others. */
SPCONV_API const char *spconv_status_string(int status) {
  switch (status) {
    case SPCONV_OK: return "ok";
    case SPCONV_EINVAL: return "invalid argument";
    case SPCONV_EDEGENERATE: return "degenerate input";
    case SPCONV_GIMBAL_LOCK: return "gimbal lock";
    default: return "unknown status";
  }
}

/** @} */ /* end of >>status */

/* ==================================================================== >>quat
   QUATERNIONS: storage order (wxyz <-> xyzw, single and _n), algebra */
/** @defgroup quat Quaternions
    Storage order (wxyz <-> xyzw, single and _n), algebra. @{ */

/** res (w, x, y, z) = the same quaternion stored (x, y, z, w). */
SPCONV_API void spconv_quat_wxyz_from_xyzw(spconv_real res[4],
                                           const spconv_real q_xyzw[4]) {
  spconv_real x = q_xyzw[0], y = q_xyzw[1], z = q_xyzw[2], w = q_xyzw[3];
  res[0] = w;
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

/** res (x, y, z, w) = the same quaternion stored (w, x, y, z). */
SPCONV_API void spconv_quat_xyzw_from_wxyz(spconv_real res[4],
                                           const spconv_real q_wxyz[4]) {
  spconv_real w = q_wxyz[0], x = q_wxyz[1], y = q_wxyz[2], z = q_wxyz[3];
  res[0] = x;
  res[1] = y;
  res[2] = z;
  res[3] = w;
}

/* defines spconv__quat_wxyz_from_xyzw_n_io and _oop */
SPCONV__BATCH0(quat_wxyz_from_xyzw_n, spconv_quat_wxyz_from_xyzw, 4)

/* defines spconv__quat_xyzw_from_wxyz_n_io and _oop */
SPCONV__BATCH0(quat_xyzw_from_wxyz_n, spconv_quat_xyzw_from_wxyz, 4)

/** n contiguous quaternions (4n reals), xyzw -> wxyz; res may equal q_xyzw. */
SPCONV_API void spconv_quat_wxyz_from_xyzw_n(spconv_real *res, const spconv_real *q_xyzw,
                                             size_t n) {
  SPCONV_ASSERT(spconv__batch_ok(res, 4 * n, q_xyzw, 4 * n, 1));
#ifdef SPCONV__STREAM
  if (res != q_xyzw && spconv__stream_ok(res, 4 * n)) {
    spconv__quat_reorder_stream(res, q_xyzw, n, 0);
    return;
  }
#endif
  SPCONV__BATCH_CALL0(quat_wxyz_from_xyzw_n, res, q_xyzw, n);
}

/** n contiguous quaternions (4n reals), wxyz -> xyzw; res may equal q_wxyz. */
SPCONV_API void spconv_quat_xyzw_from_wxyz_n(spconv_real *res, const spconv_real *q_wxyz,
                                             size_t n) {
  SPCONV_ASSERT(spconv__batch_ok(res, 4 * n, q_wxyz, 4 * n, 1));
#ifdef SPCONV__STREAM
  if (res != q_wxyz && spconv__stream_ok(res, 4 * n)) {
    spconv__quat_reorder_stream(res, q_wxyz, n, 1);
    return;
  }
#endif
  SPCONV__BATCH_CALL0(quat_xyzw_from_wxyz_n, res, q_wxyz, n);
}

/** res = q v q^-1: v rotated by q stored (w, x, y, z); q need not be unit. */
SPCONV_API void spconv_quat_rotate_wxyz(spconv_real res[3], const spconv_real q_wxyz[4],
                                        const spconv_real v[3]) {
  SPCONV_ASSERT(res && q_wxyz && v);
  spconv__quat_rotate(res, q_wxyz[0], q_wxyz[1], q_wxyz[2], q_wxyz[3], v);
}

/** res = q v q^-1: v rotated by q stored (x, y, z, w); q need not be unit. */
SPCONV_API void spconv_quat_rotate_xyzw(spconv_real res[3], const spconv_real q_xyzw[4],
                                        const spconv_real v[3]) {
  spconv__quat_rotate(res, q_xyzw[3], q_xyzw[0], q_xyzw[1], q_xyzw[2], v);
}

/** res = a b (Hamilton product, wxyz): rotating by res is rotating by b,
   then by a. res = (aw bw - av.bv, aw bv + bw av + av x bv). */
SPCONV_API void spconv_quat_mul_wxyz(spconv_real res[4], const spconv_real a[4],
                                     const spconv_real b[4]) {
  spconv_real w = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  spconv_real x = a[0] * b[1] + b[0] * a[1] + a[2] * b[3] - a[3] * b[2];
  spconv_real y = a[0] * b[2] + b[0] * a[2] + a[3] * b[1] - a[1] * b[3];
  spconv_real z = a[0] * b[3] + b[0] * a[3] + a[1] * b[2] - a[2] * b[1];
  res[0] = w;
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

/** res = (w, -x, -y, -z): the conjugate, the inverse rotation of q. */
SPCONV_API void spconv_quat_conj_wxyz(spconv_real res[4], const spconv_real q_wxyz[4]) {
  res[0] = q_wxyz[0];
  res[1] = -q_wxyz[1];
  res[2] = -q_wxyz[2];
  res[3] = -q_wxyz[3];
}

/** res = q^-1 = conj(q) / |q|^2 (wxyz). For a unit q this is the conjugate;
   the zero quaternion maps to itself (it acts as the identity). */
SPCONV_API void spconv_quat_inv_wxyz(spconv_real res[4], const spconv_real q_wxyz[4]) {
  spconv_real w = q_wxyz[0], x = q_wxyz[1], y = q_wxyz[2], z = q_wxyz[3];
  spconv_real s = SPCONV__R(0.5) * spconv__quat_scale(w, x, y, z); /* 1/|q|^2 or 0 */
  res[0] = s * w;
  res[1] = -s * x;
  res[2] = -s * y;
  res[3] = -s * z;
}

/** res = q / |q| (wxyz). SPCONV_EDEGENERATE (res untouched) for a zero or
   non-finite q. Does not change the sign (see spconv_quat_canonical_wxyz). */
SPCONV_API int spconv_quat_normalize_wxyz(spconv_real res[4], const spconv_real q_wxyz[4]) {
  return spconv__quat_unit(res, q_wxyz) ? SPCONV_OK : SPCONV_EDEGENERATE;
}

/** res = q or -q, whichever has w > 0; when w == 0 the first nonzero of
   x, y, z is made positive (SciPy's canonical=True rule). Only the sign
   changes: the norm is kept. The zero quaternion and NaN stay as they are. */
SPCONV_API void spconv_quat_canonical_wxyz(spconv_real res[4], const spconv_real q_wxyz[4]) {
  spconv_real w = q_wxyz[0], x = q_wxyz[1], y = q_wxyz[2], z = q_wxyz[3];
  int flip;
  if (w != SPCONV__R(0)) flip = w < SPCONV__R(0);
  else if (x != SPCONV__R(0)) flip = x < SPCONV__R(0);
  else if (y != SPCONV__R(0)) flip = y < SPCONV__R(0);
  else flip = z < SPCONV__R(0);
  if (flip) {
    w = -w;
    x = -x;
    y = -y;
    z = -z;
  }
  res[0] = w;
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

/** res = the rotation a fraction t of the way from a to b along the shortest
   arc (t = 0: a, t = 1: b, unit wxyz; b is negated when a.b < 0). Inputs
   need not be unit; a zero input acts as the identity. */
SPCONV_API void spconv_quat_slerp_wxyz(spconv_real res[4], const spconv_real a[4],
                                       const spconv_real b[4], spconv_real t) {
  spconv_real qa[4], qb[4], d[4], s[4], nd, ns, om, wa, wb, so;
  int i;
  spconv__quat_unit_or_identity(qa, a);
  spconv__quat_unit_or_identity(qb, b);
  if (qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3] < SPCONV__R(0))
    for (i = 0; i < 4; ++i) qb[i] = -qb[i];
  for (i = 0; i < 4; ++i) {
    d[i] = qa[i] - qb[i];
    s[i] = qa[i] + qb[i];
  }
  nd = SPCONV_SQRT(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + d[3] * d[3]);
  ns = SPCONV_SQRT(s[0] * s[0] + s[1] * s[1] + s[2] * s[2] + s[3] * s[3]);
  om = SPCONV__R(2) * SPCONV_ATAN2(nd, ns); /* angle between qa and qb in R^4, [0, pi/2] */
  if (om == SPCONV__R(0)) { /* (a NaN or infinite t still gives NaN) */
    for (i = 0; i < 4; ++i) res[i] = qa[i] + SPCONV__R(0) * t;
    return;
  }
  so = SPCONV_SIN(om);
  wa = SPCONV_SIN((SPCONV__R(1) - t) * om) / so;
  wb = SPCONV_SIN(t * om) / so;
  for (i = 0; i < 4; ++i) s[i] = wa * qa[i] + wb * qb[i];
  spconv__quat_unit_or_identity(res, s);
}

/** The angle in [0, pi] of the rotation that takes a to b (the geodesic
   distance between two rotations; q and -q give 0). Computed as
   2 atan2(|r_xyz|, |r_w|), r = conj(a) b, accurate near 0 and near pi. */
SPCONV_API spconv_real spconv_quat_angle_wxyz(const spconv_real a[4], const spconv_real b[4]) {
  spconv_real qa[4], qb[4], r[4];
  spconv__quat_unit_or_identity(qa, a);
  spconv__quat_unit_or_identity(qb, b);
  spconv_quat_conj_wxyz(qa, qa);
  spconv_quat_mul_wxyz(r, qa, qb);
  return SPCONV__R(2) * SPCONV_ATAN2(spconv__norm3(r + 1), SPCONV_FABS(r[0]));
}

/** @} */ /* end of >>quat */

/* ===================================================================== >>rot
   ROTATION REPRESENTATIONS: matrices, axis-angle, rotation vectors, Euler and
   engine-named forms, 6D, n-rotation format converter */
/** @defgroup rot Rotation representations
    Matrices, axis-angle, rotation vectors, Euler and engine-named forms, 6D,
    n-rotation format converter. @{ */
/* Conventions of this section (see docs/rotations.md for every tool's name):
   - Quaternions are wxyz, active (v' = q v q^-1), any nonzero norm; q and
     -q are the same rotation. Functions that return int refuse a zero or
     non-finite quaternion with SPCONV_EDEGENERATE (res untouched); pure maps
     treat the zero quaternion as the identity and propagate NaN.
   - Matrices are flat row-major [9]. spconv_mat_from_quat_wxyz(R, q) gives
     the matrix whose columns are the body axes in world axes: R v_body =
     v_world. That is MuJoCo's xmat (which Ptera's docs call the passive
     body-to-world matrix R_pas_B_to_E; the active rotation of q and this
     passive body-to-world matrix are the same numbers). Its transpose
     (spconv_mat_transpose) maps world to body.
   - A matrix is accepted as a rotation when every entry of R R^T - I is at
     most SPCONV_ROTATION_TOL in magnitude and det R > 0 (reflections and
     shears are refused with SPCONV_EINVAL, as are non-finite entries).
   - Angles are radians; spconv_rad_from_deg and friends convert. */

/* ----------------------------------------------------------------- matrices */

/** res = the rotation matrix of q (row-major; q need not be unit): columns
   are the body axes in world axes, R v = q v q^-1. Equals MuJoCo's
   mju_quat2Mat and its xmat for q = xquat. */
SPCONV_API void spconv_mat_from_quat_wxyz(spconv_real res[9], const spconv_real q_wxyz[4]) {
  spconv__mat_from_quat(res, q_wxyz);
}

/** res = the unit quaternion (wxyz, canonical sign as spconv_quat_canonical_wxyz)
   of the rotation matrix R (row-major, columns = body axes in world, as
   MuJoCo's xmat). Shepperd's method: the largest of 4w^2 = 1 + tr R,
   4x^2 = 1 + R00 - R11 - R22, ... is taken from the diagonal and the others
   from off-diagonal sums and differences, so it is accurate for every
   rotation including 180 degrees. SPCONV_EINVAL (res untouched) when R is
   not a rotation within SPCONV_ROTATION_TOL (see the section comment). */
SPCONV_API int spconv_quat_wxyz_from_mat(spconv_real res[4], const spconv_real R[9]) {
  if (!spconv__is_rotation(R)) return SPCONV_EINVAL;
  spconv__quat_from_rotation(res, R);
  return SPCONV_OK;
}

/** res = R^T: the inverse rotation. For MuJoCo's xmat (body -> world) this
   is the world -> body matrix. */
SPCONV_API void spconv_mat_transpose(spconv_real res[9], const spconv_real R[9]) {
  spconv_real t[9];
  int i, j;
  for (i = 0; i < 9; ++i) t[i] = R[i];
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) res[3 * i + j] = t[3 * j + i];
}

/** res = A B (row-major 3x3; res may alias A or B). Between axis systems:
   M_ac = M_bc M_ab, the change A -> C from A -> B and B -> C (and
   spconv_mat_transpose(M) is the change back). */
SPCONV_API void spconv_mat_mul(spconv_real res[9], const spconv_real A[9],
                               const spconv_real B[9]) {
  spconv__mat_mul(res, A, B, 0);
}

/** res = the nearest rotation to R in the Frobenius norm (the orthogonal
   factor of the polar decomposition R = Q H), by Newton's iteration
   X <- (g X + X^-T / g) / 2 with Higham's scaling g = (|X^-1|_F/|X|_F)^(1/2).
   A scaled rotation c R (c > 0) gives R. SPCONV_EINVAL (res untouched) when
   det R < 0 (a reflection has no nearest rotation of the same handedness),
   SPCONV_EDEGENERATE when R is singular (|det R| <= eps |R|_F^3) or not finite. */
SPCONV_API int spconv_mat_orthonormalize(spconv_real res[9], const spconv_real R[9]) {
  spconv_real X[9], C[9], det, nx, ny, g, diff;
  int i, it;
  for (i = 0; i < 9; ++i) {
    if (!spconv__finite(R[i])) return SPCONV_EDEGENERATE;
    X[i] = R[i];
  }
  nx = spconv__max_abs(X, 9);
  if (nx == SPCONV__R(0)) return SPCONV_EDEGENERATE;
  for (i = 0; i < 9; ++i) X[i] /= nx; /* scale-free: entries in [-1, 1] */
  det = spconv__det3(X);
  nx = SPCONV__R(0);
  for (i = 0; i < 9; ++i) nx += X[i] * X[i];
  if (SPCONV_FABS(det) <= SPCONV__EPS * nx * SPCONV_SQRT(nx)) return SPCONV_EDEGENERATE;
  if (det < SPCONV__R(0)) return SPCONV_EINVAL;
  for (it = 0; it < 100; ++it) {
    det = spconv__det3(X);
    /* C = X^-T = cofactor matrix / det */
    C[0] = (X[4] * X[8] - X[5] * X[7]) / det;
    C[1] = (X[5] * X[6] - X[3] * X[8]) / det;
    C[2] = (X[3] * X[7] - X[4] * X[6]) / det;
    C[3] = (X[2] * X[7] - X[1] * X[8]) / det;
    C[4] = (X[0] * X[8] - X[2] * X[6]) / det;
    C[5] = (X[1] * X[6] - X[0] * X[7]) / det;
    C[6] = (X[1] * X[5] - X[2] * X[4]) / det;
    C[7] = (X[2] * X[3] - X[0] * X[5]) / det;
    C[8] = (X[0] * X[4] - X[1] * X[3]) / det;
    nx = ny = SPCONV__R(0);
    for (i = 0; i < 9; ++i) {
      nx += X[i] * X[i];
      ny += C[i] * C[i];
    }
    g = SPCONV_SQRT(SPCONV_SQRT(ny / nx));
    diff = SPCONV__R(0);
    for (i = 0; i < 9; ++i) {
      spconv_real x = SPCONV__R(0.5) * (g * X[i] + C[i] / g);
      diff += (x - X[i]) * (x - X[i]);
      X[i] = x;
    }
    if (diff <= SPCONV__R(16) * SPCONV__EPS * SPCONV__EPS) break; /* converged quadratically */
  }
  for (i = 0; i < 9; ++i) res[i] = X[i];
  return SPCONV_OK;
}

/* ------------------------------------------ axis-angle and rotation vectors */

/** res = the rotation by angle (radians, right-handed) about axis, which need
   not be unit (it is normalized, also when its length would overflow;
   MuJoCo's mju_axisAngle2Quat assumes a unit axis). A zero axis gives the
   identity (NaN w for a non-finite angle). */
SPCONV_API void spconv_quat_wxyz_from_axis_angle(spconv_real res[4], const spconv_real axis[3],
                                                 spconv_real angle) {
  spconv_real m = spconv__max_abs(axis, 3), a[3], n, s, x, y, z;
  if (m == SPCONV__R(0) && axis[0] == axis[0] && axis[1] == axis[1] && axis[2] == axis[2]) {
    res[0] = SPCONV__R(1) + SPCONV__R(0) * angle; /* NaN for a non-finite angle */
    res[1] = res[2] = res[3] = SPCONV__R(0);
    return;
  }
  a[0] = axis[0] / m; /* entries in [-1, 1] (NaN stays NaN) */
  a[1] = axis[1] / m;
  a[2] = axis[2] / m;
  n = SPCONV_SQRT(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
  s = SPCONV_SIN(SPCONV__R(0.5) * angle) / n;
  x = s * a[0];
  y = s * a[1];
  z = s * a[2];
  res[0] = SPCONV_COS(SPCONV__R(0.5) * angle);
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

/** axis (unit) and *angle in [0, pi] of q (wxyz, any nonzero norm), from the
   canonical sign of q: angle = 2 atan2(|xyz|, w), accurate near 0 and pi.
   The identity gives axis (1, 0, 0), angle 0. At exactly 180 degrees the
   axis has its first nonzero component positive. SPCONV_EDEGENERATE
   (outputs untouched) for a zero or non-finite q. */
SPCONV_API int spconv_axis_angle_from_quat_wxyz(spconv_real axis[3], spconv_real *angle,
                                                const spconv_real q_wxyz[4]) {
  spconv_real q[4], t[4], n, m, a;
  if (!spconv__quat_unit(q, q_wxyz)) return SPCONV_EDEGENERATE;
  spconv_quat_canonical_wxyz(q, q);
  n = spconv__norm3(q + 1);
  if (n == SPCONV__R(0)) {
    axis[0] = SPCONV__R(1);
    axis[1] = axis[2] = SPCONV__R(0);
    *angle = SPCONV__R(0);
    return SPCONV_OK;
  }
  a = SPCONV__R(2) * SPCONV_ATAN2(n, q[0]);
  /* the axis from the input's vector part scaled to [-1, 1] (not from q,
     whose vector part may have lost bits to underflow), canonical sign */
  m = spconv__max_abs(q_wxyz + 1, 3);
  t[0] = q_wxyz[0];
  t[1] = q_wxyz[1] / m;
  t[2] = q_wxyz[2] / m;
  t[3] = q_wxyz[3] / m;
  spconv_quat_canonical_wxyz(t, t);
  n = spconv__norm3(t + 1);
  axis[0] = t[1] / n; /* outputs last: they may alias q_wxyz */
  axis[1] = t[2] / n;
  axis[2] = t[3] / n;
  *angle = a;
  return SPCONV_OK;
}

/** res = exp(rv / 2): the rotation by |rv| radians about rv (rotation vector,
   also "axis-angle" in SONIC's pose_aa and SciPy's from_rotvec), i.e.
   spconv_quat_wxyz_from_axis_angle(res, rv, |rv|). Unit, w >= 0 for
   |rv| <= pi; the zero vector gives the identity. */
SPCONV_API void spconv_quat_wxyz_from_rotvec(spconv_real res[4], const spconv_real rv[3]) {
  const spconv_real angle = spconv__norm3(rv);
  spconv_real h[3];
  int i;
  if (angle == SPCONV__R(0)) { /* (1, rv / 2): the identity, and exp's derivative at 0 */
    for (i = 0; i < 3; ++i) h[i] = SPCONV__R(0.5) * rv[i];
    res[0] = SPCONV__R(1);
    for (i = 0; i < 3; ++i) res[1 + i] = h[i];
    return;
  }
  spconv_quat_wxyz_from_axis_angle(res, rv, angle);
}

/** res = the rotation vector of q (wxyz, any norm): angle * axis with
   |res| <= pi (the shortest of q and -q), as SciPy's as_rotvec and MuJoCo's
   mju_quat2Vel(res, q, 1). At exactly pi the sign follows
   spconv_quat_canonical_wxyz. The zero quaternion gives 0. */
SPCONV_API void spconv_rotvec_from_quat_wxyz(spconv_real res[3], const spconv_real q_wxyz[4]) {
  spconv_real q[4], n, k;
  spconv__quat_unit_or_identity(q, q_wxyz);
  spconv_quat_canonical_wxyz(q, q);
  n = spconv__norm3(q + 1);
  /* 2 atan2(n, w) / n: for small n, atan2(n, w) ~ n / w, no cancellation */
  k = n > SPCONV__R(0) ? SPCONV__R(2) * SPCONV_ATAN2(n, q[0]) / n : SPCONV__R(2);
  res[0] = k * q[1];
  res[1] = k * q[2];
  res[2] = k * q[3];
}

/* ------------------------------------------------------------- Euler angles */

/* a in (-pi, pi] for a in [-3 pi, 3 pi] */
SPCONV__PRIVATE spconv_real spconv__wrap_pi(spconv_real a) {
  if (a > SPCONV__PI) a -= SPCONV__R(2) * SPCONV__PI;
  else if (a <= -SPCONV__PI) a += SPCONV__R(2) * SPCONV__PI;
  return a;
}

/* axes (0 = x, 1 = y, 2 = z) of a sequence; 0 for an unknown value (ax is
   written on every path, which keeps -Wmaybe-uninitialized quiet at any -O) */
SPCONV__PRIVATE int spconv__euler_axes(spconv_euler_seq seq, int ax[3]) {
  int a = 0, b = 0, c = 0, ok = 1;
  switch (seq) {
    case SPCONV_EULER_XYZ: a = 0; b = 1; c = 2; break;
    case SPCONV_EULER_XZY: a = 0; b = 2; c = 1; break;
    case SPCONV_EULER_YXZ: a = 1; b = 0; c = 2; break;
    case SPCONV_EULER_YZX: a = 1; b = 2; c = 0; break;
    case SPCONV_EULER_ZXY: a = 2; b = 0; c = 1; break;
    case SPCONV_EULER_ZYX: a = 2; b = 1; c = 0; break;
    case SPCONV_EULER_XYX: a = 0; b = 1; c = 0; break;
    case SPCONV_EULER_XZX: a = 0; b = 2; c = 0; break;
    case SPCONV_EULER_YXY: a = 1; b = 0; c = 1; break;
    case SPCONV_EULER_YZY: a = 1; b = 2; c = 1; break;
    case SPCONV_EULER_ZXZ: a = 2; b = 0; c = 2; break;
    case SPCONV_EULER_ZYZ: a = 2; b = 1; c = 2; break;
    default: ok = 0; break;
  }
  ax[0] = a;
  ax[1] = b;
  ax[2] = c;
  return ok;
}

/* the sequence with axes (a, b, c), or -1 when a == b or b == c. Within a
   first axis the enum lists the smaller second axis first; the 6 proper
   sequences follow the 6 Tait-Bryan ones. */
SPCONV__PRIVATE int spconv__euler_seq_from_axes(int a, int b, int c) {
  int second = b > 3 - a - b ? 1 : 0;
  if (a == b || b == c) return -1;
  return SPCONV__CAST(int, SPCONV_EULER_XYZ) + (a == c ? 6 : 0) + 2 * a + second;
}

SPCONV__PRIVATE int spconv__euler_kind_valid(spconv_euler_kind kind) {
  return kind == SPCONV_EULER_EXTRINSIC || kind == SPCONV_EULER_INTRINSIC;
}

/* res = (cos(angle/2), sin(angle/2) e_axis) */
SPCONV__PRIVATE void spconv__quat_about_axis(spconv_real res[4], int axis, spconv_real angle) {
  res[0] = SPCONV_COS(SPCONV__R(0.5) * angle);
  res[1] = res[2] = res[3] = SPCONV__R(0);
  res[1 + axis] = SPCONV_SIN(SPCONV__R(0.5) * angle);
}

/* Angles (a, b, c) of R = R_i(a) R_j(b) R_k(c) (intrinsic, k == i allowed)
   from a unit q. With A, B, C the half angles and e_i x e_j = s e_l:
     proper (k == i):  q = (cB cos(A+C), e_i cB sin(A+C), e_j sB cos(A-C),
                            e_l s sB sin(A-C))
     Tait-Bryan:       (w + s q_j, q_i + q_k) = (cB + s sB) (cos, sin)(A+C),
                       (w - s q_j, q_i - q_k) = (cB - s sB) (cos, sin)(A-C)
   (multiply out q_i(a) q_j(b) q_k(c)). So A+C and A-C are atan2s of pairs
   whose lengths mp, mm give the middle angle, gamma = 2 atan2(mm, mp):
   proper b = gamma in [0, pi], Tait-Bryan b = s (pi/2 - gamma). Lock when
   gamma or pi - gamma is below SPCONV__GIMBAL_EPS: then the angle with the
   undetermined pair is set to 0 (zero_first: a, else c). */
SPCONV__PRIVATE int spconv__euler_intrinsic(spconv_real res[3], const spconv_real q[4], int i,
                                       int j, int k, int zero_first) {
  int l = 3 - i - j;
  spconv_real s = (j - i + 3) % 3 == 1 ? SPCONV__R(1) : SPCONV__R(-1);
  spconv_real w = q[0], qi = q[1 + i], qj = q[1 + j], ql = q[1 + l];
  spconv_real pc, ps, mc, ms, mp, mm, tp, tm, g, gc, a, b, c;
  int status = SPCONV_OK;
  if (k == i) {
    pc = w;
    ps = qi;
    mc = qj;
    ms = s * ql;
  } else { /* k == l */
    pc = w + s * qj;
    ps = qi + ql;
    mc = w - s * qj;
    ms = qi - ql;
  }
  mp = SPCONV_SQRT(pc * pc + ps * ps);
  mm = SPCONV_SQRT(mc * mc + ms * ms);
  tp = SPCONV_ATAN2(ps, pc); /* (A + C) */
  tm = SPCONV_ATAN2(ms, mc); /* (A - C) */
  g = SPCONV__R(2) * SPCONV_ATAN2(mm, mp);
  gc = SPCONV__R(2) * SPCONV_ATAN2(mp, mm); /* pi - g, accurate near 0 */
  b = k == i ? g : s * (SPCONV__R(0.5) * (gc - g));
  if (g <= SPCONV__GIMBAL_EPS) { /* A - C undetermined */
    status = SPCONV_GIMBAL_LOCK;
    if (zero_first) {
      a = SPCONV__R(0);
      c = spconv__wrap_pi(SPCONV__R(2) * tp);
    } else {
      a = spconv__wrap_pi(SPCONV__R(2) * tp);
      c = SPCONV__R(0);
    }
  } else if (gc <= SPCONV__GIMBAL_EPS) { /* A + C undetermined */
    status = SPCONV_GIMBAL_LOCK;
    if (zero_first) {
      a = SPCONV__R(0);
      c = spconv__wrap_pi(SPCONV__R(-2) * tm);
    } else {
      a = spconv__wrap_pi(SPCONV__R(2) * tm);
      c = SPCONV__R(0);
    }
  } else {
    a = spconv__wrap_pi(tp + tm);
    c = spconv__wrap_pi(tp - tm);
  }
  res[0] = a;
  res[1] = b;
  res[2] = c;
  return status;
}

/* res = q1(a) q2(b) q3(c) (intrinsic) or q3(c) q2(b) q1(a) (extrinsic) for
   the axes ax of a known sequence */
SPCONV__PRIVATE void spconv__quat_from_euler_axes(spconv_real res[4], const spconv_real angles[3],
                                             const int ax[3], int intrinsic) {
  spconv_real q1[4], q2[4], q3[4];
  spconv__quat_about_axis(q1, ax[0], angles[0]);
  spconv__quat_about_axis(q2, ax[1], angles[1]);
  spconv__quat_about_axis(q3, ax[2], angles[2]);
  if (intrinsic) {
    spconv_quat_mul_wxyz(q1, q1, q2);
    spconv_quat_mul_wxyz(res, q1, q3);
  } else {
    spconv_quat_mul_wxyz(q3, q3, q2);
    spconv_quat_mul_wxyz(res, q3, q1);
  }
}

/** res = the quaternion (wxyz) of Euler angles (radians; angles[i] about the
   i-th axis of seq, SciPy's meaning): intrinsic q = q1(a) q2(b) q3(c),
   extrinsic q = q3(c) q2(b) q1(a), each q_n(t) = (cos t/2, sin t/2 e_n).
   The plain product is returned (no sign change), as SciPy's from_euler.
   SPCONV_EINVAL (res untouched) for an unknown seq or kind. */
SPCONV_API int spconv_quat_wxyz_from_euler(spconv_real res[4], const spconv_real angles[3],
                                           spconv_euler_seq seq, spconv_euler_kind kind) {
  int ax[3];
  if (!spconv__euler_axes(seq, ax) || !spconv__euler_kind_valid(kind)) return SPCONV_EINVAL;
  spconv__quat_from_euler_axes(res, angles, ax, kind == SPCONV_EULER_INTRINSIC);
  return SPCONV_OK;
}

/** res = Euler angles (radians, SciPy's meaning and ranges: Tait-Bryan middle
   angle in [-pi/2, pi/2], proper Euler middle angle in [0, pi], the others
   in (-pi, pi]) of q (wxyz, any nonzero norm). Computed from quaternion
   half-angle sums and differences (see spconv__euler_intrinsic), so the
   angles always rebuild q to rounding, also near gimbal lock.
   Returns SPCONV_GIMBAL_LOCK when the middle angle is within
   SPCONV__GIMBAL_EPS (16 epsilons) of a lock: then res[2] (the third angle
   in the order of seq) is 0 and res[0] carries the whole turn, as SciPy
   does (SciPy 1.10 flags within about 1e-7 rad; between the two this
   returns both angles, whose sum or difference is exact).
   SPCONV_EINVAL for an unknown seq or kind, SPCONV_EDEGENERATE for a zero or
   non-finite q (res untouched on errors). */
SPCONV_API int spconv_euler_from_quat_wxyz(spconv_real res[3], const spconv_real q_wxyz[4],
                                           spconv_euler_seq seq, spconv_euler_kind kind) {
  int ax[3], status;
  spconv_real q[4], e[3];
  if (!spconv__euler_axes(seq, ax) || !spconv__euler_kind_valid(kind)) return SPCONV_EINVAL;
  if (!spconv__quat_unit(q, q_wxyz)) return SPCONV_EDEGENERATE;
  if (kind == SPCONV_EULER_INTRINSIC) {
    status = spconv__euler_intrinsic(e, q, ax[0], ax[1], ax[2], 0);
    res[0] = e[0];
    res[1] = e[1];
    res[2] = e[2];
  } else { /* extrinsic (1, 2, 3) with (a, b, c) == intrinsic (3, 2, 1) with (c, b, a) */
    status = spconv__euler_intrinsic(e, q, ax[2], ax[1], ax[0], 1);
    res[0] = e[2];
    res[1] = e[1];
    res[2] = e[0];
  }
  return status;
}

/** res = the rotation matrix (row-major) of Euler angles; see
   spconv_quat_wxyz_from_euler. SPCONV_EINVAL for an unknown seq or kind. */
SPCONV_API int spconv_mat_from_euler(spconv_real res[9], const spconv_real angles[3],
                                     spconv_euler_seq seq, spconv_euler_kind kind) {
  spconv_real q[4] = SPCONV__QUAT_IDENTITY; /* initialized: spares callers -Wmaybe-uninitialized */
  int status = spconv_quat_wxyz_from_euler(q, angles, seq, kind);
  if (status == SPCONV_OK) spconv__mat_from_quat(res, q);
  return status;
}

/** res = Euler angles of the rotation matrix R (row-major); see
   spconv_euler_from_quat_wxyz. SPCONV_EINVAL (res untouched) for an unknown
   seq or kind or when R is not a rotation within SPCONV_ROTATION_TOL. */
SPCONV_API int spconv_euler_from_mat(spconv_real res[3], const spconv_real R[9],
                                     spconv_euler_seq seq, spconv_euler_kind kind) {
  spconv_real q[4] = SPCONV__QUAT_IDENTITY;
  int ax[3];
  if (!spconv__euler_axes(seq, ax) || !spconv__euler_kind_valid(kind)) return SPCONV_EINVAL;
  if (spconv_quat_wxyz_from_mat(q, R) != SPCONV_OK) return SPCONV_EINVAL;
  return spconv_euler_from_quat_wxyz(res, q, seq, kind);
}

/* axis index of 'x'/'y'/'z' (any case), -1 otherwise; *upper = 1 for X/Y/Z */
SPCONV__PRIVATE int spconv__axis_letter(char ch, int *upper) {
  *upper = ch == 'X' || ch == 'Y' || ch == 'Z';
  switch (ch) {
    case 'x': case 'X': return 0;
    case 'y': case 'Y': return 1;
    case 'z': case 'Z': return 2;
    default: return -1;
  }
}

/* parses 3 axis letters then the end of the string: axes, and case
   (0 all lowercase, 1 all uppercase, 2 mixed); 0 on a bad string */
SPCONV__PRIVATE int spconv__parse_axes(const char *s, int ax[3], int *upper_case) {
  int i, up, n_up = 0;
  if (!s) return 0;
  for (i = 0; i < 3; ++i) {
    ax[i] = spconv__axis_letter(s[i], &up); /* s[i] == 0 stops here: no overrun */
    if (ax[i] < 0) return 0;
    n_up += up;
  }
  if (s[3] != '\0') return 0;
  *upper_case = n_up == 3 ? 1 : n_up == 0 ? 0 : 2;
  return 1;
}

/* (seq, kind) of a 3-letter axis string whose lowercase letters mean
   `lower` and uppercase letters the other kind (SciPy: lowercase is
   extrinsic; MuJoCo: lowercase is intrinsic). SPCONV_EINVAL (outputs
   untouched) for NULL, mixed case, other letters or lengths, or repeated
   consecutive axes. */
SPCONV__PRIVATE int spconv__euler_seq_from_string(spconv_euler_seq *seq, spconv_euler_kind *kind,
                                             const char *s, spconv_euler_kind lower) {
  int ax[3], up, e;
  if (!seq || !kind || !spconv__parse_axes(s, ax, &up) || up == 2) return SPCONV_EINVAL;
  e = spconv__euler_seq_from_axes(ax[0], ax[1], ax[2]);
  if (e < 0) return SPCONV_EINVAL;
  *seq = SPCONV__CAST(spconv_euler_seq, e);
  if (!up) *kind = lower;
  else *kind = lower == SPCONV_EULER_INTRINSIC ? SPCONV_EULER_EXTRINSIC : SPCONV_EULER_INTRINSIC;
  return SPCONV_OK;
}

/** SciPy's Rotation.from_euler / as_euler seq string: "XYZ" (uppercase) =
   intrinsic, "xyz" (lowercase) = extrinsic; exactly 3 letters, consecutive
   axes different. SPCONV_EINVAL (outputs untouched) for NULL, mixed case,
   other letters, other lengths or repeated consecutive axes. */
SPCONV_API int spconv_euler_seq_from_scipy(spconv_euler_seq *seq, spconv_euler_kind *kind,
                                           const char *s) {
  return spconv__euler_seq_from_string(seq, kind, s, SPCONV_EULER_EXTRINSIC);
}

/** MuJoCo's <compiler eulerseq="..."> (default "xyz"): lowercase letters are
   axes that rotate with the frame (intrinsic), uppercase fixed axes
   (extrinsic): the reverse of SciPy ("xyz" here is SciPy's "XYZ"; URDF rpy
   is "XYZ" here). MuJoCo also accepts mixed case and repeated axes, which no
   (seq, kind) pair expresses: those give SPCONV_EINVAL here (use
   spconv_quat_wxyz_from_mujoco_euler), as do bad strings. */
SPCONV_API int spconv_euler_seq_from_mujoco(spconv_euler_seq *seq, spconv_euler_kind *kind,
                                            const char *s) {
  return spconv__euler_seq_from_string(seq, kind, s, SPCONV_EULER_INTRINSIC);
}

/** res = the quaternion MuJoCo's compiler makes from euler="a0 a1 a2" under
   eulerseq (radians: convert degrees, MuJoCo's default unit, with
   spconv_rad_from_deg3). Any 3 letters of xyzXYZ, mixed case and repeats
   included: starting from the identity, rotation n about its axis multiplies
   on the right for a lowercase letter (rotating axes) and on the left for an
   uppercase one (fixed axes), as MuJoCo 2.2.2 does (checked against its
   compiler). SPCONV_EINVAL (res untouched) for another string. */
SPCONV_API int spconv_quat_wxyz_from_mujoco_euler(spconv_real res[4],
                                                  const spconv_real angles[3],
                                                  const char *eulerseq) {
  int ax[3], up, i;
  spconv_real q[4], r[4];
  if (!spconv__parse_axes(eulerseq, ax, &up)) return SPCONV_EINVAL;
  q[0] = SPCONV__R(1);
  q[1] = q[2] = q[3] = SPCONV__R(0);
  for (i = 0; i < 3; ++i) {
    spconv__quat_about_axis(r, ax[i], angles[i]);
    if (eulerseq[i] >= 'a') spconv_quat_mul_wxyz(q, q, r);
    else spconv_quat_mul_wxyz(q, r, q);
  }
  for (i = 0; i < 4; ++i) res[i] = q[i];
  return SPCONV_OK;
}

/** ROS / URDF rpy = (roll, pitch, yaw) about the fixed x, y, z axes
   (extrinsic xyz): R = Rz(yaw) Ry(pitch) Rx(roll) (URDF <origin rpy>,
   tf2 Quaternion::setRPY, MuJoCo eulerseq "XYZ", SciPy "xyz"). */
SPCONV_API void spconv_quat_wxyz_from_urdf_rpy(spconv_real res[4], const spconv_real rpy[3]) {
  const int xyz[3] = {0, 1, 2};
  spconv__quat_from_euler_axes(res, rpy, xyz, 0); /* extrinsic xyz */
}

/** res = (roll, pitch, yaw) of q (URDF / ROS rpy, extrinsic xyz), pitch in
   [-pi/2, pi/2]; status as spconv_euler_from_quat_wxyz (at gimbal lock
   yaw = 0). Also the inverse of Isaac Lab's quat_from_euler_xyz and of
   Drake's RollPitchYaw away from gimbal lock (same convention and ranges). */
SPCONV_API int spconv_urdf_rpy_from_quat_wxyz(spconv_real res[3], const spconv_real q_wxyz[4]) {
  return spconv_euler_from_quat_wxyz(res, q_wxyz, SPCONV_EULER_XYZ, SPCONV_EULER_EXTRINSIC);
}

/** Isaac Lab's isaaclab.utils.math.quat_from_euler_xyz(roll, pitch, yaw):
   extrinsic xyz despite the name's "XYZ convention" (its formula is
   q = qz(yaw) qy(pitch) qx(roll)), wxyz output, no sign change. */
SPCONV_API void spconv_quat_wxyz_from_isaaclab_euler_xyz(spconv_real res[4], spconv_real roll,
                                                         spconv_real pitch, spconv_real yaw) {
  spconv_real rpy[3];
  rpy[0] = roll;
  rpy[1] = pitch;
  rpy[2] = yaw;
  spconv_quat_wxyz_from_urdf_rpy(res, rpy);
}

/** Drake's RollPitchYaw(rpy = [r, p, y]): "space-fixed X-Y-Z" (extrinsic
   xyz) = body-fixed Z-Y-X with (y, p, r): R = Rz(y) Ry(p) Rx(r). */
SPCONV_API void spconv_quat_wxyz_from_drake_rpy(spconv_real res[4], const spconv_real rpy[3]) {
  spconv_quat_wxyz_from_urdf_rpy(res, rpy);
}

/* ----------------------------------------------- Euler angles of asset formats */

/* What a format's stored numbers mean: stored[s] turns about axis[s]
   (0 = x), by sign[s] times its value in radians (degrees when degrees is
   set), as angle "axis[s]" of SciPy's (seq, kind). Every format is
   Tait-Bryan, so each axis is stored once. */
typedef struct spconv__euler_format_def {
  spconv_euler_seq seq;
  spconv_euler_kind kind;
  int axis[3];
  int sign[3];
  int degrees;
} spconv__euler_format_def;

/* the definition of a format; 0 for an unknown value (d is written on every
   path) */
SPCONV__PRIVATE int spconv__euler_format_def_of(spconv__euler_format_def *d,
                                                spconv_euler_format format) {
  int i, f = SPCONV__CAST(int, format), ok = 1;
  for (i = 0; i < 3; ++i) {
    d->axis[i] = i; /* stored as (x, y, z) */
    d->sign[i] = 1;
  }
  d->seq = SPCONV_EULER_XYZ;
  d->kind = SPCONV_EULER_EXTRINSIC;
  d->degrees = 0;
  if (f >= SPCONV_EULER_FORMAT_USD_ROTATE_XYZ && f <= SPCONV_EULER_FORMAT_USD_ROTATE_ZYX) {
    /* rotateABC: A first, about fixed axes */
    d->seq = SPCONV__CAST(spconv_euler_seq, SPCONV_EULER_XYZ + f - SPCONV_EULER_FORMAT_USD_ROTATE_XYZ);
    d->degrees = 1;
  } else if (f >= SPCONV_EULER_FORMAT_THREEJS_XYZ && f <= SPCONV_EULER_FORMAT_THREEJS_ZYX) {
    /* order 'ABC': R = R_A R_B R_C, about the rotating axes */
    d->seq = SPCONV__CAST(spconv_euler_seq, SPCONV_EULER_XYZ + f - SPCONV_EULER_FORMAT_THREEJS_XYZ);
    d->kind = SPCONV_EULER_INTRINSIC;
  } else if (f >= SPCONV_EULER_FORMAT_BLENDER_XYZ && f <= SPCONV_EULER_FORMAT_BLENDER_ZYX) {
    /* mode 'ABC': A first, about fixed axes */
    d->seq = SPCONV__CAST(spconv_euler_seq, SPCONV_EULER_XYZ + f - SPCONV_EULER_FORMAT_BLENDER_XYZ);
  } else {
    switch (format) {
      case SPCONV_EULER_FORMAT_URDF_RPY: break; /* roll, pitch, yaw about fixed x, y, z */
      case SPCONV_EULER_FORMAT_MJCF: /* eulerseq "xyz": lowercase = rotating axes */
        d->kind = SPCONV_EULER_INTRINSIC;
        d->degrees = 1;
        break;
      case SPCONV_EULER_FORMAT_MJCF_RADIAN: d->kind = SPCONV_EULER_INTRINSIC; break;
      case SPCONV_EULER_FORMAT_UNITY: /* z, then x, then y about fixed axes */
        d->seq = SPCONV_EULER_ZXY;
        d->degrees = 1;
        break;
      case SPCONV_EULER_FORMAT_UNREAL: /* yaw, then pitch, then roll about the rotating axes */
        d->seq = SPCONV_EULER_ZYX;
        d->kind = SPCONV_EULER_INTRINSIC;
        d->axis[0] = 1; /* pitch: about y, nose up = the negative right-handed turn */
        d->axis[1] = 2; /* yaw: about z */
        d->axis[2] = 0; /* roll: about x, the negative right-handed turn */
        d->sign[0] = d->sign[2] = -1;
        d->degrees = 1;
        break;
      default: ok = 0; break;
    }
  }
  return ok;
}

/* the stored index of the number that turns about axis a */
SPCONV__PRIVATE int spconv__euler_format_slot(const spconv__euler_format_def *d, int a) {
  return d->axis[0] == a ? 0 : d->axis[1] == a ? 1 : 2;
}

/** res = the quaternion (wxyz) of three angles as format stores them (see
   spconv_euler_format: order of the stored numbers, order of the turns,
   signs, degrees or radians). The plain product is returned, as
   spconv_quat_wxyz_from_euler. Non-finite angles propagate.
   SPCONV_EINVAL (res untouched) for an unknown format. */
SPCONV_API int spconv_quat_wxyz_from_euler_format(spconv_real res[4], const spconv_real angles[3],
                                                  spconv_euler_format format) {
  spconv__euler_format_def d;
  spconv_real a[3];
  int ax[3], i, s;
  if (!spconv__euler_format_def_of(&d, format)) return SPCONV_EINVAL;
  (void)spconv__euler_axes(d.seq, ax);
  for (i = 0; i < 3; ++i) { /* a[i]: radians about the i-th axis of seq */
    s = spconv__euler_format_slot(&d, ax[i]);
    a[i] = d.degrees ? spconv_rad_from_deg(angles[s]) : angles[s];
    if (d.sign[s] < 0) a[i] = -a[i];
  }
  spconv__quat_from_euler_axes(res, a, ax, d.kind == SPCONV_EULER_INTRINSIC);
  return SPCONV_OK;
}

/** res = the three numbers format stores for q (wxyz, any nonzero norm):
   spconv_euler_from_quat_wxyz for the format's (seq, kind), then its signs,
   order and unit. Ranges: the middle turn in [-90, 90] degrees (or
   [-pi/2, pi/2]), the others in (-180, 180] (or (-pi, pi]). Returns
   SPCONV_GIMBAL_LOCK at a lock, where the last turn of the sequence is 0
   and the first carries the whole turn. SPCONV_EINVAL for an unknown
   format, SPCONV_EDEGENERATE for a zero or non-finite q (res untouched on
   errors). */
SPCONV_API int spconv_euler_format_from_quat_wxyz(spconv_real res[3], const spconv_real q_wxyz[4],
                                                  spconv_euler_format format) {
  spconv__euler_format_def d;
  spconv_real e[3], t[3];
  int ax[3], i, s, status;
  if (!spconv__euler_format_def_of(&d, format)) return SPCONV_EINVAL;
  status = spconv_euler_from_quat_wxyz(e, q_wxyz, d.seq, d.kind);
  if (status < 0) return status;
  (void)spconv__euler_axes(d.seq, ax);
  for (s = 0; s < 3; ++s) {
    i = ax[0] == d.axis[s] ? 0 : ax[1] == d.axis[s] ? 1 : 2; /* the turn stored at s */
    t[s] = d.sign[s] < 0 && e[i] != SPCONV__PI ? SPCONV__R(0) - e[i] : e[i]; /* -pi is pi, -0 is 0 */
    if (d.degrees) t[s] = spconv_deg_from_rad(t[s]);
  }
  for (s = 0; s < 3; ++s) res[s] = t[s];
  return status;
}

/** res = the angles res_format stores for the rotation that angles_format
   stores as angles: through the quaternion, so the result is in
   res_format's ranges (spconv_euler_format_from_quat_wxyz) and
   SPCONV_GIMBAL_LOCK warns at a lock. URDF rpy -> MJCF euler in degrees
   under the default eulerseq, USD rotateXYZ -> Blender 'XYZ' (the same
   turns, degrees -> radians), a three.js Euler -> a Unity eulerAngles.
   SPCONV_EINVAL for an unknown format, SPCONV_EDEGENERATE for non-finite
   angles (res untouched on errors). */
SPCONV_API int spconv_euler_convert(spconv_real res[3], spconv_euler_format res_format,
                                    const spconv_real angles[3],
                                    spconv_euler_format angles_format) {
  spconv__euler_format_def d;
  spconv_real q[4];
  int status;
  if (!spconv__euler_format_def_of(&d, res_format)) return SPCONV_EINVAL;
  status = spconv_quat_wxyz_from_euler_format(q, angles, angles_format);
  if (status != SPCONV_OK) return status;
  return spconv_euler_format_from_quat_wxyz(res, q, res_format);
}

/* -------------------------------------------------------- 6D representation */

/* indices into the row-major [9] of the 6 stored entries of a layout; 0 if
   unknown (idx is written on every path) */
SPCONV__PRIVATE int spconv__rot6d_index(spconv_rot6d_layout layout, int idx[6]) {
  int n, ok = 1;
  for (n = 0; n < 6; ++n) {
    switch (layout) {
      case SPCONV_ROT6D_COLUMNS: idx[n] = 3 * (n % 3) + n / 3; break;
      case SPCONV_ROT6D_ROWS: idx[n] = n; break;
      case SPCONV_ROT6D_COLUMNS_INTERLEAVED: idx[n] = 3 * (n / 2) + n % 2; break;
      default: idx[n] = n; ok = 0; break;
    }
  }
  return ok;
}

/** res = the 6D representation of R (row-major) in the given layout.
   SPCONV_EINVAL (res untouched) for an unknown layout or an R that is not a
   rotation within SPCONV_ROTATION_TOL (NaN, inf, reflection, scaled,
   sheared), as spconv_quat_wxyz_from_mat. */
SPCONV_API int spconv_rot6d_from_mat(spconv_real res[6], const spconv_real R[9],
                                     spconv_rot6d_layout layout) {
  int idx[6], n;
  spconv_real t[6];
  if (!spconv__rot6d_index(layout, idx) || !spconv__is_rotation(R)) return SPCONV_EINVAL;
  for (n = 0; n < 6; ++n) t[n] = R[idx[n]];
  for (n = 0; n < 6; ++n) res[n] = t[n];
  return SPCONV_OK;
}

/** res = the rotation (row-major) of a 6D vector d6 holding two vectors a1,
   a2 (columns or rows by layout), by Gram-Schmidt: b1 = a1/|a1|, b2 = the
   unit part of a2 orthogonal to b1, b3 = b1 x b2 (computed as b3 =
   unit(b1 x a2), b2 = b3 x b1, the same in exact arithmetic and orthogonal
   to rounding); b1, b2, b3 become the columns (COLUMNS, COLUMNS_INTERLEAVED)
   or rows (ROWS) of res. SPCONV_EINVAL for an unknown layout,
   SPCONV_EDEGENERATE for a1 = 0, a2 parallel to a1 (|b1 x a2| <= 16 eps |a2|,
   a2 = 0 included) or non-finite input (res untouched on errors). */
SPCONV_API int spconv_mat_from_rot6d(spconv_real res[9], const spconv_real d6[6],
                                     spconv_rot6d_layout layout) {
  int idx[6], n, i;
  spconv_real M[9], a1[3], a2[3], b1[3], b2[3], b3[3], n1, n3;
  if (!spconv__rot6d_index(layout, idx)) return SPCONV_EINVAL;
  for (n = 0; n < 6; ++n) {
    if (!spconv__finite(d6[n])) return SPCONV_EDEGENERATE;
    M[idx[n]] = d6[n];
  }
  for (i = 0; i < 3; ++i) { /* a1, a2 = first two columns, or rows */
    a1[i] = layout == SPCONV_ROT6D_ROWS ? M[i] : M[3 * i];
    a2[i] = layout == SPCONV_ROT6D_ROWS ? M[3 + i] : M[3 * i + 1];
  }
  /* only directions matter: scale each to entries in [-1, 1], so that no
     norm or cross product below overflows or loses bits to underflow */
  n1 = spconv__max_abs(a1, 3);
  n3 = spconv__max_abs(a2, 3);
  for (i = 0; i < 3; ++i) {
    if (n1 > SPCONV__R(0)) a1[i] /= n1;
    if (n3 > SPCONV__R(0)) a2[i] /= n3;
  }
  n1 = spconv__norm3(a1);
  if (n1 == SPCONV__R(0)) return SPCONV_EDEGENERATE;
  for (i = 0; i < 3; ++i) b1[i] = a1[i] / n1;
  spconv__cross(b3, b1, a2);
  n3 = spconv__norm3(b3);
  if (!(n3 > SPCONV__R(16) * SPCONV__EPS * spconv__norm3(a2))) return SPCONV_EDEGENERATE;
  for (i = 0; i < 3; ++i) b3[i] /= n3;
  { /* nearly parallel a1, a2 leave b3 off b1's normal plane by eps / sin(angle):
       remove that part, once, so that b1, b3 are orthonormal to rounding */
    spconv_real d = b3[0] * b1[0] + b3[1] * b1[1] + b3[2] * b1[2];
    for (i = 0; i < 3; ++i) b3[i] -= d * b1[i];
    n3 = spconv__norm3(b3);
    for (i = 0; i < 3; ++i) b3[i] /= n3;
  }
  spconv__cross(b2, b3, b1);
  for (i = 0; i < 3; ++i) {
    if (layout == SPCONV_ROT6D_ROWS) {
      res[i] = b1[i];
      res[3 + i] = b2[i];
      res[6 + i] = b3[i];
    } else {
      res[3 * i] = b1[i];
      res[3 * i + 1] = b2[i];
      res[3 * i + 2] = b3[i];
    }
  }
  return SPCONV_OK;
}

/* ---------------------------------------------- n rotations between formats */

/** reals per rotation of a format (3, 4 or 9); SPCONV_EINVAL (negative, as
   every size function) for an unknown one */
SPCONV_API int spconv_rot_format_size(spconv_rot_format format) {
  switch (format) {
    case SPCONV_ROT_ROTVEC: return 3;
    case SPCONV_ROT_QUAT_WXYZ:
    case SPCONV_ROT_QUAT_XYZW: return 4;
    case SPCONV_ROT_MAT: return 9;
    default: return SPCONV_EINVAL;
  }
}

/* SPCONV_OK when one rotation x of format f can be converted: a finite
   nonzero quaternion (else SPCONV_EDEGENERATE), a rotation matrix within
   SPCONV_ROTATION_TOL (else SPCONV_EINVAL, as spconv_quat_wxyz_from_mat),
   any rotation vector (NaN propagates) */
SPCONV__PRIVATE int spconv__rot_valid(const spconv_real *x, spconv_rot_format f) {
  spconv_real q[4];
  switch (f) {
    case SPCONV_ROT_QUAT_WXYZ:
    case SPCONV_ROT_QUAT_XYZW: return spconv__quat_unit(q, x) ? SPCONV_OK : SPCONV_EDEGENERATE;
    case SPCONV_ROT_MAT: return spconv__is_rotation(x) ? SPCONV_OK : SPCONV_EINVAL;
    default: return SPCONV_OK;
  }
}

/* res = the unit quaternion (wxyz) of a rotation x of format f that
   spconv__rot_valid accepts */
SPCONV__PRIVATE void spconv__quat_from_rot(spconv_real res[4], const spconv_real *x,
                                      spconv_rot_format f) {
  switch (f) {
    case SPCONV_ROT_ROTVEC: /* w >= 0 also for |rv| > pi */
      spconv_quat_wxyz_from_rotvec(res, x);
      spconv_quat_canonical_wxyz(res, res);
      break;
    case SPCONV_ROT_QUAT_WXYZ: (void)spconv__quat_unit(res, x); break;
    case SPCONV_ROT_QUAT_XYZW:
      spconv_quat_wxyz_from_xyzw(res, x);
      (void)spconv__quat_unit(res, res);
      break;
    default: spconv__quat_from_rotation(res, x); break;
  }
}

/* res = the rotation of q (wxyz) stored in format f (rotation vectors with
   |rv| <= pi); res may alias q */
SPCONV__PRIVATE void spconv__rot_from_quat(spconv_real *res, const spconv_real q[4],
                                      spconv_rot_format f) {
  spconv_real t[9];
  int i, n = spconv_rot_format_size(f); /* < 0 (unknown): nothing copied */
  switch (f) {
    case SPCONV_ROT_ROTVEC: spconv_rotvec_from_quat_wxyz(t, q); break;
    case SPCONV_ROT_QUAT_XYZW: spconv_quat_xyzw_from_wxyz(t, q); break;
    case SPCONV_ROT_MAT: spconv__mat_from_quat(t, q); break;
    default:
      for (i = 0; i < 4; ++i) t[i] = q[i];
      break;
  }
  for (i = 0; i < n; ++i) res[i] = t[i];
}

/** res[n][size of res_format] = the n rotations x[n][size of x_format] in
   another format (e.g. pose_aa -> quaternions). Quaternions out are unit
   with w >= 0 from rotation vectors and matrices, and keep the sign (and
   are normalized) from quaternions; rotation vectors out have |rv| <= pi.
   res may equal x (in place, any pair of formats: the loop runs forward
   when the output is not larger, backward otherwise). SPCONV_EINVAL for an
   unknown format or a NULL array with n > 0. Elements: SPCONV_EDEGENERATE
   for a zero or non-finite quaternion, SPCONV_EINVAL for a matrix that is
   not a rotation (within SPCONV_ROTATION_TOL), as the single-element
   functions (spconv_quat_normalize_wxyz, spconv_quat_wxyz_from_mat). Every
   input is checked before the first output: on an error the status is
   that of the first failing element and nothing is written. */
SPCONV_API int spconv_rot_convert_n(spconv_real *res, spconv_rot_format res_format,
                                    const spconv_real *x, spconv_rot_format x_format, size_t n) {
  int zo = spconv_rot_format_size(res_format), zi = spconv_rot_format_size(x_format), st;
  size_t so, si, step;
  if (zo <= 0 || zi <= 0) return SPCONV_EINVAL;
  if (n == 0) return SPCONV_OK; /* nothing to move: NULL is fine */
  if (!res || !x) return SPCONV_EINVAL;
  so = SPCONV__CAST(size_t, zo);
  si = SPCONV__CAST(size_t, zi);
  for (step = 0; step < n; ++step)
    if ((st = spconv__rot_valid(x + si * step, x_format)) != SPCONV_OK) return st;
  for (step = 0; step < n; ++step) {
    size_t e = so <= si ? step : n - 1 - step; /* in place: no input overwritten unread */
    spconv_real q[4] = SPCONV__QUAT_IDENTITY;
    spconv__quat_from_rot(q, x + si * e, x_format);
    spconv__rot_from_quat(res + so * e, q, res_format);
  }
  return SPCONV_OK;
}

/** @} */ /* end of >>rot */

/* ================================================================== >>angvel
   ANGULAR VELOCITY FROM QUATERNIONS: integrate, differentiate (body or world
   axes) */
/** @defgroup angvel Angular velocity from quaternions
    Integrate, differentiate (body or world axes). @{ */

/* res = q advanced over dt by the angular velocity w: q exp(w dt / 2) for
   w in body axes (body != 0), exp(w dt / 2) q for w in world axes */
SPCONV__PRIVATE void spconv__quat_integrate(spconv_real res[4], const spconv_real q_wxyz[4],
                                       const spconv_real w[3], spconv_real dt, int body) {
  spconv_real q[4], rv[3], d[4];
  int i;
  for (i = 0; i < 4; ++i) q[i] = q_wxyz[i];
  for (i = 0; i < 3; ++i) rv[i] = w[i] * dt;
  spconv_quat_wxyz_from_rotvec(d, rv);
  if (body) spconv_quat_mul_wxyz(res, q, d);
  else spconv_quat_mul_wxyz(res, d, q);
}

/** res = q (x) exp(w_body dt / 2): q (wxyz, body -> world) advanced by the
   body-frame angular velocity w_body (MuJoCo's qvel[3:6] of a free or ball
   joint) over dt, as MuJoCo's mju_quatIntegrate(q, w_body, dt) and
   mj_integratePos. res keeps the norm of q (MuJoCo normalizes). */
SPCONV_API void spconv_quat_integrate_body_wxyz(spconv_real res[4], const spconv_real q_wxyz[4],
                                                const spconv_real w_body[3], spconv_real dt) {
  spconv__quat_integrate(res, q_wxyz, w_body, dt, 1);
}

/** res = exp(w_world dt / 2) (x) q: q advanced by the world-frame angular
   velocity w_world (Newton, Isaac Lab, PhysX body angular velocity) over dt.
   res keeps the norm of q. */
SPCONV_API void spconv_quat_integrate_world_wxyz(spconv_real res[4],
                                                 const spconv_real q_wxyz[4],
                                                 const spconv_real w_world[3], spconv_real dt) {
  spconv__quat_integrate(res, q_wxyz, w_world, dt, 0);
}

/* res = the constant angular velocity that turns q0 into q1 in dt, shortest
   path: rotvec(conj(q0) q1) / dt in body axes (body != 0), rotvec(q1
   conj(q0)) / dt in world axes */
SPCONV__PRIVATE void spconv__angvel_from_quats(spconv_real res[3], const spconv_real q0[4],
                                          const spconv_real q1[4], spconv_real dt, int body) {
  spconv_real a[4], r[4], rv[3];
  spconv_quat_conj_wxyz(a, q0);
  if (body) spconv_quat_mul_wxyz(r, a, q1);
  else spconv_quat_mul_wxyz(r, q1, a);
  spconv_rotvec_from_quat_wxyz(rv, r);
  res[0] = rv[0] / dt;
  res[1] = rv[1] / dt;
  res[2] = rv[2] / dt;
}

/* SPCONV_OK when dt is finite and > 0 and q0, q1 are finite and nonzero:
   SPCONV_EINVAL for dt (as spconv_motion_angvel), else SPCONV_EDEGENERATE */
SPCONV__PRIVATE int spconv__angvel_check(const spconv_real q0[4], const spconv_real q1[4],
                                         spconv_real dt) {
  spconv_real u[4];
  if (!spconv__finite(dt) || !(dt > SPCONV__R(0))) return SPCONV_EINVAL;
  if (!spconv__quat_unit(u, q0) || !spconv__quat_unit(u, q1)) return SPCONV_EDEGENERATE;
  return SPCONV_OK;
}

/** res = the constant body-frame angular velocity that turns q0 into q1 in
   dt: rotvec(conj(q0) q1) / dt, shortest path (|res dt| <= pi).
   MuJoCo: mju_subQuat(res, q1, q0) / dt, mj_differentiatePos.
   SPCONV_EINVAL for dt not finite and > 0, SPCONV_EDEGENERATE for a zero or
   non-finite q0 or q1 (res untouched on errors; any other norm works). */
SPCONV_API int spconv_body_angvel_from_quats_wxyz(spconv_real res[3], const spconv_real q0[4],
                                                  const spconv_real q1[4], spconv_real dt) {
  int st = spconv__angvel_check(q0, q1, dt);
  if (st != SPCONV_OK) return st;
  spconv__angvel_from_quats(res, q0, q1, dt, 1);
  return SPCONV_OK;
}

/** res = the constant world-frame angular velocity that turns q0 into q1 in
   dt: rotvec(q1 conj(q0)) / dt, shortest path (|res dt| <= pi). Status as
   spconv_body_angvel_from_quats_wxyz. */
SPCONV_API int spconv_world_angvel_from_quats_wxyz(spconv_real res[3], const spconv_real q0[4],
                                                   const spconv_real q1[4], spconv_real dt) {
  int st = spconv__angvel_check(q0, q1, dt);
  if (st != SPCONV_OK) return st;
  spconv__angvel_from_quats(res, q0, q1, dt, 0);
  return SPCONV_OK;
}

/** @} */ /* end of >>angvel */

/* =================================================================== >>units
   UNITS: degrees <-> radians, length units */
/** @defgroup units Units
    Degrees <-> radians, length units. @{ */

/* ------------------------------------------------------------------- angles */

/** radians from degrees (angles, or deg/s -> rad/s) */
SPCONV_API spconv_real spconv_rad_from_deg(spconv_real deg) {
  return deg * SPCONV__DEG2RAD;
}

/** degrees from radians (angles, or rad/s -> deg/s as Ptera stores them) */
SPCONV_API spconv_real spconv_deg_from_rad(spconv_real rad) {
  return rad * SPCONV__RAD2DEG;
}

/** res = v in radians, for Euler triples and angular velocities (deg/s) */
SPCONV_API void spconv_rad_from_deg3(spconv_real res[3], const spconv_real v[3]) {
  res[0] = spconv_rad_from_deg(v[0]);
  res[1] = spconv_rad_from_deg(v[1]);
  res[2] = spconv_rad_from_deg(v[2]);
}

/** res = v in degrees, for Euler triples and angular velocities (rad/s) */
SPCONV_API void spconv_deg_from_rad3(spconv_real res[3], const spconv_real v[3]) {
  res[0] = spconv_deg_from_rad(v[0]);
  res[1] = spconv_deg_from_rad(v[1]);
  res[2] = spconv_deg_from_rad(v[2]);
}

/* ------------------------------------------------------------------ lengths */

/* Lengths as metres per unit (USD's metersPerUnit; 1 for MuJoCo, Newton,
   Isaac Lab, ROS; 0.01 for centimetre scenes). With k = the length scale
   and mass and time units unchanged: positions and linear velocities
   scale by k, forces by k (kg unit / s^2), torques by k^2 (one more
   length), inertia by k^2 (kg unit^2); mass, angles, angular velocities
   and quaternions are unchanged. */

/** *res = k = from_meters_per_unit / to_meters_per_unit: x_to = k x_from
   for lengths (metres -> centimetres: 1 / 0.01 = 100). SPCONV_EINVAL
   (*res untouched) unless both are finite and > 0 and k is finite and
   > 0 (the quotient of two extreme values can overflow or underflow). */
SPCONV_API int spconv_length_scale(spconv_real *res, spconv_real from_meters_per_unit,
                                   spconv_real to_meters_per_unit) {
  spconv_real k;
  if (!spconv__finite(from_meters_per_unit) || !spconv__finite(to_meters_per_unit) ||
      !(from_meters_per_unit > SPCONV__R(0)) || !(to_meters_per_unit > SPCONV__R(0)))
    return SPCONV_EINVAL;
  k = from_meters_per_unit / to_meters_per_unit;
  if (!spconv__finite(k) || !(k > SPCONV__R(0))) return SPCONV_EINVAL;
  *res = k;
  return SPCONV_OK;
}

/** Pose [p; q] (either quaternion order): res = [k p; q]. */
SPCONV_API void spconv_pose_change_length_unit(spconv_real res[7], const spconv_real pose[7],
                                               spconv_real k) {
  int i;
  for (i = 0; i < 3; ++i) res[i] = k * pose[i];
  for (i = 3; i < 7; ++i) res[i] = pose[i];
}

/** Twist [v; w]: res = [k v; w]. */
SPCONV_API void spconv_twist_change_length_unit(spconv_real res[6], const spconv_real twist[6],
                                                spconv_real k) {
  int i;
  for (i = 0; i < 3; ++i) res[i] = k * twist[i];
  for (i = 3; i < 6; ++i) res[i] = twist[i];
}

/** Wrench [f; tau]: res = [k f; k^2 tau] (mass and time units unchanged).
   Power f.v + tau.w scales by k^2, as energy in kg unit^2 / s^2 does. */
SPCONV_API void spconv_wrench_change_length_unit(spconv_real res[6], const spconv_real wrench[6],
                                                 spconv_real k) {
  int i;
  for (i = 0; i < 3; ++i) res[i] = k * wrench[i];
  for (i = 3; i < 6; ++i) res[i] = k * k * wrench[i];
}

/** Inertia tensor (row-major): res = k^2 I. Mass is unchanged. */
SPCONV_API void spconv_inertia_change_length_unit(spconv_real res[9], const spconv_real I[9],
                                                  spconv_real k) {
  int i;
  for (i = 0; i < 9; ++i) res[i] = k * k * I[i];
}

/** @} */ /* end of >>units */

/* ==================================================================== >>axes
   AXIS SYSTEMS: up axis (and its _n forms), signed axes, systems, presets incl.
   SMPL / BVH / robot, Blender axis_conversion, quantities under a change of
   axes, gravity */
/** @defgroup axes Axis systems
    Up axis (and its _n forms), signed axes, systems, presets incl. SMPL / BVH /
    robot, Blender axis_conversion, quantities under a change of axes, gravity.
    @{ */
/* Conventions of this section (see docs/axes.md):
   - An axis system says which semantic direction each of +X, +Y, +Z points
     to. "Forward" is the way the front of a body, an asset or a camera view
     faces; world frames are read with north = forward, east = right.
   - M (row-major [9]) re-expresses coordinates: v_to = M v_from. Between
     axis systems M is a signed permutation; det M = -1 exactly when the two
     systems differ in handedness.
   - Polar vectors (points, velocities, forces) map as M v; pseudovectors
     (angular velocity, torque, rotation vectors) as (det M) M w; rotation
     matrices as M R M^T; quaternions as (w, (det M) M v). */

/* ------------------------------------------------------------------ up axis */

/* The up axis is the special case of a change of axes that simulators
   name most: a world whose up is X, Y or Z (Newton's up_axis) into another,
   by the proper quarter turn about from_up x to_up. It fixes the up axis
   only; which way an asset faces afterwards depends on the target system
   (a ROS / MuJoCo / Isaac world faces +X: spconv_axis_preset_matrix). */

/* k = e_from x e_to, the unit axis of the +90 degree up-axis rotation
   (zero when from == to). */
SPCONV__PRIVATE void spconv__up_axis_rotation_axis(spconv_real k[3], spconv_axis from_up,
                                              spconv_axis to_up) {
  int a = SPCONV__CAST(int, from_up), b = SPCONV__CAST(int, to_up);
  k[0] = k[1] = k[2] = SPCONV__R(0);
  if (a != b) {
    /* e_a x e_b = +e_c for cyclic (a, b, c), -e_c otherwise */
    k[3 - a - b] = (b - a + 3) % 3 == 1 ? SPCONV__R(1) : SPCONV__R(-1);
  }
}

/** res = the proper rotation (row-major) by +90 degrees about from_up x to_up
   (identity when equal): v_to = res v_from, and res e_from = e_to.
   Y-up -> Z-up maps (x, y, z) to (x, -z, y): the inverse of Blender's glTF
   "+Y up" export (Z-up (x, y, z) -> Y-up (x, z, -y)), i.e. its import, and
   Genesis' and Newton's importers. For a unit axis k and a
   quarter turn, Rodrigues' formula reduces to R = k k^T + [k]x.
   SPCONV_EINVAL (res untouched) for an unknown axis value. */
SPCONV_API int spconv_up_axis_matrix(spconv_real res[9], spconv_axis from_up,
                                     spconv_axis to_up) {
  spconv_real k[3];
  int i, j;
  if (!spconv__axis_valid(from_up) || !spconv__axis_valid(to_up)) return SPCONV_EINVAL;
  spconv__up_axis_rotation_axis(k, from_up, to_up);
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) res[3 * i + j] = k[i] * k[j];
  if (from_up == to_up) {
    res[0] = res[4] = res[8] = SPCONV__R(1);
    return SPCONV_OK;
  }
  res[1] -= k[2];
  res[2] += k[1];
  res[3] += k[2];
  res[5] -= k[0];
  res[6] -= k[1];
  res[7] += k[0];
  return SPCONV_OK;
}

/** res = k M (row-major): a point or a vector of a USD stage whose lengths
   are in meters_per_unit metres (the stage's metersPerUnit; unauthored:
   SPCONV_USD_METERS_PER_UNIT_FALLBACK) and whose up axis is up_axis (its
   upAxis, Y or Z; unauthored: SPCONV_USD_UP_AXIS_FALLBACK), in a world of to_meters_per_unit metres
   with up axis to_up: x_to = res x_stage. k = spconv_length_scale(
   meters_per_unit, to_meters_per_unit) and M = spconv_up_axis_matrix(
   up_axis, to_up), so a stage of centimetres with Y up read into MuJoCo
   (1, Z) gives (x, y, z) cm -> (x, -z, y) / 100 m. Orientations take M
   alone (spconv_quat_wxyz_change_world_up_axis_n), twists k on the linear
   part (spconv_twist_change_length_unit). SPCONV_EINVAL (res untouched)
   for an up_axis other than Y or Z (USD has no X-up stage), an unknown
   to_up, or a scale spconv_length_scale refuses. */
SPCONV_API int spconv_usd_stage_matrix(spconv_real res[9], spconv_real meters_per_unit,
                                       spconv_axis up_axis, spconv_real to_meters_per_unit,
                                       spconv_axis to_up) {
  spconv_real k, M[9];
  int i;
  if (up_axis != SPCONV_AXIS_Y && up_axis != SPCONV_AXIS_Z) return SPCONV_EINVAL;
  if (spconv_length_scale(&k, meters_per_unit, to_meters_per_unit) != SPCONV_OK ||
      spconv_up_axis_matrix(M, up_axis, to_up) != SPCONV_OK)
    return SPCONV_EINVAL;
  for (i = 0; i < 9; ++i) res[i] = k * M[i];
  return SPCONV_OK;
}

/** res = the same rotation as spconv_up_axis_matrix as a unit quaternion
   (w, x, y, z) = (cos 45, sin 45 k); (1, 0, 0, 0) when equal.
   SPCONV_EINVAL (res untouched) for an unknown axis value. */
SPCONV_API int spconv_up_axis_quat_wxyz(spconv_real res[4], spconv_axis from_up,
                                        spconv_axis to_up) {
  const spconv_real h = SPCONV__R(0.70710678118654752440); /* sqrt(1/2) */
  spconv_real k[3];
  if (!spconv__axis_valid(from_up) || !spconv__axis_valid(to_up)) return SPCONV_EINVAL;
  spconv__up_axis_rotation_axis(k, from_up, to_up);
  if (from_up == to_up) {
    res[0] = SPCONV__R(1);
    res[1] = res[2] = res[3] = SPCONV__R(0);
    return SPCONV_OK;
  }
  res[0] = h;
  res[1] = h * k[0];
  res[2] = h * k[1];
  res[3] = h * k[2];
  return SPCONV_OK;
}

/* res_i = sign[i] v[perm[i]] for one 3-vector at index i of res and v
   (stride 3); v read before res is written */
#define SPCONV__UP_AXIS_ONE(res, v, i, i0, s0, i1, s1, i2, s2) \
  do {                                                         \
    const spconv_real *a_ = (v) + 3 * (i);                     \
    spconv_real x_ = SPCONV__R(s0) * a_[i0];                   \
    spconv_real y_ = SPCONV__R(s1) * a_[i1];                   \
    spconv_real z_ = SPCONV__R(s2) * a_[i2];                   \
    (res)[3 * (i)] = x_;                                       \
    (res)[3 * (i) + 1] = y_;                                   \
    (res)[3 * (i) + 2] = z_;                                   \
  } while (0)

/* One up-axis rotation over n 3-vectors with its signed permutation as
   constants (res_k = s_k v[i_k]), in place (_io) and out of place (_oop),
   like SPCONV__BATCH0. The loop runs in tiles of 8 vectors: gcc -O2
   vectorises only loops whose trip count is a known multiple of the vector
   width, and with the permutation in variables no compiler vectorises at
   all. */
#if defined(__clang__)
/* clang vectorises the plain loop: with AVX2 about 2x faster than the
   runtime-indexed loop (the tiled form was 1.1x to 1.45x slower) */
#  define SPCONV__UP_AXIS_TILE 1
#else
#  define SPCONV__UP_AXIS_TILE 8
#endif
#define SPCONV__UP_AXIS_LOOPS(name, i0, s0, i1, s1, i2, s2)                              \
  SPCONV__PRIVATE void name##_io(spconv_real *SPCONV__RESTRICT v, size_t n) {            \
    size_t j;                                                                            \
    for (; n >= SPCONV__UP_AXIS_TILE; n -= SPCONV__UP_AXIS_TILE, v += 3 * SPCONV__UP_AXIS_TILE) \
      for (j = 0; j < SPCONV__UP_AXIS_TILE; ++j)                                         \
        SPCONV__UP_AXIS_ONE(v, v, j, i0, s0, i1, s1, i2, s2);                            \
    for (j = 0; j < n; ++j) SPCONV__UP_AXIS_ONE(v, v, j, i0, s0, i1, s1, i2, s2);        \
  }                                                                                      \
  SPCONV__PRIVATE void name##_oop(spconv_real *SPCONV__RESTRICT res,                     \
                                  const spconv_real *SPCONV__RESTRICT v, size_t n) {     \
    size_t j;                                                                            \
    for (; n >= SPCONV__UP_AXIS_TILE;                                                    \
         n -= SPCONV__UP_AXIS_TILE, res += 3 * SPCONV__UP_AXIS_TILE, v += 3 * SPCONV__UP_AXIS_TILE) \
      for (j = 0; j < SPCONV__UP_AXIS_TILE; ++j)                                         \
        SPCONV__UP_AXIS_ONE(res, v, j, i0, s0, i1, s1, i2, s2);                          \
    for (j = 0; j < n; ++j) SPCONV__UP_AXIS_ONE(res, v, j, i0, s0, i1, s1, i2, s2);      \
  }                                                                                      \
  SPCONV__PRIVATE void name##_oop_plain(spconv_real *res, const spconv_real *v, size_t n) {   \
    name##_oop(res, v, n);                                                               \
  }

/* the six up-axis rotations (from_up, to_up) and the identity, as signed
   permutations (rows of spconv_up_axis_matrix) */
SPCONV__UP_AXIS_LOOPS(spconv__up_same, 0, 1, 1, 1, 2, 1)
SPCONV__UP_AXIS_LOOPS(spconv__up_x_y, 1, -1, 0, 1, 2, 1)
SPCONV__UP_AXIS_LOOPS(spconv__up_x_z, 2, -1, 1, 1, 0, 1)
SPCONV__UP_AXIS_LOOPS(spconv__up_y_x, 1, 1, 0, -1, 2, 1)
SPCONV__UP_AXIS_LOOPS(spconv__up_y_z, 0, 1, 2, -1, 1, 1)
SPCONV__UP_AXIS_LOOPS(spconv__up_z_x, 2, 1, 1, 1, 0, -1)
SPCONV__UP_AXIS_LOOPS(spconv__up_z_y, 0, 1, 2, 1, 1, -1)

/* one up-axis rotation, in place or out of place (out of place from
   SPCONV_STREAM_MIN_BYTES of output on with non-temporal stores, as the
   quaternion reorders, where SSE2 is there) */
#ifdef SPCONV__STREAM
#  define SPCONV__UP_AXIS_CALL(name, res, v, n)                  \
    do {                                                           \
      if ((res) == (v))                                            \
        name##_io(res, n);                                         \
      else if (spconv__stream_ok(res, 3 * (n)))                    \
        spconv__stream_tiles(res, v, n, 3, name##_oop_plain);      \
      else                                                         \
        name##_oop(res, v, n);                                     \
    } while (0)
#else
#  define SPCONV__UP_AXIS_CALL(name, res, v, n) \
    do {                                          \
      if ((res) == (v))                           \
        name##_io(res, n);                        \
      else                                        \
        name##_oop(res, v, n);                    \
    } while (0)
#endif

/* res = v under the up-axis rotation (from_up, to_up), both valid, for n
   3-vectors; res == v or no overlap */
SPCONV__PRIVATE void spconv__up_axis_apply(spconv_real *res, const spconv_real *v, size_t n,
                                      spconv_axis from_up, spconv_axis to_up) {
#if defined(__clang__) && !defined(__AVX2__)
  /* clang without AVX2: the loop with the permutation read at run time ran
     1.2x to 1.4x faster than the constant ones (measured at -O2) */
  spconv_real M[9], sign[3];
  size_t i;
  int perm[3], r, c;
  if (spconv_up_axis_matrix(M, from_up, to_up) != SPCONV_OK) return;
  for (r = 0; r < 3; ++r) {
    perm[r] = 0;
    sign[r] = SPCONV__R(0);
    for (c = 0; c < 3; ++c)
      if (M[3 * r + c] != SPCONV__R(0)) {
        perm[r] = c;
        sign[r] = M[3 * r + c];
      }
  }
  for (i = 0; i < n; ++i) {
    const spconv_real *a = v + 3 * i;
    spconv_real x = sign[0] * a[perm[0]], y = sign[1] * a[perm[1]], z = sign[2] * a[perm[2]];
    res[3 * i] = x;
    res[3 * i + 1] = y;
    res[3 * i + 2] = z;
  }
  return;
#endif
  switch (3 * SPCONV__CAST(int, from_up) + SPCONV__CAST(int, to_up)) {
    case 1: SPCONV__UP_AXIS_CALL(spconv__up_x_y, res, v, n); break;
    case 2: SPCONV__UP_AXIS_CALL(spconv__up_x_z, res, v, n); break;
    case 3: SPCONV__UP_AXIS_CALL(spconv__up_y_x, res, v, n); break;
    case 5: SPCONV__UP_AXIS_CALL(spconv__up_y_z, res, v, n); break;
    case 6: SPCONV__UP_AXIS_CALL(spconv__up_z_x, res, v, n); break;
    case 7: SPCONV__UP_AXIS_CALL(spconv__up_z_y, res, v, n); break;
    default: SPCONV__UP_AXIS_CALL(spconv__up_same, res, v, n); break; /* 0, 4, 8 */
  }
}

/** n 3-vectors (3n) from a from_up world to a to_up world: positions, linear
   and angular velocities, forces, torques (a proper rotation: no sign flip).
   SPCONV_EINVAL (res untouched) for an unknown axis value (also with n = 0)
   or a NULL array with n > 0. */
SPCONV_API int spconv_vec_change_up_axis_n(spconv_real *res, const spconv_real *v, size_t n,
                                           spconv_axis from_up, spconv_axis to_up) {
  if (!spconv__axis_valid(from_up) || !spconv__axis_valid(to_up) || ((!res || !v) && n > 0))
    return SPCONV_EINVAL;
  spconv__up_axis_apply(res, v, n, from_up, to_up);
  return SPCONV_OK;
}

/** n 6-vectors (6n): twists or wrenches, both halves in world axes. */
SPCONV_API int spconv_spatial_change_up_axis_n(spconv_real *res, const spconv_real *x, size_t n,
                                               spconv_axis from_up, spconv_axis to_up) {
  return spconv_vec_change_up_axis_n(res, x, 2 * n, from_up, to_up);
}

/* res_i = a q_i (spconv_quat_mul_wxyz) for n quaternions wxyz (4n); res
   equals q or does not overlap it. Under SPCONV__V2 (gcc, double,
   >>helpers) two quaternions per step, transposed into vectors of two,
   with the expressions of spconv_quat_mul_wxyz lane by lane: in cache
   about 1.2x faster than the scalar loop at gcc -O2 (the same instruction
   count, 31 per quaternion, with fewer dependent loads). */
SPCONV__PRIVATE void spconv__quat_premul_block(spconv_real *res, const spconv_real a_in[4],
                                          const spconv_real *q, size_t n) {
  /* a local copy: res cannot alias it, so the loop keeps it in registers */
  const spconv_real a[4] = {a_in[0], a_in[1], a_in[2], a_in[3]};
  size_t i;
#ifdef SPCONV__V2
  spconv__v2 a0 = spconv__v2_splat(a[0]), a1 = spconv__v2_splat(a[1]);
  spconv__v2 a2 = spconv__v2_splat(a[2]), a3 = spconv__v2_splat(a[3]);
  for (; n >= 2; n -= 2, res += 8, q += 8) {
    spconv__v2 b[4], o[4];
    spconv__v2_load4(b, q);
    o[0] = a0 * b[0] - a1 * b[1] - a2 * b[2] - a3 * b[3];
    o[1] = a0 * b[1] + b[0] * a1 + a2 * b[3] - a3 * b[2];
    o[2] = a0 * b[2] + b[0] * a2 + a3 * b[1] - a1 * b[3];
    o[3] = a0 * b[3] + b[0] * a3 + a1 * b[2] - a2 * b[1];
    spconv__v2_store4(res, o);
  }
#endif
  for (i = 0; i < n; ++i) spconv_quat_mul_wxyz(res + 4 * i, a, q + 4 * i);
}

/* the same; out of place from SPCONV_STREAM_MIN_BYTES of output on, tiles
   of 16 quaternions go through L1 and are stored around the cache (as
   spconv__stream_tiles) */
SPCONV__PRIVATE void spconv__quat_premul_n(spconv_real *res, const spconv_real a[4],
                                      const spconv_real *q, size_t n) {
  size_t i = 0;
#ifdef SPCONV__STREAM
  if (res != q && spconv__stream_ok(res, 4 * n)) {
    spconv_real t[4 * 16];
    for (; i + 16 <= n; i += 16) {
      spconv__quat_premul_block(t, a, q + 4 * i, 16);
      spconv__stream_copy(res + 4 * i, t, 4 * 16);
    }
    _mm_sfence();
  }
#endif
  spconv__quat_premul_block(res + 4 * i, a, q + 4 * i, n - i);
}

/** n body orientations (4n, wxyz) when the world axes change and the body
   axes do not (the mesh keeps its coordinates): q' = q_up q, the
   world-only rule of spconv_quat_wxyz_change_world_axes. Frames
   relabelled: the world only (the body frame keeps its axes); for every
   frame relabelled (M R M^T) use spconv_quat_wxyz_change_axes.
   SPCONV_EINVAL (res untouched) for an unknown axis value (also with n = 0)
   or a NULL array with n > 0. */
SPCONV_API int spconv_quat_wxyz_change_world_up_axis_n(spconv_real *res,
                                                       const spconv_real *q_wxyz, size_t n,
                                                       spconv_axis from_up, spconv_axis to_up) {
  spconv_real q_up[4];
  int status = spconv_up_axis_quat_wxyz(q_up, from_up, to_up);
  if (status != SPCONV_OK) return status;
  if ((!res || !q_wxyz) && n > 0) return SPCONV_EINVAL;
  spconv__quat_premul_n(res, q_up, q_wxyz, n);
  return SPCONV_OK;
}

/** The same for quaternions stored xyzw (4n): the world relabelled only,
   body axes kept (q' = q_up q). SPCONV_EINVAL as the wxyz form. */
SPCONV_API int spconv_quat_xyzw_change_world_up_axis_n(spconv_real *res,
                                                       const spconv_real *q_xyzw, size_t n,
                                                       spconv_axis from_up, spconv_axis to_up) {
  spconv_real q_up[4];
  size_t i;
  int status = spconv_up_axis_quat_wxyz(q_up, from_up, to_up);
  if (status != SPCONV_OK) return status;
  if ((!res || !q_xyzw) && n > 0) return SPCONV_EINVAL;
  for (i = 0; i < n; ++i) {
    spconv_real q[4];
    spconv_quat_wxyz_from_xyzw(q, q_xyzw + 4 * i);
    spconv_quat_mul_wxyz(q, q_up, q);
    spconv_quat_xyzw_from_wxyz(res + 4 * i, q);
  }
  return SPCONV_OK;
}

/* --------------------------------------------- signed axes and axis systems */

/* 1 if a is one of the six signed axes (or directions) */
SPCONV__PRIVATE int spconv__signed_axis_valid(int a) { return a >= 0 && a <= 5; }

/* +1 or -1 (exact) along axis a % 3: component i of the unit vector of a */
SPCONV__PRIVATE spconv_real spconv__signed_unit(int a, int i) {
  if (a % 3 != i) return SPCONV__R(0);
  return a < 3 ? SPCONV__R(1) : SPCONV__R(-1);
}

/** res = the unit vector of a signed axis (SPCONV_AXIS_NEG_Y -> (0, -1, 0)).
   SPCONV_EINVAL (res untouched) for an unknown value. */
SPCONV_API int spconv_vec_from_signed_axis(spconv_real res[3], spconv_signed_axis axis) {
  int a = SPCONV__CAST(int, axis);
  if (!spconv__signed_axis_valid(a)) return SPCONV_EINVAL;
  res[0] = spconv__signed_unit(a, 0);
  res[1] = spconv__signed_unit(a, 1);
  res[2] = spconv__signed_unit(a, 2);
  return SPCONV_OK;
}

/* the direction of axis i (0, 1, 2) of s, as an int */
SPCONV__PRIVATE int spconv__system_dir(spconv_axis_system s, int i) {
  if (i == 0) return SPCONV__CAST(int, s.x);
  return i == 1 ? SPCONV__CAST(int, s.y) : SPCONV__CAST(int, s.z);
}

/** SPCONV_OK if s is one of the 48 axis systems, else SPCONV_EINVAL (a
   value outside spconv_direction, or two axes on the same semantic line). */
SPCONV_API int spconv_axis_system_check(spconv_axis_system s) {
  int a = SPCONV__CAST(int, s.x), b = SPCONV__CAST(int, s.y), c = SPCONV__CAST(int, s.z);
  if (!spconv__signed_axis_valid(a) || !spconv__signed_axis_valid(b) ||
      !spconv__signed_axis_valid(c))
    return SPCONV_EINVAL;
  if (a % 3 == b % 3 || a % 3 == c % 3 || b % 3 == c % 3) return SPCONV_EINVAL;
  return SPCONV_OK;
}

/* res = B_to B_from^T for valid systems: entry (i, j) = (direction of
   to-axis i) . (direction of from-axis j), each 0 or +-1 exactly. */
SPCONV__PRIVATE void spconv__system_matrix(spconv_real res[9], spconv_axis_system from,
                                      spconv_axis_system to) {
  int i, j;
  for (i = 0; i < 3; ++i) {
    int d = spconv__system_dir(to, i);
    for (j = 0; j < 3; ++j) {
      int e = spconv__system_dir(from, j);
      res[3 * i + j] = d % 3 != e % 3 ? SPCONV__R(0)
                                      : ((d < 3) == (e < 3) ? SPCONV__R(1) : SPCONV__R(-1));
    }
  }
}

/** res = M with v_to = M v_from: the coordinates in system `to` of the
   vector whose coordinates in system `from` are v_from. M is a signed
   permutation, det M = +1 if the handedness agrees, -1 otherwise.
   Unity {RIGHT, UP, FORWARD} -> ROS {FORWARD, LEFT, UP}: (x, y, z) ->
   (z, -x, y). SPCONV_EINVAL (res untouched) for an invalid system. */
SPCONV_API int spconv_axis_system_matrix(spconv_real res[9], spconv_axis_system from,
                                         spconv_axis_system to) {
  if (spconv_axis_system_check(from) != SPCONV_OK || spconv_axis_system_check(to) != SPCONV_OK)
    return SPCONV_EINVAL;
  spconv__system_matrix(res, from, to);
  return SPCONV_OK;
}

/** *right_handed = 1 if s is right-handed (x cross y = z in the semantic
   frame, as ROS's FLU), 0 if left-handed (Unity, Unreal); SPCONV_OK.
   SPCONV_EINVAL (*right_handed untouched) for an invalid s or a NULL
   right_handed: the answer never stands in the status. */
SPCONV_API int spconv_axis_system_handedness(int *right_handed, spconv_axis_system s) {
  spconv_axis_system flu;
  spconv_real B[9];
  if (!right_handed || spconv_axis_system_check(s) != SPCONV_OK) return SPCONV_EINVAL;
  flu.x = SPCONV_DIRECTION_FORWARD;
  flu.y = SPCONV_DIRECTION_LEFT;
  flu.z = SPCONV_DIRECTION_UP;
  spconv__system_matrix(B, flu, s);
  *right_handed = spconv__det3(B) > SPCONV__R(0) ? 1 : 0;
  return SPCONV_OK;
}

#ifndef SPCONV_NO_DEPRECATED
/** Deprecated since 0.9.0 for spconv_axis_system_handedness, and left out
   under SPCONV_NO_DEPRECATED: 1 if s is right-handed, 0 if left-handed,
   SPCONV_EINVAL (negative, and so truthy: test `== 1`) if s is invalid. */
SPCONV_API int spconv_axis_system_is_right_handed(spconv_axis_system s) {
  int rh = 0;
  int st = spconv_axis_system_handedness(&rh, s);
  return st != SPCONV_OK ? st : rh;
}
#endif

/** *res = the system whose `forward` and `up` axes are the given signed
   axes; the third axis is left or right so that the system has the asked
   handedness (right_handed != 0: right-handed, as Blender assumes).
   Blender's "Y forward, Z up" -> {RIGHT, FORWARD, UP} (Blender's forward
   is the view direction of its front view, see docs/axes.md).
   SPCONV_EINVAL (*res untouched) for unknown or parallel axes. */
SPCONV_API int spconv_axis_system_from_forward_up(spconv_axis_system *res,
                                                  spconv_signed_axis forward,
                                                  spconv_signed_axis up, int right_handed) {
  int f = SPCONV__CAST(int, forward), u = SPCONV__CAST(int, up), d[3], k, rh = 0;
  spconv_axis_system s;
  if (!spconv__signed_axis_valid(f) || !spconv__signed_axis_valid(u) || f % 3 == u % 3)
    return SPCONV_EINVAL;
  k = 3 - f % 3 - u % 3; /* the remaining axis */
  d[f % 3] = SPCONV__CAST(int, f < 3 ? SPCONV_DIRECTION_FORWARD : SPCONV_DIRECTION_BACK);
  d[u % 3] = SPCONV__CAST(int, u < 3 ? SPCONV_DIRECTION_UP : SPCONV_DIRECTION_DOWN);
  d[k] = SPCONV__CAST(int, SPCONV_DIRECTION_LEFT);
  s.x = SPCONV__CAST(spconv_direction, d[0]);
  s.y = SPCONV__CAST(spconv_direction, d[1]);
  s.z = SPCONV__CAST(spconv_direction, d[2]);
  if (spconv_axis_system_handedness(&rh, s) != SPCONV_OK || rh != (right_handed != 0 ? 1 : 0)) {
    d[k] = SPCONV__CAST(int, SPCONV_DIRECTION_RIGHT);
    s.x = SPCONV__CAST(spconv_direction, d[0]);
    s.y = SPCONV__CAST(spconv_direction, d[1]);
    s.z = SPCONV__CAST(spconv_direction, d[2]);
  }
  *res = s;
  return SPCONV_OK;
}

/** res = the matrix of Blender's bpy_extras.io_utils.axis_conversion(
   from_forward, from_up, to_forward, to_up): the proper rotation with
   M from_forward = to_forward, M from_up = to_up (so also
   M (from_forward x from_up) = to_forward x to_up); v_to = M v_from.
   Equal to Blender's table for all 576 valid combinations. Blender's glTF
   exporter matrix (x, y, z) -> (x, z, -y) is (POS_Y, POS_Z, NEG_Z, POS_Y)
   (= (NEG_Y, POS_Z, POS_Z, POS_Y)). SPCONV_EINVAL (res untouched) when a
   forward is parallel to its up or a value is unknown. (Blender raises for
   a parallel pair too, except that it returns the identity when from == to,
   which it checks first; this function returns SPCONV_EINVAL for every
   parallel pair.) */
SPCONV_API int spconv_axis_conversion(spconv_real res[9], spconv_signed_axis from_forward,
                                      spconv_signed_axis from_up,
                                      spconv_signed_axis to_forward,
                                      spconv_signed_axis to_up) {
  spconv_axis_system a, b;
  if (spconv_axis_system_from_forward_up(&a, from_forward, from_up, 1) != SPCONV_OK ||
      spconv_axis_system_from_forward_up(&b, to_forward, to_up, 1) != SPCONV_OK)
    return SPCONV_EINVAL;
  spconv__system_matrix(res, a, b);
  return SPCONV_OK;
}

/** *res = the system `to` with spconv_axis_system_matrix(M, from, to) == M,
   i.e. `from` carried through the conversion M (composition: the system
   reached from `from` by M). SPCONV_EINVAL (*res untouched) if `from` is
   invalid or M is not a signed permutation (entries exactly 0 or +-1). */
SPCONV_API int spconv_axis_system_from_matrix(spconv_axis_system *res, const spconv_real M[9],
                                              spconv_axis_system from) {
  int d[3], i, j, used = 0;
  if (spconv_axis_system_check(from) != SPCONV_OK) return SPCONV_EINVAL;
  for (i = 0; i < 3; ++i) {
    int n = 0;
    d[i] = 0;
    for (j = 0; j < 3; ++j) {
      spconv_real m = M[3 * i + j];
      if (m == SPCONV__R(0)) continue;
      if (m != SPCONV__R(1) && m != SPCONV__R(-1)) return SPCONV_EINVAL;
      if (used & (1 << j)) return SPCONV_EINVAL; /* two nonzeros in a column */
      used |= 1 << j;
      ++n;
      d[i] = spconv__system_dir(from, j);
      if (m < SPCONV__R(0)) d[i] = (d[i] + 3) % 6;
    }
    if (n != 1) return SPCONV_EINVAL;
  }
  res->x = SPCONV__CAST(spconv_direction, d[0]);
  res->y = SPCONV__CAST(spconv_direction, d[1]);
  res->z = SPCONV__CAST(spconv_direction, d[2]);
  return SPCONV_OK;
}

/* ------------------------------------------------------------------ presets */

/** *res = the axis system of a named convention. SPCONV_EINVAL (*res
   untouched) for an unknown preset. Sources:
   ROS_FLU, ROS_ENU, ROS_OPTICAL: ROS REP-103 "Standard Units of Measure and
     Coordinate Conventions" (body x forward, y left, z up; ENU east, north,
     up; optical z forward, x right, y down). World frames read north as
     forward and east as right, so ENU <-> NED is (x, y, z) -> (y, x, -z).
   NED, FRD: REP-103 and aerospace usage (PX4): x north / forward, y east /
     right, z down; FLU <-> FRD is (x, -y, -z).
   MUJOCO: gravity (0, 0, -9.81) by default (XML reference, option/gravity);
     models face +X by custom. ISAAC: Isaac Sim docs, +Z up, +X forward,
     right-handed. NEWTON: up_axis Z by default, Z-up conventions. GENESIS:
     Z-up right-handed world (Genesis docs, "Coordinate system").
   BLENDER: Z up; the front view looks along +Y, so assets face -Y and +X is
     their left (Blender manual, import/export "Forward / Up Axis").
   GLTF: glTF 2.0 spec 3.4 "glTF defines +Y as up, +Z as forward, and -X as
     right; the front of a glTF asset faces +Z" (Blender's export label for
     it, "Y up, -Z forward", names the way its front view looks).
     Blender -> glTF is then (x, y, z) -> (x, z, -y), the matrix of
     Blender's glTF exporter (io_scene_gltf2 to_yup()).
   USD_Y_UP: UsdGeom upAxis Y with the Maya/glTF facing (+Z front);
     USD_Z_UP: upAxis Z, the Y-up system turned +90 deg about X (the
     (x, y, z) -> (x, -z, y) rotation UsdGeom's upAxis notes and Blender's
     glTF importer and Genesis apply), i.e. the same as BLENDER.
   UNITY: Unity manual, left-handed, +Y up, +Z forward (Transform.forward),
     +X right. UNREAL: Unreal docs, left-handed, +X forward, +Y right, +Z up.
   OPENGL_CAMERA: eye space, x right, y up, the camera looks along -Z (also
     glTF and USD cameras). MAYA_Y_UP: Maya default, Y up, characters face
     +Z (front camera on +Z), +X their left.
     SMPL: the SMPL template (Loper et al., "SMPL", SIGGRAPH Asia 2015, and
       its smplx code) stands in its rest pose with +Y up, facing +Z, +X on
       its left (the glTF / Maya character convention); SMPL-X and the body
       frames of AMASS use the same template. AMASS's world frames are Z-up
       (XY ground; aitviewer PR #8 and the SMPL-X Blender add-on rotate AMASS
       by -90 degrees about X for display): there use M_world != M_body (see
       spconv_motion_clip_convert).
     BVH: Biovision hierarchy files have no axis field; the convention of the
       format descriptions (Meredith and Maddock, "Motion Capture File Formats
       Explained", 2001; Blender's BVH importer default "-Z forward, Y up"
       for the Blender view, i.e. the figure faces +Z) is Y up and the rest
       pose facing +Z. Check the file's rest pose: some face -Z or +X.
     ROBOT: ROS REP-103 (x forward, y left, z up), as MuJoCo, Isaac Lab and
       SONIC ("Right-handed: X forward, Y left, Z up") use for humanoids.
     SMPL or BVH -> ROBOT is (x, y, z) -> (z, x, y), not the up-axis matrix
     (x, y, z) -> (x, -z, y), which would walk the body along -Y. */
SPCONV_API int spconv_axis_system_preset(spconv_axis_system *res, spconv_axis_preset preset) {
  spconv_direction x, y, z;
  switch (preset) {
    case SPCONV_AXIS_PRESET_ROS_FLU:
    case SPCONV_AXIS_PRESET_ROBOT:
    case SPCONV_AXIS_PRESET_MUJOCO:
    case SPCONV_AXIS_PRESET_ISAAC:
    case SPCONV_AXIS_PRESET_NEWTON:
    case SPCONV_AXIS_PRESET_GENESIS:
      x = SPCONV_DIRECTION_FORWARD; y = SPCONV_DIRECTION_LEFT; z = SPCONV_DIRECTION_UP; break;
    case SPCONV_AXIS_PRESET_ROS_ENU:
      x = SPCONV_DIRECTION_RIGHT; y = SPCONV_DIRECTION_FORWARD; z = SPCONV_DIRECTION_UP; break;
    case SPCONV_AXIS_PRESET_NED:
    case SPCONV_AXIS_PRESET_FRD:
      x = SPCONV_DIRECTION_FORWARD; y = SPCONV_DIRECTION_RIGHT; z = SPCONV_DIRECTION_DOWN; break;
    case SPCONV_AXIS_PRESET_ROS_OPTICAL:
      x = SPCONV_DIRECTION_RIGHT; y = SPCONV_DIRECTION_DOWN; z = SPCONV_DIRECTION_FORWARD; break;
    case SPCONV_AXIS_PRESET_BLENDER:
    case SPCONV_AXIS_PRESET_USD_Z_UP:
      x = SPCONV_DIRECTION_LEFT; y = SPCONV_DIRECTION_BACK; z = SPCONV_DIRECTION_UP; break;
    case SPCONV_AXIS_PRESET_GLTF:
    case SPCONV_AXIS_PRESET_USD_Y_UP:
    case SPCONV_AXIS_PRESET_SMPL:
    case SPCONV_AXIS_PRESET_BVH:
    case SPCONV_AXIS_PRESET_MAYA_Y_UP:
      x = SPCONV_DIRECTION_LEFT; y = SPCONV_DIRECTION_UP; z = SPCONV_DIRECTION_FORWARD; break;
    case SPCONV_AXIS_PRESET_UNITY:
      x = SPCONV_DIRECTION_RIGHT; y = SPCONV_DIRECTION_UP; z = SPCONV_DIRECTION_FORWARD; break;
    case SPCONV_AXIS_PRESET_UNREAL:
      x = SPCONV_DIRECTION_FORWARD; y = SPCONV_DIRECTION_RIGHT; z = SPCONV_DIRECTION_UP; break;
    case SPCONV_AXIS_PRESET_OPENGL_CAMERA:
      x = SPCONV_DIRECTION_RIGHT; y = SPCONV_DIRECTION_UP; z = SPCONV_DIRECTION_BACK; break;
    case SPCONV_AXIS_PRESET_END:
    default: return SPCONV_EINVAL;
  }
  res->x = x;
  res->y = y;
  res->z = z;
  return SPCONV_OK;
}

/** res = M (v_to = M v_from) between two presets; SPCONV_EINVAL (res
   untouched) for an unknown preset. SMPL or BVH -> ROBOT: (x, y, z) -> (z, x, y). */
SPCONV_API int spconv_axis_preset_matrix(spconv_real res[9], spconv_axis_preset from,
                                         spconv_axis_preset to) {
  spconv_axis_system a, b;
  if (spconv_axis_system_preset(&a, from) != SPCONV_OK ||
      spconv_axis_system_preset(&b, to) != SPCONV_OK)
    return SPCONV_EINVAL;
  spconv__system_matrix(res, a, b);
  return SPCONV_OK;
}

/* ---------------------------------------- quantities under a change of axes */

/* M: row-major [9], orthogonal (a signed permutation between axis systems;
   any rotation or reflection works except in spconv_scale_change_axes).
   v_to = M v_from. An orientation R (body -> world) becomes
   M_world R M_body^T; its two named cases:
     every frame relabelled with the same M:   M R M^T    quaternion (w, (det M) M v)
     world relabelled only (body axes kept):   M R        quaternion q_M q
   Local rotations of a skeleton (child -> parent) always take the first;
   a root orientation takes whichever its data's body frames call for.
   The _change_axes functions do not check M; the world-axes ones need an
   orthogonal M within SPCONV_ROTATION_TOL. */

/** res = M v: polar vectors (points, positions, linear velocities and
   accelerations, forces, gravity, translation parts of poses). */
SPCONV_API void spconv_vec_change_axes(spconv_real res[3], const spconv_real M[9],
                                       const spconv_real v[3]) {
  spconv_real t[3];
  spconv__mat_vec(t, M, v);
  res[0] = t[0];
  res[1] = t[1];
  res[2] = t[2];
}

/** res = (det M) M w: pseudovectors (angular velocity, angular
   acceleration, torque, angular momentum, axis-angle / rotation vectors:
   SONIC pose_aa, SMPL poses; exact, angles beyond pi kept).
   Under a reflection they flip: v = w x r must still hold after the change
   of axes, and M (w x r) = (det M) (M w) x (M r). */
SPCONV_API void spconv_pseudovec_change_axes(spconv_real res[3], const spconv_real M[9],
                                             const spconv_real w[3]) {
  spconv_real t[3], d = spconv__det3(M);
  spconv__mat_vec(t, M, w);
  res[0] = d * t[0];
  res[1] = d * t[1];
  res[2] = d * t[2];
}

/** res = M R M^T: a rotation matrix (row-major, e.g. MuJoCo xmat, or a
   skeleton's local rotation) whose both sides are expressed in the converted
   axes; stays proper under a reflection M. */
SPCONV_API void spconv_mat_change_axes(spconv_real res[9], const spconv_real M[9],
                                       const spconv_real R[9]) {
  spconv__mat_abt(res, M, R, M);
}

/** res = M I M^T: an inertia tensor (row-major, about any point that moves
   with the axes). No det factor: I maps a pseudovector w to the
   pseudovector L = I w, and (det M)^2 = 1. */
SPCONV_API void spconv_inertia_change_axes(spconv_real res[9], const spconv_real M[9],
                                           const spconv_real I[9]) {
  spconv_mat_change_axes(res, M, I);
}

/** res = |M| s: per-axis scale factors (or box half-extents, sizes) are
   permuted and never change sign. M must be a signed permutation. */
SPCONV_API void spconv_scale_change_axes(spconv_real res[3], const spconv_real M[9],
                                         const spconv_real s[3]) {
  spconv_real t[3];
  int i;
  for (i = 0; i < 3; ++i)
    t[i] = SPCONV_FABS(M[3 * i]) * s[0] + SPCONV_FABS(M[3 * i + 1]) * s[1] +
           SPCONV_FABS(M[3 * i + 2]) * s[2];
  res[0] = t[0];
  res[1] = t[1];
  res[2] = t[2];
}

/* the quaternion rule on (w, u): res = (w, (det M) M u); res may alias u */
SPCONV__PRIVATE void spconv__quat_change_axes(spconv_real *res_w, spconv_real res_u[3],
                                         const spconv_real M[9], spconv_real w,
                                         const spconv_real u[3]) {
  spconv_pseudovec_change_axes(res_u, M, u);
  *res_w = w;
}

/** res = (w, (det M) M v) for q = (w, v) stored wxyz: the same rotation as
   M R(q) M^T (the vector part is a rotation axis, a pseudovector). Blender
   -> glTF: (w, x, y, z) -> (w, x, z, -y). Any norm. */
SPCONV_API void spconv_quat_wxyz_change_axes(spconv_real res[4], const spconv_real M[9],
                                             const spconv_real q_wxyz[4]) {
  spconv_real w = q_wxyz[0], u[3];
  u[0] = q_wxyz[1];
  u[1] = q_wxyz[2];
  u[2] = q_wxyz[3];
  spconv__quat_change_axes(&res[0], res + 1, M, w, u);
}

/** As spconv_quat_wxyz_change_axes for q stored xyzw. Unity -> ROS FLU: (x, y, z,
   w) -> (-z, x, -y, w), the negative of (z, -x, y, -w): the same rotation. */
SPCONV_API void spconv_quat_xyzw_change_axes(spconv_real res[4], const spconv_real M[9],
                                             const spconv_real q_xyzw[4]) {
  spconv_real w = q_xyzw[3], u[3];
  u[0] = q_xyzw[0];
  u[1] = q_xyzw[1];
  u[2] = q_xyzw[2];
  spconv__quat_change_axes(&res[3], res, M, w, u);
}

/** Pose [p; q_wxyz] (MuJoCo free-joint qpos, Isaac Lab root pose):
   res = [M p; (w, (det M) M v)]. */
SPCONV_API void spconv_pose_wxyz_change_axes(spconv_real res[7], const spconv_real M[9],
                                             const spconv_real pose[7]) {
  spconv_real t[7];
  int i;
  spconv_vec_change_axes(t, M, pose);
  spconv_quat_wxyz_change_axes(t + 3, M, pose + 3);
  for (i = 0; i < 7; ++i) res[i] = t[i]; /* written last: res may alias M */
}

/** Pose [p; q_xyzw] (Warp / Newton transform): res = [M p; rule above]. */
SPCONV_API void spconv_pose_xyzw_change_axes(spconv_real res[7], const spconv_real M[9],
                                             const spconv_real pose[7]) {
  spconv_real t[7];
  int i;
  spconv_vec_change_axes(t, M, pose);
  spconv_quat_xyzw_change_axes(t + 3, M, pose + 3);
  for (i = 0; i < 7; ++i) res[i] = t[i]; /* written last: res may alias M */
}

/** res = the 4x4 homogeneous transform T = [A p; 0 1] (A: a rotation, with
   any scale; p: the translation) with both its frames changed by M and its
   lengths by k: [M A M^T, k M p; 0 1] (v_to = M v_from; k from
   spconv_length_scale, 1 to keep the unit). A glTF node.matrix (column-major)
   into a Z-up ROS world in metres: M = spconv_axis_preset_matrix(GLTF,
   ROS_FLU), k = 1. T and res are stored as layout says; the last row is
   copied as it is. SPCONV_EINVAL (res untouched) for an unknown layout or a
   k that is not finite and > 0. */
SPCONV_API int spconv_transform_change_axes(spconv_real res[16], const spconv_real M[9],
                                            const spconv_real T[16], spconv_real k,
                                            spconv_mat4_layout layout) {
  spconv_real A[9], p[3], last[4];
  int i, j, cm = layout == SPCONV_MAT4_COLUMN_MAJOR;
  if ((layout != SPCONV_MAT4_ROW_MAJOR && !cm) || !spconv__finite(k) || !(k > SPCONV__R(0)))
    return SPCONV_EINVAL;
  for (i = 0; i < 3; ++i) {
    for (j = 0; j < 3; ++j) A[3 * i + j] = T[spconv__mat4_at(i, j, cm)];
    p[i] = T[spconv__mat4_at(i, 3, cm)];
  }
  for (j = 0; j < 4; ++j) last[j] = T[spconv__mat4_at(3, j, cm)];
  spconv__mat_abt(A, M, A, M);
  spconv_vec_change_axes(p, M, p);
  for (i = 0; i < 3; ++i) { /* written last: res may alias T or M */
    for (j = 0; j < 3; ++j) res[spconv__mat4_at(i, j, cm)] = A[3 * i + j];
    res[spconv__mat4_at(i, 3, cm)] = k * p[i];
  }
  for (j = 0; j < 4; ++j) res[spconv__mat4_at(3, j, cm)] = last[j];
  return SPCONV_OK;
}


/** A twist [v; w] or a wrench [f; tau] (any reference point, which moves
   with the axes): res = [M a; (det M) M b], the linear half a polar vector,
   the angular half a pseudovector. The power f.v + tau.w of a wrench and a
   twist both converted is unchanged. */
SPCONV_API void spconv_spatial_change_axes(spconv_real res[6], const spconv_real M[9],
                                           const spconv_real x[6]) {
  spconv_real t[6];
  int i;
  spconv_vec_change_axes(t, M, x);
  spconv_pseudovec_change_axes(t + 3, M, x + 3);
  for (i = 0; i < 6; ++i) res[i] = t[i]; /* written last: res may alias M */
}

/** World relabelled only: res = M R for an orientation R (body -> world,
   row-major) whose world axes change by M (v_to = M v_from) while the
   body's own axes stay as they are (a Y-up asset placed in a Z-up world:
   its mesh is not re-authored). Use for a root whose body frame is not
   converted. SPCONV_EINVAL (res untouched) unless M is a proper rotation
   (M R would be a reflection). */
SPCONV_API int spconv_mat_change_world_axes(spconv_real res[9], const spconv_real M[9],
                                            const spconv_real R[9]) {
  spconv_real I[9] = SPCONV__MAT3_IDENTITY, s = SPCONV__R(0);
  if (!spconv__orthogonal_sign(M, &s) || s < SPCONV__R(0)) return SPCONV_EINVAL;
  spconv__mat_abt(res, M, R, I);
  return SPCONV_OK;
}

/** World relabelled only, quaternion form: res = q_M q (wxyz, q_M the unit
   quaternion of M; keeps the norm of q). SPCONV_EINVAL (res untouched)
   unless M is a proper rotation. */
SPCONV_API int spconv_quat_wxyz_change_world_axes(spconv_real res[4],
                                                  const spconv_real M[9],
                                                  const spconv_real q_wxyz[4]) {
  spconv_real qm[4], s = SPCONV__R(0);
  if (!spconv__orthogonal_sign(M, &s) || s < SPCONV__R(0)) return SPCONV_EINVAL;
  spconv__quat_of_orthogonal(qm, M, s);
  spconv_quat_mul_wxyz(res, qm, q_wxyz);
  return SPCONV_OK;
}

/** The general case: res = M_world R M_body^T for q (wxyz, body -> world)
   when the world axes change by M_world and the body axes by M_body:
   res = q_W q conj(q_B) with q_W, q_B the quaternions of (det M) M. M_world
   = M_body gives the every-frame rule, M_body = I the world-only rule.
   Keeps the norm of q. SPCONV_EINVAL (res untouched) unless both are
   orthogonal with equal determinants (else the result is a reflection). */
SPCONV_API int spconv_quat_wxyz_change_world_body_axes(spconv_real res[4],
                                                       const spconv_real M_world[9],
                                                       const spconv_real M_body[9],
                                                       const spconv_real q_wxyz[4]) {
  spconv_real qw[4], qb[4], t[4], sw = SPCONV__R(0), sb = SPCONV__R(0);
  if (!spconv__orthogonal_sign(M_world, &sw) || !spconv__orthogonal_sign(M_body, &sb) ||
      sw != sb)
    return SPCONV_EINVAL;
  spconv__quat_of_orthogonal(qw, M_world, sw);
  spconv__quat_of_orthogonal(qb, M_body, sb);
  spconv_quat_conj_wxyz(qb, qb);
  spconv_quat_mul_wxyz(t, qw, q_wxyz);
  spconv_quat_mul_wxyz(res, t, qb);
  return SPCONV_OK;
}

/* ------------------------------------------------------------------ gravity */

/** res = -magnitude along the signed up axis, 0 along the others: NEG_Y up
   (a Y-down world, OpenCV / ROS optical) gives (0, +magnitude, 0).
   SPCONV_EINVAL (res untouched) for an unknown axis. */
SPCONV_API int spconv_gravity_signed(spconv_real res[3], spconv_signed_axis up,
                                     spconv_real magnitude) {
  int a = SPCONV__CAST(int, up);
  if (!spconv__signed_axis_valid(a)) return SPCONV_EINVAL;
  res[0] = res[1] = res[2] = SPCONV__R(0);
  res[a % 3] = a < 3 ? -magnitude : magnitude;
  return SPCONV_OK;
}

/** res = gravity vector for a world whose up is +up: -magnitude along up
   (magnitude 9.81 gives (0, 0, -9.81) for Z-up); spconv_gravity_signed for
   the positive axis. SPCONV_EINVAL (res untouched) for an unknown axis. */
SPCONV_API int spconv_gravity(spconv_real res[3], spconv_axis up, spconv_real magnitude) {
  if (!spconv__axis_valid(up)) return SPCONV_EINVAL;
  return spconv_gravity_signed(res, SPCONV__CAST(spconv_signed_axis, up), magnitude);
}

/** @} */ /* end of >>axes */

#ifndef SPCONV_NO_SHAPES
/* ================================================================== >>shapes
   SHAPES AND ASSET IMPORT: collision primitives between engines, MuJoCo fromto,
   mesh assets into a Z-up world */
/** @defgroup shapes Shapes and asset import
    Collision primitives between engines, MuJoCo fromto, mesh assets into a Z-up
    world. @{ */

/* --------------------------------------------------------- collision shapes */

/* 1 if `type` exists in `format` with primary axis `axis` */
SPCONV__PRIVATE int spconv__shape_supported(spconv_shape_type type, spconv_shape_format format,
                                       spconv_axis axis) {
  const int t = SPCONV__CAST(int, type), f = SPCONV__CAST(int, format); /* any int */
  if (t < SPCONV__CAST(int, SPCONV_SHAPE_SPHERE) || t > SPCONV__CAST(int, SPCONV_SHAPE_PLANE) ||
      f < SPCONV__CAST(int, SPCONV_SHAPE_FORMAT_NEWTON) ||
      f > SPCONV__CAST(int, SPCONV_SHAPE_FORMAT_PHYSX) || !spconv__axis_valid(axis))
    return 0;
  if (format == SPCONV_SHAPE_FORMAT_MUJOCO && (axis != SPCONV_AXIS_Z || type == SPCONV_SHAPE_CONE))
    return 0;
  if (format == SPCONV_SHAPE_FORMAT_PHYSX && axis != SPCONV_AXIS_X) return 0;
  return 1;
}

/* the number of size entries `type` reads */
SPCONV__PRIVATE int spconv__shape_nsize(spconv_shape_type type) {
  if (type == SPCONV_SHAPE_PLANE) return 0;
  if (type == SPCONV_SHAPE_BOX) return 3;
  return type == SPCONV_SHAPE_SPHERE ? 1 : 2;
}

/* 1 if `format` gives the axial size of `type` as a full length (USD's
   heights, PhysX's convex-core cylinder and cone), 0 for a half length */
SPCONV__PRIVATE int spconv__shape_full_length(spconv_shape_type type, spconv_shape_format format) {
  return spconv__shape_nsize(type) == 2 &&
         (format == SPCONV_SHAPE_FORMAT_USD ||
          (format == SPCONV_SHAPE_FORMAT_PHYSX && type != SPCONV_SHAPE_CAPSULE));
}

/* canonical (Newton) sizes from `format` sizes; 1 if all are finite, >= 0 */
SPCONV__PRIVATE int spconv__shape_to_canonical(spconv_real c[3], const spconv_real size[3],
                                          spconv_shape_type type, spconv_shape_format format) {
  int i, n = spconv__shape_nsize(type);
  spconv_real h = SPCONV__R(0.5);
  c[0] = c[1] = c[2] = SPCONV__R(0);
  for (i = 0; i < n; ++i) {
    if (!spconv__finite(size[i]) || size[i] < SPCONV__R(0)) return 0;
    c[i] = size[i];
  }
  if (format == SPCONV_SHAPE_FORMAT_USD && type == SPCONV_SHAPE_BOX) {
    c[0] *= h;
    c[1] *= h;
    c[2] *= h;
  }
  if (spconv__shape_full_length(type, format)) c[1] *= h; /* height -> half height */
  return 1;
}

/** res_size and res_q_wxyz for the same physical shape in another
   format. size: the `from` parameters (table above), res_size: the `to`
   parameters (unused entries set to 0). res_q_wxyz = q with
   q_shape_to = q_shape_from * q (its matrix carries the `to` primary
   axis onto the `from` one; identity when they agree): compose it onto
   the shape's local orientation. PhysX capsule (r, h) -> Newton:
   (r, h) and q = +90 deg about Y (Z onto X). A plane only turns (res_size
   zeros: collision planes are infinite in every format). SPCONV_EINVAL
   (res untouched) for an unknown type, format or axis, a shape the format
   lacks (MuJoCo cone), an axis the format does
   not allow (MuJoCo: Z, PhysX: X), or a negative or non-finite size. */
SPCONV_API int spconv_shape_convert(spconv_real res_size[3], spconv_real res_q_wxyz[4],
                                    const spconv_real size[3], spconv_shape_type type,
                                    spconv_shape_format from, spconv_axis from_axis,
                                    spconv_shape_format to, spconv_axis to_axis) {
  spconv_real c[3], q[4];
  if (!spconv__shape_supported(type, from, from_axis) ||
      !spconv__shape_supported(type, to, to_axis) ||
      !spconv__shape_to_canonical(c, size, type, from))
    return SPCONV_EINVAL;
  if (to == SPCONV_SHAPE_FORMAT_USD && type == SPCONV_SHAPE_BOX) {
    c[0] *= SPCONV__R(2);
    c[1] *= SPCONV__R(2);
    c[2] *= SPCONV__R(2);
  }
  if (spconv__shape_full_length(type, to)) c[1] *= SPCONV__R(2);
  if (type == SPCONV_SHAPE_SPHERE || type == SPCONV_SHAPE_BOX) {
    q[0] = SPCONV__R(1);
    q[1] = q[2] = q[3] = SPCONV__R(0);
  } else if (spconv_up_axis_quat_wxyz(q, to_axis, from_axis) != SPCONV_OK) {
    return SPCONV_EINVAL; /* not reached: the axes were checked above */
  }
  res_size[0] = c[0];
  res_size[1] = c[1];
  res_size[2] = c[2];
  res_q_wxyz[0] = q[0];
  res_q_wxyz[1] = q[1];
  res_q_wxyz[2] = q[2];
  res_q_wxyz[3] = q[3];
  return SPCONV_OK;
}

/** *res = the volume of a shape given in `format` (computed from that
   format's own parameters): >= 0, +inf when a product overflows, never
   NaN. SPCONV_EINVAL as spconv_shape_convert, and for a plane. */
SPCONV_API int spconv_shape_volume(spconv_real *res, const spconv_real size[3],
                                   spconv_shape_type type, spconv_shape_format format,
                                   spconv_axis axis) {
  const spconv_real pi = SPCONV__PI;
  spconv_real r, len, v, cyl;
  int i, n = spconv__shape_nsize(type);
  if (!spconv__shape_supported(type, format, axis) || type == SPCONV_SHAPE_PLANE)
    return SPCONV_EINVAL;
  for (i = 0; i < n; ++i)
    if (!spconv__finite(size[i]) || size[i] < SPCONV__R(0)) return SPCONV_EINVAL;
  r = size[0];
  len = n == 2 ? size[1] : SPCONV__R(0); /* the axial size (full or half length) */
  /* a zero factor gives 0 even when another product overflows (no inf * 0 = NaN) */
  cyl = r == SPCONV__R(0) || len == SPCONV__R(0) ? SPCONV__R(0) : (pi * r) * (r * len);
  if (!spconv__shape_full_length(type, format)) cyl *= SPCONV__R(2); /* len was the half length */
  switch (type) {
    case SPCONV_SHAPE_SPHERE: v = SPCONV__R(4) / SPCONV__R(3) * pi * r * r * r; break;
    case SPCONV_SHAPE_BOX:
      v = size[0] == SPCONV__R(0) || size[1] == SPCONV__R(0) || size[2] == SPCONV__R(0)
              ? SPCONV__R(0)
              : size[0] * size[1] * size[2];
      if (format != SPCONV_SHAPE_FORMAT_USD) v *= SPCONV__R(8); /* half extents */
      break;
    case SPCONV_SHAPE_CAPSULE:
      v = cyl + SPCONV__R(4) / SPCONV__R(3) * pi * r * r * r;
      break;
    case SPCONV_SHAPE_CYLINDER: v = cyl; break;
    default: v = cyl / SPCONV__R(3); break; /* cone */
  }
  *res = v;
  return SPCONV_OK;
}

/** res = the centre of mass of a uniform solid shape in its own frame: the
   origin, except the cone's, at -half_height / 2 along the axis (a quarter
   of the height above the base). SPCONV_EINVAL as spconv_shape_volume. */
SPCONV_API int spconv_shape_com(spconv_real res[3], const spconv_real size[3],
                                spconv_shape_type type, spconv_shape_format format,
                                spconv_axis axis) {
  spconv_real c[3];
  if (!spconv__shape_supported(type, format, axis) || type == SPCONV_SHAPE_PLANE ||
      !spconv__shape_to_canonical(c, size, type, format))
    return SPCONV_EINVAL;
  res[0] = res[1] = res[2] = SPCONV__R(0);
  if (type == SPCONV_SHAPE_CONE) res[SPCONV__CAST(int, axis)] = -SPCONV__R(0.5) * c[1];
  return SPCONV_OK;
}

/** MuJoCo geom fromto = (a; b) -> the geom frame: res_pos = (a + b) / 2,
   res_q_wxyz = the minimal rotation carrying +Z onto b - a (MuJoCo's
   mju_quatZ2Vec: (0, 1, 0, 0), 180 deg about X, when b - a points along
   -Z), *res_half_length = |b - a| / 2: size[1] of a capsule or cylinder
   (the caps of a capsule lie beyond a and b), size[2] of a box (whose
   other two half-sizes are size[0]). SPCONV_EDEGENERATE (nothing
   written) when a == b, an input is not finite or b - a overflows. */
SPCONV_API int spconv_pose_from_mujoco_fromto(spconv_real res_pos[3],
                                              spconv_real res_q_wxyz[4],
                                              spconv_real *res_half_length,
                                              const spconv_real fromto[6]) {
  spconv_real d[3], c[3], q[4], n, w;
  int i;
  for (i = 0; i < 6; ++i)
    if (!spconv__finite(fromto[i])) return SPCONV_EDEGENERATE;
  for (i = 0; i < 3; ++i) {
    d[i] = fromto[3 + i] - fromto[i];
    /* halves first: the same rounding as (a + b) / 2, without overflow */
    c[i] = SPCONV__R(0.5) * fromto[i] + SPCONV__R(0.5) * fromto[3 + i];
  }
  n = spconv__norm3(d); /* no overflow unless |b - a| itself overflows */
  if (!(n > SPCONV__R(0)) || !spconv__finite(n)) return SPCONV_EDEGENERATE;
  w = spconv__max_abs(d, 3); /* u = (b - a) / |b - a|, scaled first (subnormal d) */
  for (i = 0; i < 3; ++i) d[i] /= w;
  w = spconv__norm3(d);
  for (i = 0; i < 3; ++i) d[i] /= w;
  /* q ~ (1 + z.u, z x u) = (1 + u_z, -u_y, u_x, 0); 1 + u_z cancels when
     u_z < 0, where it equals (u_x^2 + u_y^2) / (1 - u_z). */
  w = d[2] >= SPCONV__R(0) ? SPCONV__R(SPCONV__R(1) + d[2])
                           : SPCONV__R((d[0] * d[0] + d[1] * d[1]) / (SPCONV__R(1) - d[2]));
  q[0] = w;
  q[1] = -d[1];
  q[2] = d[0];
  q[3] = SPCONV__R(0);
  res_pos[0] = c[0];
  res_pos[1] = c[1];
  res_pos[2] = c[2];
  if (spconv__quat_unit(q, q)) { /* scaled: u_x, u_y may be subnormal */
    res_q_wxyz[0] = q[0];
    res_q_wxyz[1] = q[1];
    res_q_wxyz[2] = q[2];
    res_q_wxyz[3] = q[3];
  } else { /* exactly along -Z */
    res_q_wxyz[0] = SPCONV__R(0);
    res_q_wxyz[1] = SPCONV__R(1);
    res_q_wxyz[2] = SPCONV__R(0);
    res_q_wxyz[3] = SPCONV__R(0);
  }
  *res_half_length = SPCONV__R(0.5) * n;
  return SPCONV_OK;
}

/* ------------------------------------------------------------- asset import */

SPCONV__PRIVATE int spconv__asset_format_valid(spconv_asset_format format) {
  return format == SPCONV_ASSET_GLTF || format == SPCONV_ASSET_STL || format == SPCONV_ASSET_OBJ;
}

/** res = M taking mesh coordinates of a file into a Z-up world, turning
   the up axis only, as Blender's glTF importer and Genesis do (Blender's
   export label "Y up, -Z forward" names the way its front view looks; the
   asset's front is +Z, as glTF says): Y-up data -> (x, y, z) ->
   (x, -z, y), i.e. spconv_up_axis_matrix(Y, Z), the inverse of Blender's
   glTF export; Z-up data -> identity. glTF is always Y-up (file_is_z_up
   ignored, as Genesis does); STL and OBJ use file_is_z_up (Genesis'
   file_meshes_are_zup). A glTF asset then faces -Y; spconv_asset_axes_matrix
   gives the matrix into a chosen system (a ROS / MuJoCo / Isaac world faces
   +X). Apply either with the *_change_axes functions. SPCONV_EINVAL (res
   untouched) for an unknown format. */
SPCONV_API int spconv_asset_import_matrix(spconv_real res[9], spconv_asset_format format,
                                          int file_is_z_up) {
  if (!spconv__asset_format_valid(format)) return SPCONV_EINVAL;
  if (format != SPCONV_ASSET_GLTF && file_is_z_up)
    return spconv_up_axis_matrix(res, SPCONV_AXIS_Z, SPCONV_AXIS_Z);
  return spconv_up_axis_matrix(res, SPCONV_AXIS_Y, SPCONV_AXIS_Z);
}

/** res = the rotation of spconv_asset_import_matrix as a unit quaternion
   (w, x, y, z): (cos 45, sin 45, 0, 0) for Y-up data, identity for Z-up.
   SPCONV_EINVAL (res untouched) for an unknown format. */
SPCONV_API int spconv_asset_import_quat_wxyz(spconv_real res[4], spconv_asset_format format,
                                             int file_is_z_up) {
  if (!spconv__asset_format_valid(format)) return SPCONV_EINVAL;
  if (format != SPCONV_ASSET_GLTF && file_is_z_up)
    return spconv_up_axis_quat_wxyz(res, SPCONV_AXIS_Z, SPCONV_AXIS_Z);
  return spconv_up_axis_quat_wxyz(res, SPCONV_AXIS_Y, SPCONV_AXIS_Z);
}

/** res = M (v_to = M v_from) from the axes a mesh file is written in to the
   axis system of preset `to`, so that the asset faces the way `to` calls
   forward. glTF files are Y up with their front at +Z (glTF 2.0, section
   "Coordinate System and Units"); STL and OBJ have no convention: Y-up
   files (file_is_z_up = 0) are read with the glTF facing, Z-up files in
   Blender's axes (front -Y). glTF -> ROS_FLU, MUJOCO, ISAAC, NEWTON:
   (x, y, z) -> (z, x, y), the asset faces +X (GENESIS and ROBOT too: to
   match Genesis' own import, use spconv_asset_import_matrix); glTF ->
   BLENDER: (x, y, z) -> (x, -z, y), it faces -Y (what
   spconv_asset_import_matrix gives, which turns the up axis only).
   docs/axes.md, "Asset import", says which to call when.
   SPCONV_EINVAL (res untouched) for an unknown format or preset. */
SPCONV_API int spconv_asset_axes_matrix(spconv_real res[9], spconv_asset_format format,
                                        int file_is_z_up, spconv_axis_preset to) {
  spconv_axis_preset from = SPCONV_AXIS_PRESET_GLTF;
  if (!spconv__asset_format_valid(format)) return SPCONV_EINVAL;
  if (format != SPCONV_ASSET_GLTF && file_is_z_up) from = SPCONV_AXIS_PRESET_BLENDER;
  return spconv_axis_preset_matrix(res, from, to);
}


/** @} */ /* end of >>shapes */
#endif /* !SPCONV_NO_SHAPES */

/* ================================================================= >>spatial
   SPATIAL VECTORS: shift (and _n), swap, rotate, power, accelerations */
/** @defgroup spatial Spatial vectors
    Shift (and _n), swap, rotate, power, accelerations. @{ */

/** Twist [v; w] at point A -> twist at B, r = p_B - p_A (same axes as the
   twist): v_B = v_A + w x r, w unchanged. */
SPCONV_API void spconv_twist_shift(spconv_real res[6], const spconv_real twist[6],
                                   const spconv_real r[3]) {
  SPCONV_ASSERT(res && twist && r);
  spconv_real w0 = twist[3], w1 = twist[4], w2 = twist[5];
  spconv_real v0 = twist[0] + w1 * r[2] - w2 * r[1];
  spconv_real v1 = twist[1] + w2 * r[0] - w0 * r[2];
  spconv_real v2 = twist[2] + w0 * r[1] - w1 * r[0];
  res[0] = v0;
  res[1] = v1;
  res[2] = v2;
  res[3] = w0;
  res[4] = w1;
  res[5] = w2;
}

/* defines spconv__twist_shift_n_io and _oop */
SPCONV__BATCH1(twist_shift_n, spconv_twist_shift, 6, 3)

/** n twists [v; w] (6n reals) shifted by n offsets r (3n reals). */
SPCONV_API void spconv_twist_shift_n(spconv_real *res, const spconv_real *twist,
                                     const spconv_real *r, size_t n) {
  SPCONV__BATCH_CALL(twist_shift_n, res, twist, r, n);
}

/** Wrench [f; tau] about point A -> about B, r = p_B - p_A (same axes as
   the wrench): tau_B = tau_A - r x f, f unchanged. Power-dual of
   spconv_twist_shift: the power f.v + tau.w is unchanged. */
SPCONV_API void spconv_wrench_shift(spconv_real res[6], const spconv_real wrench[6],
                                    const spconv_real r[3]) {
  SPCONV_ASSERT(res && wrench && r);
  spconv_real f0 = wrench[0], f1 = wrench[1], f2 = wrench[2];
  spconv_real t0 = wrench[3] - (r[1] * f2 - r[2] * f1);
  spconv_real t1 = wrench[4] - (r[2] * f0 - r[0] * f2);
  spconv_real t2 = wrench[5] - (r[0] * f1 - r[1] * f0);
  res[0] = f0;
  res[1] = f1;
  res[2] = f2;
  res[3] = t0;
  res[4] = t1;
  res[5] = t2;
}

/* defines spconv__wrench_shift_n_io and _oop */
SPCONV__BATCH1(wrench_shift_n, spconv_wrench_shift, 6, 3)

/** n wrenches [f; tau] (6n reals) shifted by n offsets r (3n reals). */
SPCONV_API void spconv_wrench_shift_n(spconv_real *res, const spconv_real *wrench,
                                      const spconv_real *r, size_t n) {
  SPCONV__BATCH_CALL(wrench_shift_n, res, wrench, r, n);
}

/** [a; b] -> [b; a]: linear-first <-> angular-first, for twists and wrenches. */
SPCONV_API void spconv_spatial_swap(spconv_real res[6], const spconv_real x[6]) {
  spconv_real a0 = x[0], a1 = x[1], a2 = x[2];
  res[0] = x[3];
  res[1] = x[4];
  res[2] = x[5];
  res[3] = a0;
  res[4] = a1;
  res[5] = a2;
}

/** [a; b] -> [R a; R b]: re-express a 6-vector in other axes (R row-major,
   maps the old axes to the new). The reference point does not move. */
SPCONV_API void spconv_spatial_rotate(spconv_real res[6], const spconv_real R[9],
                                      const spconv_real x[6]) {
  spconv_real a[3], b[3];
  spconv__mat_vec(a, R, x);
  spconv__mat_vec(b, R, x + 3);
  res[0] = a[0];
  res[1] = a[1];
  res[2] = a[2];
  res[3] = b[0];
  res[4] = b[1];
  res[5] = b[2];
}

/** Power f.v + tau.w of wrench [f; tau] on twist [v; w] (same point, axes). */
SPCONV_API spconv_real spconv_power(const spconv_real wrench[6], const spconv_real twist[6]) {
  return wrench[0] * twist[0] + wrench[1] * twist[1] + wrench[2] * twist[2] +
         wrench[3] * twist[3] + wrench[4] * twist[4] + wrench[5] * twist[5];
}

/* ------------------------------------------------------------ accelerations */

/* Linear-first [a; alpha] at a point P, with the twist [v_P; w] at the same
   point in the same axes. Classical a_P = d2/dt2 of the body point's
   position; spatial (Featherstone) a_P - w x v_P. A spatial acceleration
   shifts like a twist (spconv_twist_shift on [a; alpha]); a classical one
   with spconv_classical_accel_shift. */

/** spatial [a_P - w x v_P; alpha] from classical [a_P; alpha] and twist [v_P; w] */
SPCONV_API void spconv_spatial_accel_from_classical(spconv_real res[6],
                                                    const spconv_real accel[6],
                                                    const spconv_real twist[6]) {
  spconv_real t[3];
  spconv__cross(t, twist + 3, twist);
  res[0] = accel[0] - t[0];
  res[1] = accel[1] - t[1];
  res[2] = accel[2] - t[2];
  res[3] = accel[3];
  res[4] = accel[4];
  res[5] = accel[5];
}

/** classical [a_P; alpha] = spatial [a_sp; alpha] + [w x v_P; 0] (MuJoCo's
   "acc_tran += vel_rot x vel_tran" in mj_objectAcceleration) */
SPCONV_API void spconv_classical_accel_from_spatial(spconv_real res[6],
                                                    const spconv_real accel[6],
                                                    const spconv_real twist[6]) {
  spconv_real t[3];
  spconv__cross(t, twist + 3, twist);
  res[0] = accel[0] + t[0];
  res[1] = accel[1] + t[1];
  res[2] = accel[2] + t[2];
  res[3] = accel[3];
  res[4] = accel[4];
  res[5] = accel[5];
}

/** Classical acceleration [a_A; alpha] of body point A -> of body point B,
   r = p_B - p_A, w the angular velocity (same axes):
   a_B = a_A + alpha x r + w x (w x r). */
SPCONV_API void spconv_classical_accel_shift(spconv_real res[6], const spconv_real accel[6],
                                             const spconv_real w[3], const spconv_real r[3]) {
  spconv_real wr[3], wwr[3], ar[3];
  spconv__cross(wr, w, r);
  spconv__cross(wwr, w, wr);
  spconv__cross(ar, accel + 3, r);
  res[0] = accel[0] + ar[0] + wwr[0];
  res[1] = accel[1] + ar[1] + wwr[1];
  res[2] = accel[2] + ar[2] + wwr[2];
  res[3] = accel[3];
  res[4] = accel[4];
  res[5] = accel[5];
}

/** @} */ /* end of >>spatial */

/* ===================================================================== >>se3
   RIGID TRANSFORMS: poses (compose, invert, apply, relative, interpolate, 4x4),
   adjoints of twists and wrenches, spatial cross products, SE(3) exp and log */
/** @defgroup se3 Rigid transforms
    Poses (compose, invert, apply, relative, interpolate, 4x4), adjoints,
    spatial cross products, SE(3) exp and log. @{ */
/* A pose is 7 reals [p; q]: p the position of a frame's origin in its
   parent (or the world), q its orientation (frame axes -> parent axes),
   stored wxyz: the algebra here works on [p; q_wxyz] only, and a pose
   stored [p; q_xyzw] (ROS geometry_msgs/Pose, Unity, PyBullet) is reordered by
   spconv_pose_wxyz_from_xyzw first and back by spconv_pose_xyzw_from_wxyz
   (exact moves). T = (R, p) maps a point x of the frame
   to R x + p in the parent. q need not be unit: q and c q are the same
   pose (R is built with 2/|q|^2); a quaternion in a result has the norm
   its formula gives (|q_a| |q_b| for a product, 1/|q| for an inverse)
   unless the comment says unit. Twists [v; w] (linear first, v of the
   frame's origin) and wrenches [f; tau] (tau about the origin) as in
   >>spatial; every function of a twist or a wrench takes an spconv_order:
   SPCONV_ORDER_ANGULAR_FIRST reads and writes them [w; v] and [tau; f]
   (DART, Drake, Featherstone, Modern Robotics), and an unknown order
   returns SPCONV_EINVAL with res untouched. */

/** res = the pose [p; q_xyzw] stored [p; q_wxyz]: p copied, the quaternion
   reordered as spconv_quat_wxyz_from_xyzw does (exact). res may alias
   pose_xyzw. */
SPCONV_API void spconv_pose_wxyz_from_xyzw(spconv_real res[7], const spconv_real pose_xyzw[7]) {
  res[0] = pose_xyzw[0];
  res[1] = pose_xyzw[1];
  res[2] = pose_xyzw[2];
  spconv_quat_wxyz_from_xyzw(res + 3, pose_xyzw + 3);
}

/** res = the pose [p; q_wxyz] stored [p; q_xyzw]: p copied, the quaternion
   reordered as spconv_quat_xyzw_from_wxyz does (exact). res may alias
   pose_wxyz. */
SPCONV_API void spconv_pose_xyzw_from_wxyz(spconv_real res[7], const spconv_real pose_wxyz[7]) {
  res[0] = pose_wxyz[0];
  res[1] = pose_wxyz[1];
  res[2] = pose_wxyz[2];
  spconv_quat_xyzw_from_wxyz(res + 3, pose_wxyz + 3);
}

/* defines spconv__pose_wxyz_from_xyzw_n_io and _oop */
SPCONV__BATCH0(pose_wxyz_from_xyzw_n, spconv_pose_wxyz_from_xyzw, 7)

/* defines spconv__pose_xyzw_from_wxyz_n_io and _oop */
SPCONV__BATCH0(pose_xyzw_from_wxyz_n, spconv_pose_xyzw_from_wxyz, 7)

/** n contiguous poses (7n reals), [p; q_xyzw] -> [p; q_wxyz]; res may equal
   pose_xyzw. */
SPCONV_API void spconv_pose_wxyz_from_xyzw_n(spconv_real *res, const spconv_real *pose_xyzw,
                                             size_t n) {
  SPCONV_ASSERT(spconv__batch_ok(res, 7 * n, pose_xyzw, 7 * n, 1));
  SPCONV__BATCH_CALL0(pose_wxyz_from_xyzw_n, res, pose_xyzw, n);
}

/** n contiguous poses (7n reals), [p; q_wxyz] -> [p; q_xyzw]; res may equal
   pose_wxyz. */
SPCONV_API void spconv_pose_xyzw_from_wxyz_n(spconv_real *res, const spconv_real *pose_wxyz,
                                             size_t n) {
  SPCONV_ASSERT(spconv__batch_ok(res, 7 * n, pose_wxyz, 7 * n, 1));
  SPCONV__BATCH_CALL0(pose_xyzw_from_wxyz_n, res, pose_wxyz, n);
}

/* ------------------------------------------------------------------- poses */

/** res = a b ([p; q_wxyz]): p = p_a + R_a p_b, q = q_a q_b. With a the pose
   of frame A in the world and b the pose of frame B given in A, res is the
   pose of B in the world (MuJoCo mju_mulPose, Eigen's Isometry product,
   KDL Frame * Frame). Associative; the norm of q is |q_a| |q_b|. */
SPCONV_API void spconv_pose_mul_wxyz(spconv_real res[7], const spconv_real a[7],
                                     const spconv_real b[7]) {
  spconv_real p[3], q[4];
  int i;
  spconv_pose_transform_point_wxyz(p, a, b);
  spconv_quat_mul_wxyz(q, a + 3, b + 3);
  for (i = 0; i < 3; ++i) res[i] = p[i];
  for (i = 0; i < 4; ++i) res[3 + i] = q[i];
}

/** res = pose^-1 ([p; q_wxyz]): q^-1 = conj(q) / |q|^2, p = -R^T p, so that
   pose^-1 pose and pose pose^-1 are the identity (MuJoCo mju_negPose;
   1/|q| is the norm of the result's q; the zero quaternion stays zero and
   acts as the identity). */
SPCONV_API void spconv_pose_inv_wxyz(spconv_real res[7], const spconv_real pose[7]) {
  spconv_real p[3], q[4];
  int i;
  /* R^T p: p rotated by conj(q), which has the norm of q */
  spconv__quat_rotate(p, pose[3], -pose[4], -pose[5], -pose[6], pose);
  spconv_quat_inv_wxyz(q, pose + 3);
  for (i = 0; i < 3; ++i) res[i] = -p[i];
  for (i = 0; i < 4; ++i) res[3 + i] = q[i];
}

/** res = R point + p: the point given in the frame of pose [p; q_wxyz],
   expressed in the parent (MuJoCo mju_trnVecPose, Eigen's Isometry3d * x,
   KDL Frame * Vector). res may alias point or pose. */
SPCONV_API void spconv_pose_transform_point_wxyz(spconv_real res[3], const spconv_real pose[7],
                                                 const spconv_real point[3]) {
  spconv_real t[3];
  spconv__quat_rotate(t, pose[3], pose[4], pose[5], pose[6], point);
  res[0] = t[0] + pose[0];
  res[1] = t[1] + pose[1];
  res[2] = t[2] + pose[2];
}

/** res = R v: a direction (velocity, force, axis) of the frame of pose
   [p; q_wxyz] in the parent's axes; p plays no part (MuJoCo mju_rotVecQuat
   on the pose's quaternion). */
SPCONV_API void spconv_pose_rotate_vec_wxyz(spconv_real res[3], const spconv_real pose[7],
                                            const spconv_real v[3]) {
  spconv__quat_rotate(res, pose[3], pose[4], pose[5], pose[6], v);
}

/** res = a^-1 b ([p; q_wxyz]): pose b expressed in frame a (both given in
   the same parent): p = R_a^T (p_b - p_a), q = q_a^-1 q_b (the norm of q
   is |q_b| / |q_a|). Computed in one step, not as an inverse then a
   product. */
SPCONV_API void spconv_pose_relative_wxyz(spconv_real res[7], const spconv_real a[7],
                                          const spconv_real b[7]) {
  spconv_real d[3], qi[4], q[4];
  int i;
  for (i = 0; i < 3; ++i) d[i] = b[i] - a[i];
  spconv__quat_rotate(d, a[3], -a[4], -a[5], -a[6], d);
  spconv_quat_inv_wxyz(qi, a + 3);
  spconv_quat_mul_wxyz(q, qi, b + 3);
  for (i = 0; i < 3; ++i) res[i] = d[i];
  for (i = 0; i < 4; ++i) res[3 + i] = q[i];
}

/** res = the pose a fraction t from a to b ([p; q_wxyz]): p = (1 - t) p_a +
   t p_b (exact at t = 0 and 1), q = spconv_quat_slerp_wxyz(q_a, q_b, t)
   (unit, shortest arc). Position and orientation are interpolated
   separately (not along the screw motion: that is
   pose_exp(twist_log(a^-1 b), t) after a). */
SPCONV_API void spconv_pose_interp_wxyz(spconv_real res[7], const spconv_real a[7],
                                        const spconv_real b[7], spconv_real t) {
  spconv_real p[3], q[4], s = SPCONV__R(1) - t;
  int i;
  for (i = 0; i < 3; ++i) p[i] = s * a[i] + t * b[i];
  spconv_quat_slerp_wxyz(q, a + 3, b + 3, t);
  for (i = 0; i < 3; ++i) res[i] = p[i];
  for (i = 0; i < 4; ++i) res[3 + i] = q[i];
}

/* 1 for a known spconv_mat4_layout (*cm = 1 when column-major) */
SPCONV__PRIVATE int spconv__mat4_layout(spconv_mat4_layout layout, int *cm) {
  *cm = layout == SPCONV_MAT4_COLUMN_MAJOR;
  return *cm || layout == SPCONV_MAT4_ROW_MAJOR;
}

/** res = the 4x4 homogeneous transform [R p; 0 1] of pose [p; q_wxyz]
   (R rotation matrix of q, any norm), stored row-major (T[4 i + j] = T_ij)
   or column-major (T[4 j + i]: glTF node.matrix, OpenGL, Eigen's
   Matrix4d::data()) as layout says. SPCONV_EINVAL (res untouched) for an
   unknown layout. */
SPCONV_API int spconv_mat4_from_pose_wxyz(spconv_real res[16], const spconv_real pose[7],
                                          spconv_mat4_layout layout) {
  spconv_real R[9], p[3];
  int i, j, cm;
  if (!spconv__mat4_layout(layout, &cm)) return SPCONV_EINVAL;
  spconv__mat_from_quat(R, pose + 3);
  for (i = 0; i < 3; ++i) p[i] = pose[i];
  for (i = 0; i < 3; ++i) { /* written last: res may alias pose */
    for (j = 0; j < 3; ++j) res[spconv__mat4_at(i, j, cm)] = R[3 * i + j];
    res[spconv__mat4_at(i, 3, cm)] = p[i];
    res[spconv__mat4_at(3, i, cm)] = SPCONV__R(0);
  }
  res[15] = SPCONV__R(1);
  return SPCONV_OK;
}

/** res = the pose [p; q_wxyz] of a 4x4 rigid transform T = [R p; 0 1]
   stored as layout says: q unit and canonical (w >= 0, as
   spconv_quat_wxyz_from_mat), p the last column. SPCONV_EINVAL (res
   untouched) for an unknown layout, a bottom row other than exactly
   (0 0 0 1), or an R that is not a rotation within SPCONV_ROTATION_TOL
   (scaled, sheared, reflected, NaN); a non-finite p is copied (G4). */
SPCONV_API int spconv_pose_wxyz_from_mat4(spconv_real res[7], const spconv_real T[16],
                                          spconv_mat4_layout layout) {
  spconv_real R[9], p[3], q[4];
  int i, j, cm;
  if (!spconv__mat4_layout(layout, &cm)) return SPCONV_EINVAL;
  for (j = 0; j < 4; ++j)
    if (T[spconv__mat4_at(3, j, cm)] != (j == 3 ? SPCONV__R(1) : SPCONV__R(0)))
      return SPCONV_EINVAL;
  for (i = 0; i < 3; ++i) {
    for (j = 0; j < 3; ++j) R[3 * i + j] = T[spconv__mat4_at(i, j, cm)];
    p[i] = T[spconv__mat4_at(i, 3, cm)];
  }
  if (!spconv__is_rotation(R)) return SPCONV_EINVAL;
  spconv__quat_from_rotation(q, R);
  for (i = 0; i < 3; ++i) res[i] = p[i];
  for (i = 0; i < 4; ++i) res[3 + i] = q[i];
  return SPCONV_OK;
}

/* --------------------------------------------------- adjoints, cross products */

/* Adjoints for the pose T = (R, p) of frame B in frame A: a motion given at
   B's origin in B's axes is, at A's origin in A's axes, w_A = R w_B,
   v_A = R v_B + p x (R w_B) (Ad_T); a wrench about B's origin in B's axes
   is, about A's origin in A's axes, f_A = R f_B, tau_A = R tau_B +
   p x (R f_B) (Ad_T^-T, the power-conjugate: F_A.V_A = F_B.V_B). */

/* 1 for a known spconv_order */
SPCONV__PRIVATE int spconv__order_valid(spconv_order order) {
  return order == SPCONV_ORDER_LINEAR_FIRST || order == SPCONV_ORDER_ANGULAR_FIRST;
}

/* index of the linear half of a 6-vector stored as order says (0 or 3) */
SPCONV__PRIVATE int spconv__order_lin(spconv_order order) {
  return order == SPCONV_ORDER_ANGULAR_FIRST ? 3 : 0;
}

/* res = [[R, X], [Y, R]] (6x6 row-major) for pose [p; q_wxyz] and
   P = [p]x R: X = P, Y = 0 when upper, else X = 0, Y = P. res may alias
   pose (read first). */
SPCONV__PRIVATE void spconv__adjoint_blocks(spconv_real res[36], const spconv_real pose[7],
                                            int upper) {
  spconv_real R[9], P[9], p[3], c[3], pc[3];
  int i, j;
  for (i = 0; i < 3; ++i) p[i] = pose[i];
  spconv__mat_from_quat(R, pose + 3);
  for (j = 0; j < 3; ++j) { /* column j of [p]x R = p x (column j of R) */
    for (i = 0; i < 3; ++i) c[i] = R[3 * i + j];
    spconv__cross(pc, p, c);
    for (i = 0; i < 3; ++i) P[3 * i + j] = pc[i];
  }
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) {
      res[6 * i + j] = R[3 * i + j];
      res[6 * (i + 3) + j + 3] = R[3 * i + j];
      res[6 * i + j + 3] = upper ? P[3 * i + j] : SPCONV__R(0);
      res[6 * (i + 3) + j] = upper ? SPCONV__R(0) : P[3 * i + j];
    }
}

/** res = Ad_T (6x6 row-major) for the pose T = [p; q_wxyz] of frame B in
   frame A: x_A = res x_B takes a twist of B's origin in B's axes to the same
   motion at A's origin in A's axes (spconv_twist_transform_wxyz as a
   matrix). SPCONV_ORDER_LINEAR_FIRST [v; w]: [[R, [p]x R], [0, R]];
   SPCONV_ORDER_ANGULAR_FIRST [w; v] (Modern Robotics [Ad_T], Featherstone's
   X^-1, DART's AdT): [[R, 0], [[p]x R, R]]. SPCONV_EINVAL (res untouched)
   for an unknown order. */
SPCONV_API int spconv_adjoint_twist_matrix_wxyz(spconv_real res[36], const spconv_real pose[7],
                                                spconv_order order) {
  if (!spconv__order_valid(order)) return SPCONV_EINVAL;
  spconv__adjoint_blocks(res, pose, order == SPCONV_ORDER_LINEAR_FIRST);
  return SPCONV_OK;
}

/** res = Ad_T^-T (6x6 row-major) for the pose T = [p; q_wxyz] of frame B in
   frame A: takes a wrench about B's origin in B's axes to the same wrench
   about A's origin in A's axes (spconv_wrench_transform_wxyz as a matrix).
   SPCONV_ORDER_LINEAR_FIRST [f; tau]: [[R, 0], [[p]x R, R]];
   SPCONV_ORDER_ANGULAR_FIRST [tau; f] (DART's dAdInvT): [[R, [p]x R],
   [0, R]]. Power is kept: (Ad^-T F).(Ad V) = F.V. SPCONV_EINVAL (res
   untouched) for an unknown order. */
SPCONV_API int spconv_adjoint_wrench_matrix_wxyz(spconv_real res[36], const spconv_real pose[7],
                                                 spconv_order order) {
  if (!spconv__order_valid(order)) return SPCONV_EINVAL;
  spconv__adjoint_blocks(res, pose, order == SPCONV_ORDER_ANGULAR_FIRST);
  return SPCONV_OK;
}

/* res = [a; b] = [R x_lin; R x_ang] for pose [p; q_wxyz], then a += p x b
   (twist, wrench = 0) or b += p x a (wrench = 1); x and res hold their
   linear half at lin (0 or 3). res may alias any input. */
SPCONV__PRIVATE void spconv__pose_apply6(spconv_real res[6], const spconv_real pose[7],
                                         const spconv_real x[6], int lin, int wrench) {
  spconv_real a[3], b[3], p[3];
  int i;
  for (i = 0; i < 3; ++i) p[i] = pose[i];
  spconv__quat_rotate(a, pose[3], pose[4], pose[5], pose[6], x + lin);
  spconv__quat_rotate(b, pose[3], pose[4], pose[5], pose[6], x + 3 - lin);
  if (wrench) spconv__add_cross(b, b, p, a);
  else spconv__add_cross(a, a, p, b);
  for (i = 0; i < 3; ++i) {
    res[lin + i] = a[i];
    res[3 - lin + i] = b[i];
  }
}

/** res = Ad_T twist for the pose T = [p; q_wxyz] of frame B in frame A:
   a twist [v; w] of B's origin in B's axes -> [R v + p x (R w); R w], the
   same motion at A's origin in A's axes (KDL Frame * Twist; Pinocchio
   SE3::act on a Motion). SPCONV_ORDER_ANGULAR_FIRST: [w; v] in and out
   (DART's AdT, Drake's SpatialVelocity re-expressed and shifted).
   spconv_pose_inv_wxyz gives the way back. SPCONV_EINVAL (res untouched)
   for an unknown order. */
SPCONV_API int spconv_twist_transform_wxyz(spconv_real res[6], const spconv_real pose[7],
                                           const spconv_real twist[6], spconv_order order) {
  if (!spconv__order_valid(order)) return SPCONV_EINVAL;
  spconv__pose_apply6(res, pose, twist, spconv__order_lin(order), 0);
  return SPCONV_OK;
}

/** res = Ad_T^-T wrench for the pose T = [p; q_wxyz] of frame B in frame A:
   a wrench [f; tau] about B's origin in B's axes -> [R f; R tau + p x (R f)]
   about A's origin in A's axes (KDL Frame * Wrench; Pinocchio SE3::act on
   a Force). SPCONV_ORDER_ANGULAR_FIRST: [tau; f] in and out (DART's
   dAdInvT). The power with the transformed twist is unchanged.
   SPCONV_EINVAL (res untouched) for an unknown order. */
SPCONV_API int spconv_wrench_transform_wxyz(spconv_real res[6], const spconv_real pose[7],
                                            const spconv_real wrench[6], spconv_order order) {
  if (!spconv__order_valid(order)) return SPCONV_EINVAL;
  spconv__pose_apply6(res, pose, wrench, spconv__order_lin(order), 1);
  return SPCONV_OK;
}

/* res = v x x for a twist v = [v; w] and a 6-vector x: a twist (force = 0)
   [w x x_lin + v x x_ang; w x x_ang], a wrench (force = 1) [w x x_lin;
   w x x_ang + v x x_lin]; all three hold their linear half at lin (0 or 3).
   res may alias any input. */
SPCONV__PRIVATE void spconv__spatial_cross(spconv_real res[6], const spconv_real v[6],
                                           const spconv_real x[6], int lin, int force) {
  spconv_real l[3], a[3];
  const int ang = 3 - lin;
  int i;
  spconv__cross(l, v + ang, x + lin);
  spconv__cross(a, v + ang, x + ang);
  if (force) spconv__add_cross(a, a, v + lin, x + lin);
  else spconv__add_cross(l, l, v + lin, x + ang);
  for (i = 0; i < 3; ++i) {
    res[lin + i] = l[i];
    res[ang + i] = a[i];
  }
}

/** res = a x b, the spatial cross product of two twists (same point and
   axes): [w_a x v_b + v_a x w_b; w_a x w_b] for a = [v_a; w_a], b =
   [v_b; w_b] (Featherstone's crm(a) b; MuJoCo mju_crossMotion and DART's
   ad(a, b) in the [w; v] order, SPCONV_ORDER_ANGULAR_FIRST here). The rate
   of change of b carried along by the motion a: d/dt (Ad_exp(t a) b) at
   t = 0. SPCONV_EINVAL (res untouched) for an unknown order. */
SPCONV_API int spconv_twist_cross(spconv_real res[6], const spconv_real a[6],
                                  const spconv_real b[6], spconv_order order) {
  if (!spconv__order_valid(order)) return SPCONV_EINVAL;
  spconv__spatial_cross(res, a, b, spconv__order_lin(order), 0);
  return SPCONV_OK;
}

/** res = twist x* wrench, the spatial cross product of a twist [v; w] and a
   wrench [f; tau] (same point and axes): [w x f; w x tau + v x f]
   (Featherstone's crf(v) f; MuJoCo mju_crossForce in the [tau; f] order,
   SPCONV_ORDER_ANGULAR_FIRST here; minus DART's dad(twist, wrench), which
   is ad^T). Dual of spconv_twist_cross: (v x* f).m = -f.(v x m); the rate
   of change of a wrench carried along: d/dt (Ad_exp(t v)^-T f) at t = 0.
   SPCONV_EINVAL (res untouched) for an unknown order. */
SPCONV_API int spconv_wrench_cross(spconv_real res[6], const spconv_real twist[6],
                                   const spconv_real wrench[6], spconv_order order) {
  if (!spconv__order_valid(order)) return SPCONV_EINVAL;
  spconv__spatial_cross(res, twist, wrench, spconv__order_lin(order), 1);
  return SPCONV_OK;
}

/* ------------------------------------------------------- SE(3) exp and log */

/* below this rotation angle (rad) the coefficients of exp and log are
   summed as series (through a^8: truncation below 1e-18 there), above it
   they are computed in closed form (their rounding then stays at eps |x|) */
#define SPCONV__SE3_SERIES_ANGLE SPCONV__R(0.125)

/* B = (1 - cos a) / a^2 and C = (a - sin a) / a^3 of V = E + B [u]x + C [u]x^2 */
SPCONV__PRIVATE void spconv__se3_exp_coeffs(spconv_real *b, spconv_real *c, spconv_real a) {
  spconv_real a2 = a * a, h;
  if (a < SPCONV__SE3_SERIES_ANGLE) {
    *b = SPCONV__R(0.5) - a2 * (SPCONV__R(1.0 / 24.0) - a2 * (SPCONV__R(1.0 / 720.0) -
         a2 * (SPCONV__R(1.0 / 40320.0) - a2 * SPCONV__R(1.0 / 3628800.0))));
    *c = SPCONV__R(1.0 / 6.0) - a2 * (SPCONV__R(1.0 / 120.0) - a2 * (SPCONV__R(1.0 / 5040.0) -
         a2 * (SPCONV__R(1.0 / 362880.0) - a2 * SPCONV__R(1.0 / 39916800.0))));
    return;
  }
  h = SPCONV_SIN(SPCONV__R(0.5) * a) / a; /* 1 - cos a = 2 sin^2(a/2): no cancellation */
  *b = SPCONV__R(2) * h * h;
  *c = (a - SPCONV_SIN(a)) / (a2 * a);
}

/* D = (1 - (a/2) cot(a/2)) / a^2 of V^-1 = E - [w]x / 2 + D [w]x^2 */
SPCONV__PRIVATE spconv_real spconv__se3_log_coeff(spconv_real a) {
  spconv_real a2 = a * a, h = SPCONV__R(0.5) * a;
  if (a < SPCONV__SE3_SERIES_ANGLE)
    return SPCONV__R(1.0 / 12.0) + a2 * (SPCONV__R(1.0 / 720.0) + a2 * (SPCONV__R(1.0 / 30240.0) +
           a2 * (SPCONV__R(1.0 / 1209600.0) + a2 * SPCONV__R(1.0 / 47900160.0))));
  /* cot(a/2) = cos / sin: finite up to a = pi (cos(pi/2) = 0: D = 1/pi^2) */
  return (SPCONV__R(1) - h * SPCONV_COS(h) / SPCONV_SIN(h)) / a2;
}

/* res = x + b (u x x) + c (u x (u x x)); res may alias x */
SPCONV__PRIVATE void spconv__se3_v_apply(spconv_real res[3], const spconv_real u[3],
                                         const spconv_real x[3], spconv_real b, spconv_real c) {
  spconv_real t1[3], t2[3];
  int i;
  spconv__cross(t1, u, x);
  spconv__cross(t2, u, t1);
  for (i = 0; i < 3; ++i) res[i] = x[i] + b * t1[i] + c * t2[i];
}

/** res = exp(dt [v; w]^) as a pose [p; q_wxyz]: where a frame moving with
   the constant twist [v; w] (its origin's velocity and its angular
   velocity, both in the axes the twist is given in) ends after dt, starting
   at the identity. With u = dt w, a = |u|: q = exp(u / 2) (unit, as
   spconv_quat_wxyz_from_rotvec), p = V(u) dt v, V = E + (1 - cos a)/a^2
   [u]x + (a - sin a)/a^3 [u]x^2 (series below a = 0.125, accurate at any
   a). A body twist (body axes) advances a pose by pose_mul(pose, res), a
   world twist (at the world origin, world axes) by pose_mul(res, pose):
   the quaternions then equal spconv_quat_integrate_body_wxyz /
   _world_wxyz. SPCONV_ORDER_ANGULAR_FIRST reads the twist [w; v] (DART's
   math::expMap(dt [w; v]), Modern Robotics' MatrixExp6). SPCONV_EINVAL
   (res untouched) for an unknown order. */
SPCONV_API int spconv_pose_exp_wxyz(spconv_real res[7], const spconv_real twist[6],
                                    spconv_real dt, spconv_order order) {
  spconv_real u[3], d[3], q[4], b, c;
  int i, lin = spconv__order_lin(order);
  if (!spconv__order_valid(order)) return SPCONV_EINVAL;
  for (i = 0; i < 3; ++i) {
    d[i] = dt * twist[lin + i];
    u[i] = dt * twist[3 - lin + i];
  }
  spconv__se3_exp_coeffs(&b, &c, spconv__norm3(u));
  spconv__se3_v_apply(d, u, d, b, c);
  spconv_quat_wxyz_from_rotvec(q, u);
  for (i = 0; i < 3; ++i) res[i] = d[i];
  for (i = 0; i < 4; ++i) res[3 + i] = q[i];
  return SPCONV_OK;
}

/** res = log(pose): the twist [v; w] with spconv_pose_exp_wxyz(res, 1, order) equal
   to pose [p; q_wxyz] (q and c q alike, -q included): w =
   spconv_rotvec_from_quat_wxyz(q), |w| <= pi, v = V(w)^-1 p with V^-1 =
   E - [w]x / 2 + (1 - (a/2) cot(a/2))/a^2 [w]x^2, a = |w| (series below
   a = 0.125; finite at a = pi, where the sign of w follows
   spconv_quat_canonical_wxyz). SPCONV_ORDER_ANGULAR_FIRST writes it
   [w; v] (DART's math::logMap, Modern Robotics' MatrixLog6). The zero
   quaternion gives w = 0, v = p. SPCONV_EINVAL (res untouched) for an
   unknown order. */
SPCONV_API int spconv_twist_log_wxyz(spconv_real res[6], const spconv_real pose[7],
                                     spconv_order order) {
  spconv_real w[3], v[3];
  int i, lin = spconv__order_lin(order);
  if (!spconv__order_valid(order)) return SPCONV_EINVAL;
  spconv_rotvec_from_quat_wxyz(w, pose + 3);
  for (i = 0; i < 3; ++i) v[i] = pose[i];
  spconv__se3_v_apply(v, w, v, SPCONV__R(-0.5), spconv__se3_log_coeff(spconv__norm3(w)));
  for (i = 0; i < 3; ++i) {
    res[lin + i] = v[i];
    res[3 - lin + i] = w[i];
  }
  return SPCONV_OK;
}

/** @} */ /* end of >>se3 */

/* ================================================================= >>inertia
   INERTIA: principal axes <-> full tensor, parallel axis, 6x6 spatial
   inertia, kinetic energy */
/** @defgroup inertia Inertia
    Principal axes <-> full tensor, parallel axis, 6x6 spatial inertia,
    kinetic energy. @{ */
/* Inertia tensors are 3x3 row-major (kg m^2), symmetric, in the body's axes
   unless a comment says otherwise; I_com is about the centre of mass C,
   com = C - O the COM in the body frame (MuJoCo body_ipos, Newton
   body_com). MuJoCo stores the principal moments (body_inertia) and the
   principal axes as body_iquat; URDF and USD store the full tensor (USD:
   diagonalInertia + principalAxes, the same pair as MuJoCo's). Changes of
   axes and units: spconv_inertia_change_axes, spconv_inertia_change_length_unit.
   The 6x6 spatial inertia is linear first, twist [v; w] -> momentum [p; L]
   (Newton's and Isaac's order); DART's, Drake's and Pinocchio's angular-first
   [w; v] -> [L; p] is the same matrix with its row blocks and its column
   blocks swapped. */

/** res = R diag(d) R^T (row-major, exactly symmetric), R the rotation of
   iquat_wxyz (any norm): the full tensor about the COM in body axes from
   the principal moments diag and the principal axes iquat (MuJoCo
   body_inertia and body_iquat; USD diagonalInertia and principalAxes). */
SPCONV_API void spconv_inertia_from_principal(spconv_real res[9], const spconv_real diag[3],
                                              const spconv_real iquat_wxyz[4]) {
  spconv_real R[9], d[3], t[9];
  int i, j;
  for (i = 0; i < 3; ++i) d[i] = diag[i];
  spconv__mat_from_quat(R, iquat_wxyz);
  /* d_k (R_ik R_jk): the same operations for (i, j) and (j, i) */
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j)
      t[3 * i + j] = d[0] * (R[3 * i] * R[3 * j]) + d[1] * (R[3 * i + 1] * R[3 * j + 1]) +
                     d[2] * (R[3 * i + 2] * R[3 * j + 2]);
  for (i = 0; i < 9; ++i) res[i] = t[i];
}

/* one Jacobi rotation of the symmetric A (row-major 3x3) in the plane
   (k, l) that zeroes A_kl, accumulated into the columns of V: A <- J^T A J,
   V <- V J (Golub and Van Loan, Algorithm 8.4.1, t the smaller root) */
SPCONV__PRIVATE void spconv__jacobi_rotate(spconv_real A[9], spconv_real V[9], int k, int l) {
  spconv_real akl = A[3 * k + l], theta, t, c, s, tau;
  int m;
  theta = (A[3 * l + l] - A[3 * k + k]) / (SPCONV__R(2) * akl);
  /* t = sign(theta) / (|theta| + sqrt(theta^2 + 1)), without overflow */
  t = SPCONV_FABS(theta) > SPCONV__R(1)
          ? SPCONV__R(SPCONV__R(1) / (SPCONV_FABS(theta) *
                                      (SPCONV__R(1) + SPCONV_SQRT(SPCONV__R(1) + SPCONV__R(1) /
                                                                               (theta * theta)))))
          : SPCONV__R(SPCONV__R(1) / (SPCONV_FABS(theta) + SPCONV_SQRT(theta * theta + SPCONV__R(1))));
  if (theta < SPCONV__R(0)) t = -t;
  c = SPCONV__R(1) / SPCONV_SQRT(t * t + SPCONV__R(1));
  s = t * c;
  tau = s / (SPCONV__R(1) + c);
  A[3 * k + k] -= t * akl;
  A[3 * l + l] += t * akl;
  A[3 * k + l] = A[3 * l + k] = SPCONV__R(0);
  for (m = 0; m < 3; ++m) {
    spconv_real vk = V[3 * m + k], vl = V[3 * m + l];
    V[3 * m + k] = vk - s * (vl + tau * vk);
    V[3 * m + l] = vl + s * (vk - tau * vl);
    if (m != k && m != l) {
      spconv_real ak = A[3 * m + k], al = A[3 * m + l];
      A[3 * m + k] = A[3 * k + m] = ak - s * (al + tau * ak);
      A[3 * m + l] = A[3 * l + m] = al + s * (ak - tau * al);
    }
  }
}

/** Principal moments and axes of a symmetric inertia tensor I (row-major,
   about the COM): res_diag the eigenvalues in decreasing order (MuJoCo's
   compiler order for body_inertia), res_iquat_wxyz the unit canonical
   (w >= 0) quaternion of R, the matrix whose columns are the principal
   axes (det R = +1), so that spconv_inertia_from_principal(res_diag,
   res_iquat_wxyz) gives I back. Cyclic Jacobi rotations on I (halved
   near overflow), until every off-diagonal entry is negligible next to the
   diagonal (machine precision, a few sweeps): a positive definite I gives
   positive moments, also with entries from subnormal to huge. Equal moments are fine (any
   principal axes of the repeated moment are returned; the identity when I
   is already diagonal). I need not be positive definite. SPCONV_EINVAL
   (outputs untouched) when an entry is not finite or
   |I_ij - I_ji| > SPCONV_ROTATION_TOL max |I| (the mean of I_ij and I_ji is
   decomposed). */
SPCONV_API int spconv_principal_from_inertia(spconv_real res_diag[3],
                                             spconv_real res_iquat_wxyz[4],
                                             const spconv_real I[9]) {
  spconv_real A[9], V[9] = SPCONV__MAT3_IDENTITY, d[3], m, p, q[4];
  int i, j, k, l, sweep, order[3] = {0, 1, 2};
  for (i = 0; i < 9; ++i)
    if (!spconv__finite(I[i])) return SPCONV_EINVAL;
  m = spconv__max_abs(I, 9);
  for (i = 0; i < 3; ++i)
    for (j = i + 1; j < 3; ++j)
      if (SPCONV_FABS(I[3 * i + j] - I[3 * j + i]) > SPCONV__R(SPCONV_ROTATION_TOL) * m)
        return SPCONV_EINVAL;
  /* p = 1 / 16 near overflow, else 1: a power of two, so that p I is exact
     wherever it can be (a scaling to max |A| = 1 would flush the small
     entries of a wide-ranged tensor, and with them its small moments), and
     every entry of A during the sweeps stays below 3 max |A| (A keeps its
     eigenvalues), so that A_ll - A_kk and 2 A_kl cannot overflow */
  p = spconv__finite(SPCONV__R(16) * m) ? SPCONV__R(1) : SPCONV__R(0.0625);
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j)
      A[3 * i + j] = SPCONV__R(0.5) * (p * I[3 * i + j] + p * I[3 * j + i]);
  for (sweep = 0; sweep < 32; ++sweep) {
    int rotated = 0;
    for (k = 0; k < 2; ++k)
      for (l = k + 1; l < 3; ++l) {
        spconv_real akl = SPCONV_FABS(A[3 * k + l]);
        /* negligible: below the last bit of both diagonal entries (or 0) */
        if (SPCONV_FABS(A[3 * k + k]) + akl == SPCONV_FABS(A[3 * k + k]) &&
            SPCONV_FABS(A[3 * l + l]) + akl == SPCONV_FABS(A[3 * l + l])) {
          A[3 * k + l] = A[3 * l + k] = SPCONV__R(0);
          continue;
        }
        spconv__jacobi_rotate(A, V, k, l);
        rotated = 1;
      }
    if (!rotated) break;
  }
  for (i = 0; i < 3; ++i) d[i] = A[4 * i];
  /* decreasing moments: sort the three indices (columns of V follow) */
  for (i = 0; i < 2; ++i)
    for (j = 0; j < 2 - i; ++j)
      if (d[order[j]] < d[order[j + 1]]) {
        k = order[j];
        order[j] = order[j + 1];
        order[j + 1] = k;
      }
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) A[3 * i + j] = V[3 * i + order[j]];
  if (spconv__det3(A) < SPCONV__R(0))
    for (i = 0; i < 3; ++i) A[3 * i + 2] = -A[3 * i + 2];
  spconv__quat_from_rotation(q, A);
  for (i = 0; i < 3; ++i) res_diag[i] = d[order[i]] / p;
  for (i = 0; i < 4; ++i) res_iquat_wxyz[i] = q[i];
  return SPCONV_OK;
}

/** res = the inertia tensor about the point B = A + r from the tensor I
   about A (row-major, in one set of axes, r and com in them too) of a body
   of the given mass whose centre of mass C is at com = C - A:
   I_B = I_A - m (|c|^2 E - c c^T) + m (|r - c|^2 E - (r - c)(r - c)^T)
   (the parallel-axis theorem twice, through C), computed without the two
   large terms as I + m ((r.s) E - (r s^T + s r^T) / 2), s = r - 2 com,
   so that A and B near each other but far from C lose nothing. With
   com = 0 (I about the COM) it is I_com + m (|r|^2 E - r r^T), bit for
   bit. Exactly symmetric when I is. Drake's SpatialInertia::Shift on the
   rotational part. */
SPCONV_API void spconv_inertia_shift(spconv_real res[9], const spconv_real I[9],
                                     spconv_real mass, const spconv_real com[3],
                                     const spconv_real r[3]) {
  spconv_real t[9], d[3], sv[3], rs;
  int i, j;
  for (i = 0; i < 3; ++i) {
    d[i] = r[i];
    sv[i] = r[i] - SPCONV__R(2) * com[i];
  }
  rs = d[0] * sv[0] + d[1] * sv[1] + d[2] * sv[2];
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) { /* (i, j) and (j, i): one expression on the same reals */
      const int lo = i < j ? i : j, hi = i < j ? j : i;
      t[3 * i + j] = I[3 * i + j] + mass * ((i == j ? rs : SPCONV__R(0)) -
                                            SPCONV__R(0.5) * (d[lo] * sv[hi] + sv[lo] * d[hi]));
    }
  for (i = 0; i < 9; ++i) res[i] = t[i];
}

/** res = the 6x6 spatial inertia (row-major) about the frame's origin O,
   which maps the twist [v_O; w] (linear first, at O, the frame's axes) to
   the momentum [p; L_O] (linear momentum, angular momentum about O):
   [[m E, -m [c]x], [m [c]x, I_com - m [c]x [c]x]] with com = c = C - O
   (the lower-right block is spconv_inertia_shift(I_com, m, 0, c), the tensor
   about O). Featherstone's mcI in [v; w] order; DART's getSpatialTensor and
   Pinocchio's Inertia::matrix() are the same in [w; v] order
   (spconv_spatial_swap on rows and columns). The power-conjugate of a
   twist: res V is a wrench, V.(res V) = 2 x spconv_kinetic_energy. */
SPCONV_API void spconv_spatial_inertia(spconv_real res[36], spconv_real mass,
                                       const spconv_real com[3], const spconv_real I_com[9]) {
  spconv_real c[3], mc[3], nmc[3], Io[9], zero[3] = SPCONV__VEC3_ZERO;
  int i, j;
  for (i = 0; i < 3; ++i) {
    c[i] = com[i];
    mc[i] = mass * com[i];
    nmc[i] = -mc[i];
  }
  spconv_inertia_shift(Io, I_com, mass, zero, c);
  for (i = 0; i < 36; ++i) res[i] = SPCONV__R(0); /* inputs all read: res may alias them */
  for (i = 0; i < 3; ++i) {
    res[6 * i + i] = mass;
    for (j = 0; j < 3; ++j) res[6 * (i + 3) + 3 + j] = Io[3 * i + j];
  }
  spconv__block_skew(res, 0, 1, nmc);
  spconv__block_skew(res, 1, 0, mc);
}

/** res = Ad_T^-T I_spatial Ad_T^-1 (6x6 row-major) for the pose T = [p; q_wxyz] of
   frame B in frame A: the spatial inertia I_spatial about B's origin in B's axes
   (linear first, twist [v; w] -> momentum [p; L], as spconv_spatial_inertia
   builds it) re-expressed about A's origin in A's axes, so that the
   momentum of a twist given at A is the same momentum as at B
   (Pinocchio's Inertia::se3Action; DART's math::transformInertia(T^-1, I_spatial)
   in the [w; v] order). Of spconv_spatial_inertia(m, c, I_com) it is
   spconv_spatial_inertia(m, R c + p, R I_com R^T). I_spatial need not be a rigid
   body's (an articulated-body inertia moves alike). */
SPCONV_API void spconv_spatial_inertia_transform_wxyz(spconv_real res[36],
                                                      const spconv_real pose[7],
                                                      const spconv_real I_spatial[36]) {
  spconv_real W[36], WM[36];
  int i, j, k;
  spconv__adjoint_blocks(W, pose, 0); /* Ad^-T, linear first: [[R, 0], [[p]x R, R]] */
  for (i = 0; i < 6; ++i)
    for (j = 0; j < 6; ++j) {
      spconv_real acc = SPCONV__R(0);
      for (k = 0; k < 6; ++k) acc += W[6 * i + k] * I_spatial[6 * k + j];
      WM[6 * i + j] = acc;
    }
  for (i = 0; i < 6; ++i) /* (W I_spatial) W^T: I_spatial read in full above, res may alias it */
    for (j = 0; j < 6; ++j) {
      spconv_real acc = SPCONV__R(0);
      for (k = 0; k < 6; ++k) acc += WM[6 * i + k] * W[6 * j + k];
      res[6 * i + j] = acc;
    }
}

/** The kinetic energy 1/2 V^T M V of a rigid body moving with twist
   [v_O; w] (linear first, at the frame's origin O, the frame's axes), M =
   spconv_spatial_inertia(mass, com, I_com): 1/2 m |v_O + w x c|^2 +
   1/2 w.(I_com w), c = com = C - O. The same for any reference point
   (spconv_twist_shift the twist and move the COM offset with it). */
SPCONV_API spconv_real spconv_kinetic_energy(spconv_real mass, const spconv_real com[3],
                                             const spconv_real I_com[9],
                                             const spconv_real twist[6]) {
  spconv_real vc[3], iw[3];
  spconv__add_cross(vc, twist, twist + 3, com);
  spconv__mat_vec(iw, I_com, twist + 3);
  return SPCONV__R(0.5) * (mass * (vc[0] * vc[0] + vc[1] * vc[1] + vc[2] * vc[2]) +
                           twist[3] * iw[0] + twist[4] * iw[1] + twist[5] * iw[2]);
}

/** @} */ /* end of >>inertia */

/* ================================================================= >>engines
   ENGINE CONVENTIONS: conventions as data, presets, twist / wrench /
   acceleration conversion */
/** @defgroup engines Engine conventions as data
    Conventions as data, presets, twist / wrench / acceleration conversion. @{ */
/* A body's twist, wrench and acceleration under any engine's layout: a
   spconv_convention (order, reference point, frames, angle unit,
   acceleration kind; documented at spconv_order in >>types), converted
   through the canonical COM twist [v_C; w] and COM wrench [f; tau_C],
   world axes, radians (Newton's layout). */

SPCONV__PRIVATE spconv_convention spconv__convention(spconv_order order, spconv_point point,
                                                     spconv_frame linear_frame,
                                                     spconv_frame angular_frame,
                                                     spconv_angle_unit angle_unit,
                                                     spconv_accel_kind accel) {
  spconv_convention c;
  c.order = order;
  c.point = point;
  c.linear_frame = linear_frame;
  c.angular_frame = angular_frame;
  c.angle_unit = angle_unit;
  c.accel = accel;
  return c;
}

/** The convention of preset id; for an unknown id every field is 0, a value
   outside every field's enum, which the conversions reject with
   SPCONV_EINVAL (as they reject a zero-initialized convention). Sources:
   Versions: what each row holds for; docs/engines.md has the table.
   NEWTON        Newton 1.x docs "Conventions" and State docstrings: body_qd =
                 [v of COM; w], body_f = [f; tau about COM], world frame
                 (joint_f of free joints too). Linear first since PR #643
                 (commit ad0ce6a, 2025-09-08; first tag beta-1-0). From #643
                 to PR #1160 (2025-12-16; first tag v0.2.2) SolverFeatherstone
                 kept body_qd = [v_s; w_s] and body_f at the world origin
                 (PINOCCHIO_WORLD's layout); since #1160 it converts body_f
                 from the COM and free bodies' body_qd to the COM. Newton 1.0's
                 Conventions page still excepts SolverFeatherstone (free bodies
                 whose COM is off the origin); before 1.1 articulated body_qd
                 from FK did not follow it either (Newton CHANGELOG 1.1.0,
                 1.4.0; docs/concepts/conventions.rst at v1.0.0).
   MUJOCO_FREE   MuJoCo 2.2+ docs (mjData qvel; Ptera's "MuJoCo Conventions"): free
                 joint qvel = [v of body origin, world; w, body axes]; qfrc is
                 its power-conjugate [f, world; tau about origin, body]; qacc =
                 d/dt qvel (classical). Same math as spconv_twist_from_mujoco_qvel.
   MUJOCO_XFRC   MuJoCo docs (mjData xfrc_applied): [f; tau] at xipos (COM), world.
   SAP_PUBLIC    SAP Warp's "Convention" section: public [v_C; w], [f; tau_C],
                 world.
   SAP_INTERNAL  SAP Warp's "Convention" section: sap [w; v_O], [tau_O; f], world (without
                 the residual's sign: spconv_sap_body_force_from_public).
   ISAACLAB      Isaac Lab 2.x ArticulationData root_com_vel_w /
                 body_com_vel_w ([lin_vel, ang_vel] of the COM frame, world);
                 body_com_acc_w classical. The 6-vectors hold for 3.x too, but
                 3.x poses are xyzw: use ISAACLAB3 there.
   PHYSX         PhysX 5.x PxRigidBody::getLinearVelocity / getAngularVelocity (COM,
                 world); PxArticulationRootLinkData worldLinAccel is the
                 "classical linear acceleration". Stored [v; w].
   BULLET        Bullet 2.x / 3.x btRigidBody::getLinearVelocity / getAngularVelocity (the
                 center-of-mass frame, world axes). Stored [v; w].
   DRAKE         Drake 1.x SpatialVelocity V_WB_W = [w_WB; v_WBo] (angular on top, body
                 origin Bo, world axes); SpatialAcceleration A_WB_W holds
                 a_WBo, the classical acceleration of Bo.
   PINOCCHIO_*   Pinocchio 2.x / 3.x pinocchio::ReferenceFrame: WORLD "P is the point coinciding
                 with the origin of the world frame, world basis", LOCAL "origin
                 of the moving frame, its basis", LOCAL_WORLD_ALIGNED "origin of
                 the moving frame, world basis"; MotionTpl stores [linear;
                 angular]; getFrameAcceleration is the spatial acceleration
                 (getFrameClassicalAcceleration: set accel to CLASSICAL).
   DART_BODY     DART 6.12 dart::dynamics::Frame::getSpatialVelocity(): "total spatial
                 velocity of this Frame in the coordinates of this Frame",
                 [w; v] (Eigen::Vector6d, angular first) at the frame origin;
                 getSpatialAcceleration() is spatial, in the same coordinates.
   DART_WORLD    getSpatialVelocity(Frame::World(), Frame::World()): the same
                 twist at the frame origin, only rotated to world coordinates
                 (checked against DART 6.12 in tests/test_dart.cpp; the spatial
                 twist at the world origin is math::AdT, i.e. MR_SPACE).
   MR_BODY       Lynch & Park, Modern Robotics (2017) 3.3.2: V_b = (w_b, v_b), body
                 frame at its origin; dV_b/dt is the spatial acceleration.
   MR_SPACE      Modern Robotics 3.3.2: V_s = (w_s, v_s), v_s = p_dot - w_s x p
                 (the body point at the world origin), world axes.
   FEATHERSTONE  spatial_v2 FDfb / fbKin: the floating base's spatial velocity
                 "in fixed-base coordinates" (Plucker coordinates at the world
                 origin, angular first) and its time derivative (spatial
                 acceleration). RBDL's and spatial_v2's per-body v{i} are in
                 body coordinates instead: MR_BODY / DART_BODY.
   PTERA         Ptera Software "MuJoCo Conventions": MuJoCo's qvel with the
                 angular part in deg/s (omegas_BP1__E = rad2deg(qvel[3:6])).
   WARP_SIM      warp.sim (warp/sim/model.py, State; Warp 1.0 to 1.9.x,
                 removed in 1.10.0) and Newton before PR #643 (commit ad0ce6a,
                 2025-09-08: tags alpha-0, alpha-1; beta-1-0 and later are
                 linear first, though beta-1-0 to beta-0.1.2 all report
                 version 0.1.1.a2; Newton 1.0 docs/migration.rst): body_qd
                 "first 3 entries represent angular velocity", [w; v_C];
                 body_f [tau; f] "w.r.t. the body's center of mass", world
                 (except the Featherstone integrator: world origin, MR_SPACE).
   ISAACLAB_LINK Isaac Lab 2.x ArticulationData root_link_vel_w /
                 body_link_vel_w: [lin_vel, ang_vel] of the actor (link)
                 frame, world (3.x: ISAACLAB3_LINK, xyzw poses).
   GZ_SIM        Gazebo (gz-sim 7+) include/gz/sim/Link.hh:
                 WorldLinearVelocity "at the origin of the link frame
                 expressed in the world frame", WorldAngularVelocity in the
                 world frame, AddWorldWrench
                 "expressed in world coordinates and applied to the link at
                 the link's origin". Separate vectors, stored here [v; w].
   ROS_ODOM      ROS 1 / ROS 2 nav_msgs/Odometry: "The twist in this message
                 should be specified in the coordinate frame given by the
                 child_frame_id" (axes only: the message names no reference
                 point). This preset takes the child frame's origin, the point
                 whose position pose holds, so that the twist rotated to the
                 parent frame is the rate of change of that pose.
                 geometry_msgs/Twist is [linear; angular]. The message holds
                 no acceleration (accel CLASSICAL is this preset's choice).
   JOLT          Jolt Physics Jolt/Physics/Body/Body.h: GetLinearVelocity
                 "world space linear velocity of the center of mass",
                 GetAngularVelocity world space. Stored [v; w].
   ISAACLAB3, ISAACLAB3_LINK  Isaac Lab 3.x: the 6-vectors of ISAACLAB and
                 ISAACLAB_LINK; poses store q_xyzw (spconv_state_convention_from_preset).
                 root_com_pose_w depends on the physics backend: PhysX
                 composes the link pose with body_com_pose_b, whose
                 quaternion is the inertial frame, iquat
                 (isaaclab_physx/assets/kernels.py); the Newton backend keeps
                 the link's orientation ("In Newton, body com pose always has
                 unit quaternion", isaaclab_newton articulation_data.py), so
                 there ISAACLAB3 holds only with iquat = identity (NULL).
   ODE           ODE 0.16 ode/ode.h: dBodyGetLinearVel (the body's position
                 is its COM) and dBodyGetAngularVel, world; dBodyAddForce /
                 dBodyAddTorque world, at the COM. Stored [v; w].
   GENESIS       Genesis 0.3+: RigidEntity.get_links_vel (genesis/engine/
                 entities/rigid_entity/rigid_entity.py) and the rigid solver's
                 get_links_vel (genesis/engine/solvers/rigid/rigid_solver.py;
                 rigid_solver_decomp.py in early 0.3.x) default to
                 ref="link_origin"; RigidLink.get_vel (rigid_link.py) takes
                 no ref and gets the solver's default. get_ang in world
                 coordinates.
                 Separate vectors, stored here [v; w].
   CHRONO        Project Chrono 9.x ChBody: the body frame is the COM frame;
                 GetPosDt its velocity and GetAngVelParent the angular
                 velocity, absolute (world) coordinates. ChBodyAuxRef's REF
                 frame is spconv_body's origin. Stored [v; w].
   BRAX          Brax 0.14 with the MJX pipeline (brax/base.py Motion):
                 State.xd.vel the velocity of x.pos (MuJoCo xpos, the body
                 origin), xd.ang, world. MJX's own qpos / qvel are MuJoCo's
                 (MUJOCO_FREE). */
SPCONV_API spconv_convention spconv_convention_from_preset(spconv_preset_id id) {
  const spconv_order L = SPCONV_ORDER_LINEAR_FIRST, A = SPCONV_ORDER_ANGULAR_FIRST;
  const spconv_point C = SPCONV_POINT_COM, O = SPCONV_POINT_ORIGIN, Z = SPCONV_POINT_WORLD;
  const spconv_frame W = SPCONV_FRAME_WORLD, B = SPCONV_FRAME_BODY;
  const spconv_angle_unit RAD = SPCONV_ANGLE_RADIANS, DEG = SPCONV_ANGLE_DEGREES;
  const spconv_accel_kind CL = SPCONV_ACCEL_CLASSICAL, SP = SPCONV_ACCEL_SPATIAL;
  switch (id) {
    case SPCONV_PRESET_NEWTON: return spconv__convention(L, C, W, W, RAD, CL);
    case SPCONV_PRESET_MUJOCO_FREE: return spconv__convention(L, O, W, B, RAD, CL);
    case SPCONV_PRESET_MUJOCO_XFRC: return spconv__convention(L, C, W, W, RAD, CL);
    case SPCONV_PRESET_SAP_PUBLIC: return spconv__convention(L, C, W, W, RAD, CL);
    case SPCONV_PRESET_SAP_INTERNAL: return spconv__convention(A, O, W, W, RAD, CL);
    case SPCONV_PRESET_ISAACLAB: return spconv__convention(L, C, W, W, RAD, CL);
    case SPCONV_PRESET_PHYSX: return spconv__convention(L, C, W, W, RAD, CL);
    case SPCONV_PRESET_BULLET: return spconv__convention(L, C, W, W, RAD, CL);
    case SPCONV_PRESET_DRAKE: return spconv__convention(A, O, W, W, RAD, CL);
    case SPCONV_PRESET_PINOCCHIO_WORLD: return spconv__convention(L, Z, W, W, RAD, SP);
    case SPCONV_PRESET_PINOCCHIO_LOCAL: return spconv__convention(L, O, B, B, RAD, SP);
    case SPCONV_PRESET_PINOCCHIO_LWA: return spconv__convention(L, O, W, W, RAD, SP);
    case SPCONV_PRESET_DART_BODY: return spconv__convention(A, O, B, B, RAD, SP);
    case SPCONV_PRESET_DART_WORLD: return spconv__convention(A, O, W, W, RAD, SP);
    case SPCONV_PRESET_MR_BODY: return spconv__convention(A, O, B, B, RAD, SP);
    case SPCONV_PRESET_MR_SPACE: return spconv__convention(A, Z, W, W, RAD, SP);
    case SPCONV_PRESET_FEATHERSTONE: return spconv__convention(A, Z, W, W, RAD, SP);
    case SPCONV_PRESET_PTERA: return spconv__convention(L, O, W, B, DEG, CL);
    case SPCONV_PRESET_WARP_SIM: return spconv__convention(A, C, W, W, RAD, CL);
    case SPCONV_PRESET_ISAACLAB_LINK: return spconv__convention(L, O, W, W, RAD, CL);
    case SPCONV_PRESET_GZ_SIM: return spconv__convention(L, O, W, W, RAD, CL);
    case SPCONV_PRESET_ROS_ODOM: return spconv__convention(L, O, B, B, RAD, CL);
    case SPCONV_PRESET_JOLT: return spconv__convention(L, C, W, W, RAD, CL);
    case SPCONV_PRESET_ISAACLAB3: return spconv__convention(L, C, W, W, RAD, CL);
    case SPCONV_PRESET_ISAACLAB3_LINK: return spconv__convention(L, O, W, W, RAD, CL);
    case SPCONV_PRESET_ODE: return spconv__convention(L, C, W, W, RAD, CL);
    case SPCONV_PRESET_GENESIS: return spconv__convention(L, O, W, W, RAD, CL);
    case SPCONV_PRESET_CHRONO: return spconv__convention(L, C, W, W, RAD, CL);
    case SPCONV_PRESET_BRAX: return spconv__convention(L, O, W, W, RAD, CL);
    default: /* every field 0: outside its enum */
      return spconv__convention(SPCONV__CAST(spconv_order, 0), SPCONV__CAST(spconv_point, 0),
                                SPCONV__CAST(spconv_frame, 0), SPCONV__CAST(spconv_frame, 0),
                                SPCONV__CAST(spconv_angle_unit, 0),
                                SPCONV__CAST(spconv_accel_kind, 0));
  }
}

/** Lower-case name of preset id ("newton", "mujoco_free", ...), NULL for an
   unknown id. */
SPCONV_API const char *spconv_preset_id_name(spconv_preset_id id) {
  switch (id) {
    case SPCONV_PRESET_NEWTON: return "newton";
    case SPCONV_PRESET_MUJOCO_FREE: return "mujoco_free";
    case SPCONV_PRESET_MUJOCO_XFRC: return "mujoco_xfrc";
    case SPCONV_PRESET_SAP_PUBLIC: return "sap_public";
    case SPCONV_PRESET_SAP_INTERNAL: return "sap_internal";
    case SPCONV_PRESET_ISAACLAB: return "isaaclab";
    case SPCONV_PRESET_PHYSX: return "physx";
    case SPCONV_PRESET_BULLET: return "bullet";
    case SPCONV_PRESET_DRAKE: return "drake";
    case SPCONV_PRESET_PINOCCHIO_WORLD: return "pinocchio_world";
    case SPCONV_PRESET_PINOCCHIO_LOCAL: return "pinocchio_local";
    case SPCONV_PRESET_PINOCCHIO_LWA: return "pinocchio_lwa";
    case SPCONV_PRESET_DART_BODY: return "dart_body";
    case SPCONV_PRESET_DART_WORLD: return "dart_world";
    case SPCONV_PRESET_MR_BODY: return "mr_body";
    case SPCONV_PRESET_MR_SPACE: return "mr_space";
    case SPCONV_PRESET_FEATHERSTONE: return "featherstone";
    case SPCONV_PRESET_PTERA: return "ptera";
    case SPCONV_PRESET_WARP_SIM: return "warp_sim";
    case SPCONV_PRESET_ISAACLAB_LINK: return "isaaclab_link";
    case SPCONV_PRESET_GZ_SIM: return "gz_sim";
    case SPCONV_PRESET_ROS_ODOM: return "ros_odom";
    case SPCONV_PRESET_JOLT: return "jolt";
    case SPCONV_PRESET_ISAACLAB3: return "isaaclab3";
    case SPCONV_PRESET_ISAACLAB3_LINK: return "isaaclab3_link";
    case SPCONV_PRESET_ODE: return "ode";
    case SPCONV_PRESET_GENESIS: return "genesis";
    case SPCONV_PRESET_CHRONO: return "chrono";
    case SPCONV_PRESET_BRAX: return "brax";
    default: return SPCONV__NULL;
  }
}

SPCONV__PRIVATE int spconv__frame_valid(spconv_frame f) {
  return f == SPCONV_FRAME_WORLD || f == SPCONV_FRAME_BODY;
}

/* 1 if every field of c holds a known value (c may be NULL: 0) */
SPCONV__PRIVATE int spconv__convention_valid(const spconv_convention *c) {
  return c != SPCONV__NULL &&
         (c->order == SPCONV_ORDER_LINEAR_FIRST || c->order == SPCONV_ORDER_ANGULAR_FIRST) &&
         (c->point == SPCONV_POINT_COM || c->point == SPCONV_POINT_ORIGIN ||
          c->point == SPCONV_POINT_WORLD) &&
         spconv__frame_valid(c->linear_frame) && spconv__frame_valid(c->angular_frame) &&
         (c->angle_unit == SPCONV_ANGLE_RADIANS || c->angle_unit == SPCONV_ANGLE_DEGREES) &&
         (c->accel == SPCONV_ACCEL_CLASSICAL || c->accel == SPCONV_ACCEL_SPATIAL);
}

/* The world offset from the COM C to the reference point of `point`:
   r = P - C, from rc = C - O (world axes) and the origin pos (C = pos + R com);
   spconv__point_offset computes rc from R (body -> world) and body->com. */
SPCONV__PRIVATE void spconv__point_offset_rc(spconv_real r[3], spconv_point point,
                                             const spconv_real rc[3],
                                        const spconv_real pos[3]) {
  if (point == SPCONV_POINT_COM) {
    r[0] = r[1] = r[2] = SPCONV__R(0);
  } else if (point == SPCONV_POINT_ORIGIN) { /* O - C */
    r[0] = -rc[0];
    r[1] = -rc[1];
    r[2] = -rc[2];
  } else { /* world origin: 0 - C */
    r[0] = -(pos[0] + rc[0]);
    r[1] = -(pos[1] + rc[1]);
    r[2] = -(pos[2] + rc[2]);
  }
}

SPCONV__PRIVATE void spconv__point_offset(spconv_real r[3], spconv_point point,
                                          const spconv_real R[9],
                                     const spconv_body *body) {
  spconv_real rc[3];
  spconv__mat_vec(rc, R, body->com); /* C - O, world axes */
  spconv__point_offset_rc(r, point, rc, body->pos);
}

/* x stored under c -> (lin, ang) in world axes; with `angular_scaled`, the
   angular part is converted from degrees when c says so (twists and
   accelerations; never moments). */
SPCONV__PRIVATE void spconv__decode(spconv_real lin[3], spconv_real ang[3], const spconv_real x[6],
                               const spconv_convention *c, const spconv_real R[9],
                               int angular_scaled) {
  spconv_real l[3], a[3];
  int i, lo = c->order == SPCONV_ORDER_LINEAR_FIRST ? 0 : 3, ao = 3 - lo;
  for (i = 0; i < 3; ++i) {
    l[i] = x[lo + i];
    a[i] = x[ao + i];
  }
  if (angular_scaled && c->angle_unit == SPCONV_ANGLE_DEGREES)
    for (i = 0; i < 3; ++i) a[i] *= SPCONV__DEG2RAD;
  if (c->linear_frame == SPCONV_FRAME_BODY) spconv__mat_vec(lin, R, l);
  else for (i = 0; i < 3; ++i) lin[i] = l[i];
  if (c->angular_frame == SPCONV_FRAME_BODY) spconv__mat_vec(ang, R, a);
  else for (i = 0; i < 3; ++i) ang[i] = a[i];
}

/* (lin, ang) in world axes -> res stored under c (inverse of spconv__decode) */
SPCONV__PRIVATE void spconv__encode(spconv_real res[6], const spconv_real lin[3],
                               const spconv_real ang[3], const spconv_convention *c,
                               const spconv_real R[9], int angular_scaled) {
  spconv_real l[3], a[3];
  int i, lo = c->order == SPCONV_ORDER_LINEAR_FIRST ? 0 : 3, ao = 3 - lo;
  if (c->linear_frame == SPCONV_FRAME_BODY) spconv__mat_t_vec(l, R, lin);
  else for (i = 0; i < 3; ++i) l[i] = lin[i];
  if (c->angular_frame == SPCONV_FRAME_BODY) spconv__mat_t_vec(a, R, ang);
  else for (i = 0; i < 3; ++i) a[i] = ang[i];
  if (angular_scaled && c->angle_unit == SPCONV_ANGLE_DEGREES)
    for (i = 0; i < 3; ++i) a[i] *= SPCONV__RAD2DEG;
  for (i = 0; i < 3; ++i) {
    res[lo + i] = l[i];
    res[ao + i] = a[i];
  }
}

/* The canonical internal form is the COM twist [v_C; w] and COM wrench
   [f; tau_C], world axes, radians (NEWTON). These move a world-axes
   (lin, ang) pair from point P (offset r = P - C) to C and back. */
SPCONV__PRIVATE void spconv__twist_to_com(spconv_real v[3], const spconv_real w[3],
                                     const spconv_real r[3]) {
  spconv_real t[3]; /* v_C = v_P + w x (C - P) = v_P - w x r */
  spconv__cross(t, w, r);
  v[0] -= t[0];
  v[1] -= t[1];
  v[2] -= t[2];
}

SPCONV__PRIVATE void spconv__twist_from_com(spconv_real v[3], const spconv_real w[3],
                                       const spconv_real r[3]) {
  spconv__add_cross(v, v, w, r); /* v_P = v_C + w x r */
}

SPCONV__PRIVATE void spconv__wrench_to_com(spconv_real tau[3], const spconv_real f[3],
                                      const spconv_real r[3]) {
  spconv__add_cross(tau, tau, r, f); /* tau_C = tau_P - (C - P) x f = tau_P + r x f */
}

SPCONV__PRIVATE void spconv__wrench_from_com(spconv_real tau[3], const spconv_real f[3],
                                        const spconv_real r[3]) {
  spconv_real t[3]; /* tau_P = tau_C - r x f */
  spconv__cross(t, r, f);
  tau[0] -= t[0];
  tau[1] -= t[1];
  tau[2] -= t[2];
}

/* twist stored under `from` -> canonical [v_C; w] (world, rad/s) */
SPCONV__PRIVATE void spconv__twist_canonical(spconv_real v[3], spconv_real w[3],
                                        const spconv_real twist[6],
                                        const spconv_convention *from, const spconv_real R[9],
                                        const spconv_body *body) {
  spconv_real r[3];
  spconv__decode(v, w, twist, from, R, 1);
  spconv__point_offset(r, from->point, R, body);
  spconv__twist_to_com(v, w, r);
}

/* 6-vector x stored under `from` -> res stored under `to`, for a body with
   rotation R (body -> world), rc = C - O (world axes) and origin pos,
   through [v_C; w] for a twist (wrench 0) or [f; tau_C] for a wrench (1);
   res may alias x (read first) */
SPCONV__PRIVATE void spconv__vec6_convert_rc(spconv_real res[6], const spconv_convention *to,
                                        const spconv_real x[6], const spconv_convention *from,
                                        const spconv_real R[9], const spconv_real rc[3],
                                        const spconv_real pos[3], int wrench) {
  spconv_real l[3], a[3], r[3]; /* linear and angular parts, world axes */
  spconv__decode(l, a, x, from, R, !wrench);
  if (from->point != SPCONV_POINT_COM) {
    spconv__point_offset_rc(r, from->point, rc, pos);
    if (wrench) spconv__wrench_to_com(a, l, r);
    else spconv__twist_to_com(l, a, r);
  }
  if (to->point != SPCONV_POINT_COM) {
    spconv__point_offset_rc(r, to->point, rc, pos);
    if (wrench) spconv__wrench_from_com(a, l, r);
    else spconv__twist_from_com(l, a, r);
  }
  spconv__encode(res, l, a, to, R, !wrench);
}

/** Twist stored under `from` -> the same motion stored under `to`, for the
   body `body` (see spconv_convention): through [v_C; w] (world, rad/s):
   v_P2 = v_P1 + w x (P2 - P1), axes rotated by the body's R, angular parts
   scaled for degrees. SPCONV_EINVAL (res untouched) for an invalid
   descriptor or a NULL pointer. */
SPCONV_API int spconv_twist_convert(spconv_real res[6], const spconv_convention *to,
                                    const spconv_real twist[6],
                                    const spconv_convention *from, const spconv_body *body) {
  spconv_real R[9], rc[3];
  if (!spconv__convention_valid(to) || !spconv__convention_valid(from) || !body || !res ||
      !twist)
    return SPCONV_EINVAL;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__mat_vec(rc, R, body->com); /* C - O */
  spconv__vec6_convert_rc(res, to, twist, from, R, rc, body->pos, 0);
  return SPCONV_OK;
}

/** Wrench stored under `from` -> under `to` (the power-conjugates of the
   twists of spconv_twist_convert): through [f; tau_C] (world):
   tau_P2 = tau_P1 - (P2 - P1) x f, force in the linear frame, moment in the
   angular frame. The angle unit does not apply (moments stay in N m), so the
   power f.v + tau.w is preserved between radian conventions.
   SPCONV_EINVAL (res untouched) for an invalid descriptor or a NULL pointer. */
SPCONV_API int spconv_wrench_convert(spconv_real res[6], const spconv_convention *to,
                                     const spconv_real wrench[6],
                                     const spconv_convention *from, const spconv_body *body) {
  spconv_real R[9], rc[3];
  if (!spconv__convention_valid(to) || !spconv__convention_valid(from) || !body || !res ||
      !wrench)
    return SPCONV_EINVAL;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__mat_vec(rc, R, body->com); /* C - O */
  spconv__vec6_convert_rc(res, to, wrench, from, R, rc, body->pos, 1);
  return SPCONV_OK;
}

/* res (6x6 row-major) = the matrix of spconv_twist_convert (wrench = 0) or
   spconv_wrench_convert (wrench = 1): column j converts the unit vector e_j.
   SPCONV_EINVAL (res untouched) for an invalid descriptor or NULL. */
SPCONV__PRIVATE int spconv__convert_matrix(spconv_real res[36], const spconv_convention *to,
                                      const spconv_convention *from, const spconv_body *body,
                                      int wrench) {
  spconv_real e[6], col[6];
  int i, j, status;
  if (!spconv__convention_valid(to) || !spconv__convention_valid(from) || !body || !res)
    return SPCONV_EINVAL;
  for (j = 0; j < 6; ++j) {
    for (i = 0; i < 6; ++i) e[i] = i == j ? SPCONV__R(1) : SPCONV__R(0);
    status = wrench ? spconv_wrench_convert(col, to, e, from, body)
                    : spconv_twist_convert(col, to, e, from, body);
    if (status != SPCONV_OK) return status; /* not reached: both checked above */
    for (i = 0; i < 6; ++i) res[6 * i + j] = col[i];
  }
  return SPCONV_OK;
}

/** res (6x6 row-major) = the matrix M of spconv_twist_convert: x_to = M x_from
   (for Jacobian columns: J_to = M J_from). Column j is the conversion of the
   unit vector e_j. SPCONV_EINVAL (res untouched) as spconv_twist_convert. */
SPCONV_API int spconv_twist_convert_matrix(spconv_real res[36], const spconv_convention *to,
                                           const spconv_convention *from,
                                           const spconv_body *body) {
  return spconv__convert_matrix(res, to, from, body, 0);
}

/** res (6x6 row-major) = the matrix of spconv_wrench_convert; between radian
   conventions it is the inverse transpose of spconv_twist_convert_matrix. */
SPCONV_API int spconv_wrench_convert_matrix(spconv_real res[36], const spconv_convention *to,
                                            const spconv_convention *from,
                                            const spconv_body *body) {
  return spconv__convert_matrix(res, to, from, body, 1);
}

/* body's 6 x ncols Jacobian J (arguments checked) -> res, column-major
   when cm (J_ij at J[6 j + i]), else row-major (J[ncols i + j]); res may
   equal J */
SPCONV__PRIVATE void spconv__jacobian_convert(spconv_real *res, const spconv_convention *to,
                                              const spconv_real *J, const spconv_convention *from,
                                              const spconv_body *body, size_t ncols, int cm) {
  spconv_real R[9], rc[3], col[6];
  const size_t row = cm ? 1 : ncols, elem = cm ? 6 : 1; /* J_ij at J[i * row + j * elem] */
  size_t i, j;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__mat_vec(rc, R, body->com); /* C - O */
  for (j = 0; j < ncols; ++j) {
    for (i = 0; i < 6; ++i) col[i] = J[i * row + j * elem];
    spconv__vec6_convert_rc(col, to, col, from, R, rc, body->pos, 0);
    for (i = 0; i < 6; ++i) res[i * row + j * elem] = col[i];
  }
}

/** Jacobian J (6 x ncols) of one body's twist stored under `from` -> the
   Jacobian of the same twist stored under `to`: J maps joint velocities
   qd to the twist (twist = J qd), so J_to = M J_from with M the matrix of
   spconv_twist_convert_matrix for this body, column by column (each column
   is converted as spconv_twist_convert converts a twist; M is not formed).
   Storage, as layout says: SPCONV_MAT4_ROW_MAJOR, J[ncols i + j] = J_ij
   (rows contiguous: MuJoCo's jacp over jacr, NumPy's default);
   SPCONV_MAT4_COLUMN_MAJOR, J[6 j + i] = J_ij (Eigen's default: DART, KDL,
   Pinocchio). res has the same storage. res may equal J. SPCONV_EINVAL
   (res untouched) for an invalid convention or layout, or a NULL pointer
   when ncols > 0 (ncols = 0 writes nothing: res, J, body may be NULL). */
SPCONV_API int spconv_jacobian_convert(spconv_real *res, const spconv_convention *to,
                                       const spconv_real *J, const spconv_convention *from,
                                       const spconv_body *body, size_t ncols,
                                       spconv_mat4_layout layout) {
  return spconv_jacobian_convert_n(res, to, J, from, body, ncols, layout, 1);
}

/** n bodies' Jacobians, each as spconv_jacobian_convert: Jacobian i (6 x
   ncols, stored as layout says) at J + 6 ncols i, of body body[i], its
   result at res + 6 ncols i (MuJoCo's jacBody of n bodies stacked, a
   NumPy (n, 6, ncols) or Eigen's (n, ncols, 6) array). Each Jacobian is
   spconv_jacobian_convert's, bit for bit. res may equal J. SPCONV_EINVAL
   (nothing written) for an invalid convention or layout, or a NULL
   pointer when ncols > 0 and n > 0 (ncols = 0 or n = 0 writes nothing:
   res, J, body may be NULL). */
SPCONV_API int spconv_jacobian_convert_n(spconv_real *res, const spconv_convention *to,
                                         const spconv_real *J, const spconv_convention *from,
                                         const spconv_body *body, size_t ncols,
                                         spconv_mat4_layout layout, size_t n) {
  const size_t size = 6 * ncols; /* reals per Jacobian */
  size_t k;
  int cm;
  if (!spconv__convention_valid(to) || !spconv__convention_valid(from) ||
      !spconv__mat4_layout(layout, &cm))
    return SPCONV_EINVAL;
  if (ncols == 0 || n == 0) return SPCONV_OK;
  if (!res || !J || !body) return SPCONV_EINVAL;
  SPCONV_ASSERT(spconv__batch_ok(res, size * n, J, size * n, 1));
  for (k = 0; k < n; ++k)
    spconv__jacobian_convert(res + k * size, to, J + k * size, from, body + k, ncols, cm);
  return SPCONV_OK;
}

/* canonical classical COM acceleration a_C (world) from an acceleration
   stored under c, given the canonical twist (v_C, w) */
SPCONV__PRIVATE void spconv__accel_canonical(spconv_real a[3], spconv_real alpha[3],
                                        const spconv_real accel[6], const spconv_convention *c,
                                        const spconv_real v[3], const spconv_real w[3],
                                        const spconv_real R[9], const spconv_body *body) {
  spconv_real r[3], vp[3], mr[3], wr[3], wwr[3], ar[3];
  int i;
  spconv__decode(a, alpha, accel, c, R, 1);
  spconv__point_offset(r, c->point, R, body);
  if (c->accel == SPCONV_ACCEL_SPATIAL) { /* a_P = a_sp + w x v_P */
    for (i = 0; i < 3; ++i) vp[i] = v[i];
    spconv__twist_from_com(vp, w, r);
    spconv__add_cross(a, a, w, vp);
  }
  for (i = 0; i < 3; ++i) mr[i] = -r[i]; /* a_C = a_P + alpha x (C-P) + w x (w x (C-P)) */
  spconv__cross(wr, w, mr);
  spconv__cross(wwr, w, wr);
  spconv__cross(ar, alpha, mr);
  for (i = 0; i < 3; ++i) a[i] += ar[i] + wwr[i];
}

/* canonical (a_C, alpha, v_C, w) -> acceleration stored under c */
SPCONV__PRIVATE void spconv__accel_store(spconv_real res[6], const spconv_convention *c,
                                    const spconv_real a_c[3], const spconv_real alpha[3],
                                    const spconv_real v[3], const spconv_real w[3],
                                    const spconv_real R[9], const spconv_body *body) {
  spconv_real r[3], a[3], wr[3], wwr[3], ar[3];
  int i;
  spconv__point_offset(r, c->point, R, body);
  spconv__cross(wr, w, r);
  spconv__cross(wwr, w, wr);
  spconv__cross(ar, alpha, r);
  for (i = 0; i < 3; ++i) a[i] = a_c[i] + ar[i] + wwr[i];
  if (c->accel == SPCONV_ACCEL_SPATIAL) { /* a_sp = a_P - w x v_P */
    spconv_real vp[3], wv[3];
    for (i = 0; i < 3; ++i) vp[i] = v[i] + wr[i];
    spconv__cross(wv, w, vp);
    for (i = 0; i < 3; ++i) a[i] -= wv[i];
  }
  spconv__encode(res, a, alpha, c, R, 1);
}

/** Acceleration stored under `from` -> under `to` (each read as its `accel`
   field says), for a body whose twist under `from` is `twist`. Through the
   classical COM acceleration a_C (world): a_P = a_C + alpha x r +
   w x (w x r), then a_P - w x v_P for SPATIAL. Matches mj_objectAcceleration
   (MuJoCo 2.2.2) and DART's getSpatialAcceleration. SPCONV_EINVAL (res
   untouched) for an invalid descriptor or a NULL pointer. */
SPCONV_API int spconv_accel_convert(spconv_real res[6], const spconv_convention *to,
                                    const spconv_real accel[6],
                                    const spconv_convention *from, const spconv_real twist[6],
                                    const spconv_body *body) {
  spconv_real R[9], v[3], w[3], a[3], alpha[3];
  if (!spconv__convention_valid(to) || !spconv__convention_valid(from) || !body || !res ||
      !accel || !twist)
    return SPCONV_EINVAL;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__twist_canonical(v, w, twist, from, R, body);
  spconv__accel_canonical(a, alpha, accel, from, v, w, R, body);
  spconv__accel_store(res, to, a, alpha, v, w, R, body);
  return SPCONV_OK;
}

/** @} */ /* end of >>engines */

/* ================================================================== >>states
   BODY STATES: pose conventions, whole-state conversion (pose + twist,
   single and strided batch), twist and wrench batches at engine poses,
   forces at points */
/** @defgroup states Body states
    Pose conventions, whole-state conversion, batches, forces at points. @{ */
/* Poses (spconv_pose_convention, >>types) go through the body frame
   (spconv_body): p_C = p_O + R_B com, q_I = q_B * iquat. */

/* 1 if every field of c holds a known value (c may be NULL: 0) */
SPCONV__PRIVATE int spconv__pose_convention_valid(const spconv_pose_convention *c) {
  return c != SPCONV__NULL &&
         (c->layout == SPCONV_POSE_LAYOUT_POS_QUAT || c->layout == SPCONV_POSE_LAYOUT_QUAT_POS) &&
         (c->quat_order == SPCONV_ROT_QUAT_WXYZ || c->quat_order == SPCONV_ROT_QUAT_XYZW) &&
         (c->point == SPCONV_POINT_COM || c->point == SPCONV_POINT_ORIGIN) &&
         (c->frame == SPCONV_POSE_FRAME_BODY || c->frame == SPCONV_POSE_FRAME_INERTIAL);
}

SPCONV__PRIVATE int spconv__state_convention_valid(const spconv_state_convention *c) {
  return c != SPCONV__NULL && spconv__pose_convention_valid(&c->pose) &&
         spconv__convention_valid(&c->twist);
}

SPCONV__PRIVATE spconv_pose_convention spconv__pose_convention(spconv_pose_layout layout,
                                                               spconv_rot_format quat_order,
                                                               spconv_point point,
                                                               spconv_pose_frame frame) {
  spconv_pose_convention c;
  c.layout = layout;
  c.quat_order = quat_order;
  c.point = point;
  c.frame = frame;
  return c;
}

/* where a pose stored under c keeps p, q_w and q_x (index into the 7) */
SPCONV__PRIVATE void spconv__pose_index(int *p, int *w, int *x, const spconv_pose_convention *c) {
  int qs = c->layout == SPCONV_POSE_LAYOUT_POS_QUAT ? 3 : 0;
  *p = c->layout == SPCONV_POSE_LAYOUT_POS_QUAT ? 0 : 4;
  *w = qs + (c->quat_order == SPCONV_ROT_QUAT_WXYZ ? 0 : 3);
  *x = qs + (c->quat_order == SPCONV_ROT_QUAT_WXYZ ? 1 : 0);
}

/* pose stored under c -> position p[3] and quaternion q[4] (wxyz) */
SPCONV__PRIVATE void spconv__pose_unpack(spconv_real p[3], spconv_real q[4], const spconv_real pose[7],
                                    const spconv_pose_convention *c) {
  int ip, iw, ix, i;
  spconv__pose_index(&ip, &iw, &ix, c);
  for (i = 0; i < 3; ++i) {
    p[i] = pose[ip + i];
    q[1 + i] = pose[ix + i];
  }
  q[0] = pose[iw];
}

/* p[3], q[4] (wxyz) -> res stored under c (inverse of spconv__pose_unpack) */
SPCONV__PRIVATE void spconv__pose_pack(spconv_real res[7], const spconv_real p[3],
                                  const spconv_real q[4], const spconv_pose_convention *c) {
  int ip, iw, ix, i;
  spconv__pose_index(&ip, &iw, &ix, c);
  for (i = 0; i < 3; ++i) {
    res[ip + i] = p[i];
    res[ix + i] = q[1 + i];
  }
  res[iw] = q[0];
}

/* a body's frame from a pose stored under c: the origin o, the body frame's
   unit quaternion qb (wxyz: q or q * conj(iq)), its rotation R, and
   rc = R com = C - O; iq is the unit inertial frame */
SPCONV__PRIVATE void spconv__pose_frame(spconv_real o[3], spconv_real qb[4], spconv_real R[9],
                                   spconv_real rc[3], const spconv_real pose[7],
                                   const spconv_pose_convention *c, const spconv_real com[3],
                                   const spconv_real iq[4]) {
  spconv_real p[3], q[4], iq_conj[4];
  int i;
  spconv__pose_unpack(p, q, pose, c);
  spconv__quat_unit_or_identity(qb, q);
  if (c->frame == SPCONV_POSE_FRAME_INERTIAL) { /* q_B = q_I * iq^-1 = q_I * conj(iq) */
    spconv_quat_conj_wxyz(iq_conj, iq);
    spconv_quat_mul_wxyz(qb, qb, iq_conj);
  }
  spconv__mat_from_quat_s(R, qb, SPCONV__R(2)); /* qb is unit */
  spconv__mat_vec(rc, R, com);
  for (i = 0; i < 3; ++i) o[i] = c->point == SPCONV_POINT_COM ? p[i] - rc[i] : p[i];
}

/* res = the pose under c of the body frame (origin o, unit quaternion qb,
   rc = C - O world): p_C = o + rc for COM, q_B * iq (iq unit) for the
   inertial frame */
SPCONV__PRIVATE void spconv__pose_store(spconv_real res[7], const spconv_pose_convention *c,
                                   const spconv_real o[3], const spconv_real qb[4],
                                   const spconv_real rc[3], const spconv_real iq[4]) {
  spconv_real p[3], q[4];
  int i;
  for (i = 0; i < 4; ++i) q[i] = qb[i];
  if (c->frame == SPCONV_POSE_FRAME_INERTIAL) spconv_quat_mul_wxyz(q, q, iq);
  for (i = 0; i < 3; ++i) p[i] = c->point == SPCONV_POINT_COM ? o[i] + rc[i] : o[i];
  spconv__pose_pack(res, p, q, c);
}

/* iq = iquat_wxyz / |iquat_wxyz| (NULL or zero: the identity) */
SPCONV__PRIVATE void spconv__iquat(spconv_real iq[4], const spconv_real *iquat_wxyz) {
  if (iquat_wxyz != SPCONV__NULL) {
    spconv__quat_unit_or_identity(iq, iquat_wxyz);
  } else {
    iq[0] = SPCONV__R(1);
    iq[1] = iq[2] = iq[3] = SPCONV__R(0);
  }
}

/** The state convention of preset id: its 6-vectors (.twist, equal to
   spconv_convention_from_preset) and its pose (.pose). For an unknown id
   every field is 0 (outside its enum), which the conversions reject with
   SPCONV_EINVAL.
   Poses (layout, quaternion order, point, frame; sources in docs/engines.md):
   NEWTON, WARP_SIM, SAP_*  body_q [p; q_xyzw] of the body origin
   MUJOCO_FREE, PTERA       free-joint qpos [p; q_wxyz] of the body origin
   MUJOCO_XFRC              xipos / ximat: COM, inertial frame, wxyz
   ISAACLAB                 Isaac Lab 2.x root_com_pose_w [p; q_wxyz]: COM,
                            inertial frame (the link pose times
                            body_com_pose_b)
   ISAACLAB_LINK            Isaac Lab 2.x root_link_pose_w [p; q_wxyz], origin
   ISAACLAB3, ISAACLAB3_LINK  the same in Isaac Lab 3.x, q_xyzw; under Isaac
                            Lab's Newton backend root_com_pose_w keeps the
                            link's orientation: pass iquat = identity (NULL)
   PHYSX                    PxTransform {q_xyzw; p} of the actor (origin)
   BULLET                   center-of-mass transform: COM, inertial frame,
                            [p; q_xyzw] (btQuaternion x, y, z, w)
   DRAKE                    quaternion floating joint q = [q_wxyz; p], origin
   PINOCCHIO_*              free flyer q = [p; q_xyzw], origin
   DART_*, MR_*             a transform matrix of the origin frame;
                            stored here [p; q_wxyz]
   FEATHERSTONE             spatial_v2's floating-base state: [q_wxyz; p]
                            (quaternion first, scalar first), origin
   GZ_SIM                   Link::WorldPose (math::Pose3d) [p; q_wxyz], origin
   ROS_ODOM                 geometry_msgs/Pose [p; q_xyzw] of child_frame_id
   JOLT                     Body::GetPosition / GetRotation [p; q_xyzw], origin
   GENESIS                  get_pos / get_quat [p; q_wxyz] of the link origin
   CHRONO                   ChBody GetPos / GetRot [p; q_wxyz] (e0 first) of
                            the COM frame: COM, inertial frame (the COM frame
                            in ChBodyAuxRef's REF frame)
   BRAX                     State.x (base.Transform pos, rot wxyz) of xpos
   ODE                      dBodyGetPosition / dBodyGetQuaternion [p; q_wxyz]:
                            the COM, body axes (an ODE body's origin is its COM) */
SPCONV_API spconv_state_convention spconv_state_convention_from_preset(spconv_preset_id id) {
  const spconv_pose_layout PQ = SPCONV_POSE_LAYOUT_POS_QUAT, QP = SPCONV_POSE_LAYOUT_QUAT_POS;
  const spconv_rot_format WXYZ = SPCONV_ROT_QUAT_WXYZ, XYZW = SPCONV_ROT_QUAT_XYZW;
  const spconv_point C = SPCONV_POINT_COM, O = SPCONV_POINT_ORIGIN;
  const spconv_pose_frame B = SPCONV_POSE_FRAME_BODY, I = SPCONV_POSE_FRAME_INERTIAL;
  spconv_state_convention s;
  s.twist = spconv_convention_from_preset(id);
  switch (id) {
    case SPCONV_PRESET_NEWTON:
    case SPCONV_PRESET_SAP_PUBLIC:
    case SPCONV_PRESET_SAP_INTERNAL:
    case SPCONV_PRESET_WARP_SIM:
    case SPCONV_PRESET_PINOCCHIO_WORLD:
    case SPCONV_PRESET_PINOCCHIO_LOCAL:
    case SPCONV_PRESET_PINOCCHIO_LWA:
    case SPCONV_PRESET_ISAACLAB3_LINK:
    case SPCONV_PRESET_ROS_ODOM:
    case SPCONV_PRESET_JOLT: s.pose = spconv__pose_convention(PQ, XYZW, O, B); break;
    case SPCONV_PRESET_MUJOCO_FREE:
    case SPCONV_PRESET_PTERA:
    case SPCONV_PRESET_ISAACLAB_LINK:
    case SPCONV_PRESET_DART_BODY:
    case SPCONV_PRESET_DART_WORLD:
    case SPCONV_PRESET_MR_BODY:
    case SPCONV_PRESET_MR_SPACE:
    case SPCONV_PRESET_GZ_SIM:
    case SPCONV_PRESET_GENESIS:
    case SPCONV_PRESET_BRAX: s.pose = spconv__pose_convention(PQ, WXYZ, O, B); break;
    case SPCONV_PRESET_MUJOCO_XFRC:
    case SPCONV_PRESET_ISAACLAB:
    case SPCONV_PRESET_CHRONO: s.pose = spconv__pose_convention(PQ, WXYZ, C, I); break;
    case SPCONV_PRESET_ISAACLAB3:
    case SPCONV_PRESET_BULLET: s.pose = spconv__pose_convention(PQ, XYZW, C, I); break;
    case SPCONV_PRESET_PHYSX: s.pose = spconv__pose_convention(QP, XYZW, O, B); break;
    case SPCONV_PRESET_DRAKE:
    case SPCONV_PRESET_FEATHERSTONE: s.pose = spconv__pose_convention(QP, WXYZ, O, B); break;
    case SPCONV_PRESET_ODE: s.pose = spconv__pose_convention(PQ, WXYZ, C, B); break;
    default: /* every field 0: outside its enum */
      s.pose = spconv__pose_convention(SPCONV__CAST(spconv_pose_layout, 0),
                                       SPCONV__CAST(spconv_rot_format, 0),
                                       SPCONV__CAST(spconv_point, 0),
                                       SPCONV__CAST(spconv_pose_frame, 0));
      break;
  }
  return s;
}

/** res = the body whose pose, stored under `from`, is `pose`, with COM com
   (body axes) and inertial frame iquat_wxyz (body axes; NULL or zero: the
   identity). res->quat_wxyz and res->iquat_wxyz are unit; the zero pose
   quaternion is the identity. SPCONV_EINVAL (res untouched) for an invalid
   convention or a NULL res, pose, from or com. */
SPCONV_API int spconv_body_from_pose(spconv_body *res, const spconv_real pose[7],
                                     const spconv_pose_convention *from,
                                     const spconv_real com[3],
                                     const spconv_real iquat_wxyz[4]) {
  spconv_pose_convention origin_wxyz; /* [p_O; q_B wxyz], spconv_body's own */
  spconv_real o[3], qb[4], R[9], rc[3], iq[4], c[3], x[7];
  int i;
  if (!from || !spconv__pose_convention_valid(from) || !res || !pose || !com)
    return SPCONV_EINVAL;
  origin_wxyz = spconv__pose_convention(SPCONV_POSE_LAYOUT_POS_QUAT, SPCONV_ROT_QUAT_WXYZ,
                                        SPCONV_POINT_ORIGIN, SPCONV_POSE_FRAME_BODY);
  spconv__iquat(iq, iquat_wxyz);
  for (i = 0; i < 3; ++i) c[i] = com[i]; /* com may be res->com */
  spconv__pose_frame(o, qb, R, rc, pose, from, c, iq);
  spconv__pose_store(x, &origin_wxyz, o, qb, rc, iq);
  for (i = 0; i < 3; ++i) {
    res->pos[i] = x[i];
    res->com[i] = c[i];
  }
  for (i = 0; i < 4; ++i) {
    res->quat_wxyz[i] = x[3 + i];
    res->iquat_wxyz[i] = iq[i];
  }
  return SPCONV_OK;
}

/** res = the pose of body stored under `to` (7 reals, unit quaternion):
   p_C = pos + R com for COM, q_B * iquat for the inertial frame.
   SPCONV_EINVAL (res untouched) for an invalid convention or NULL. */
SPCONV_API int spconv_pose_from_body(spconv_real res[7], const spconv_pose_convention *to,
                                     const spconv_body *body) {
  spconv_real qb[4], R[9], rc[3], iq[4];
  if (!to || !spconv__pose_convention_valid(to) || !res || !body) return SPCONV_EINVAL;
  spconv__quat_unit_or_identity(qb, body->quat_wxyz);
  spconv__iquat(iq, body->iquat_wxyz);
  spconv__mat_from_quat_s(R, qb, SPCONV__R(2)); /* qb is unit */
  spconv__mat_vec(rc, R, body->com);
  spconv__pose_store(res, to, body->pos, qb, rc, iq);
  return SPCONV_OK;
}

/** Pose stored under `from` -> the same body's pose stored under `to`, for
   a body with COM com and inertial frame iquat_wxyz (body axes; iquat NULL
   or zero: identity). The result quaternion is unit. SPCONV_EINVAL (res
   untouched) for an invalid convention or a NULL res, pose or com. */
SPCONV_API int spconv_pose_convert(spconv_real res[7], const spconv_pose_convention *to,
                                   const spconv_real pose[7],
                                   const spconv_pose_convention *from,
                                   const spconv_real com[3], const spconv_real iquat_wxyz[4]) {
  spconv_real o[3], qb[4], R[9], rc[3], iq[4];
  if (!to || !from || !spconv__pose_convention_valid(to) ||
      !spconv__pose_convention_valid(from) || !res || !pose || !com)
    return SPCONV_EINVAL;
  spconv__iquat(iq, iquat_wxyz);
  spconv__pose_frame(o, qb, R, rc, pose, from, com, iq);
  spconv__pose_store(res, to, o, qb, rc, iq);
  return SPCONV_OK;
}

/* one body's state, conventions and pointers checked: reads everything
   before writing (res_pose, res_twist may alias pose, twist). The pose as
   spconv_pose_convert; the twist through [v_C; w] as spconv_twist_convert. */
SPCONV__PRIVATE void spconv__state_convert(spconv_real res_pose[7], spconv_real res_twist[6],
                                      const spconv_state_convention *to,
                                      const spconv_real pose[7], const spconv_real twist[6],
                                      const spconv_state_convention *from,
                                      const spconv_real com[3],
                                      const spconv_real *iquat_wxyz) {
  spconv_real o[3], qb[4], R[9], rc[3], iq[4], x[6];
  int i;
  for (i = 0; i < 6; ++i) x[i] = twist[i];
  /* the inertial frame is read only when a pose is of it */
  spconv__iquat(iq, from->pose.frame == SPCONV_POSE_FRAME_INERTIAL ||
                            to->pose.frame == SPCONV_POSE_FRAME_INERTIAL
                        ? iquat_wxyz
                        : SPCONV__NULL);
  spconv__pose_frame(o, qb, R, rc, pose, &from->pose, com, iq);
  /* every input is read: the results may overwrite any of them */
  spconv__vec6_convert_rc(res_twist, &to->twist, x, &from->twist, R, rc, o, 0);
  spconv__pose_store(res_pose, &to->pose, o, qb, rc, iq);
}

/** Whole state (pose and twist) stored under `from` -> the same state under
   `to`, for a body with COM com and inertial frame iquat_wxyz (body axes;
   NULL or zero: identity). Pose as spconv_pose_convert, twist as
   spconv_twist_convert with the body at that pose. res_pose and res_twist
   may alias pose and twist (e.g. one Isaac Lab root_com_state_w row:
   pose = row, twist = row + 7). SPCONV_EINVAL (nothing written) for an
   invalid convention or a NULL pointer other than iquat_wxyz. */
SPCONV_API int spconv_state_convert(spconv_real res_pose[7], spconv_real res_twist[6],
                                    const spconv_state_convention *to,
                                    const spconv_real pose[7], const spconv_real twist[6],
                                    const spconv_state_convention *from,
                                    const spconv_real com[3], const spconv_real iquat_wxyz[4]) {
  if (!to || !from || !spconv__state_convention_valid(to) ||
      !spconv__state_convention_valid(from) || !res_pose || !res_twist || !pose || !twist || !com)
    return SPCONV_EINVAL;
  spconv__state_convert(res_pose, res_twist, to, pose, twist, from, com, iquat_wxyz);
  return SPCONV_OK;
}

/* Whole-state, twist and wrench batches in tiles: SPCONV__TILE bodies are
   gathered into structure-of-arrays lanes, each step of
   spconv__state_convert runs as one loop over the lanes (a constant count,
   which gcc and clang vectorise across bodies at -O2), and the results are
   scattered back. Each lane evaluates the scalar helpers' own expressions
   in their own order, so a tile equals the single call bit for bit.
   Without SIMD, with x87 arithmetic (FLT_EVAL_METHOD not 0) and in device
   code (SPCONV_STATE_TILE 0) every body takes the scalar path. */
#ifndef SPCONV_STATE_TILE
#  if (defined(__SSE2__) || defined(__ARM_NEON) || defined(__aarch64__)) &&                 \
      defined(__FLT_EVAL_METHOD__) && __FLT_EVAL_METHOD__ == 0 && !defined(__CUDACC__) && \
      !defined(__HIPCC__) && !defined(SPCONV_REAL)
#    define SPCONV_STATE_TILE 16
#  else
#    define SPCONV_STATE_TILE 0
#  endif
#endif
#if SPCONV_STATE_TILE != 0 && (SPCONV_STATE_TILE < 2 || SPCONV_STATE_TILE % 2 != 0)
#  error "SPCONV_STATE_TILE must be 0 or an even number >= 2"
#endif
#if SPCONV_STATE_TILE > 0
#define SPCONV__TILE SPCONV_STATE_TILE

typedef struct {
  spconv_real p[3][SPCONV__TILE];  /* position read, then the origin O (world) */
  spconv_real q[4][SPCONV__TILE];  /* quaternion read, then the body frame's (wxyz, unit) */
  spconv_real iq[4][SPCONV__TILE]; /* inertial frame in body axes (wxyz, unit) */
  spconv_real c[3][SPCONV__TILE];  /* COM, body axes */
  spconv_real R[9][SPCONV__TILE];  /* rotation body -> world, row-major */
  spconv_real rc[3][SPCONV__TILE]; /* C - O = R com, world axes */
  spconv_real v[3][SPCONV__TILE];  /* linear part of the twist read, then world axes */
  spconv_real w[3][SPCONV__TILE];  /* angular part of the twist read, then world, rad/s */
} spconv__state_tile;

/* n[k] = 1 / sqrt(n[k]) in every lane (n[k] > 0). The compilers do not
   vectorise sqrt while it may set errno; with SSE2, double and the <math.h>
   sqrt, sqrtpd and divpd do two lanes at a time, rounded as sqrt and / */
SPCONV__PRIVATE void spconv__lanes_inv_sqrt(spconv_real n[SPCONV__TILE]) {
  int k;
#if defined(SPCONV__STREAM) && defined(SPCONV__SQRT_IEEE) && !defined(SPCONV_USE_FLOAT)
  for (k = 0; k < SPCONV__TILE; k += 2)
    _mm_storeu_pd(n + k, _mm_div_pd(_mm_set1_pd(1.0), _mm_sqrt_pd(_mm_loadu_pd(n + k))));
#else
  for (k = 0; k < SPCONV__TILE; ++k) n[k] = SPCONV__R(1) / SPCONV_SQRT(n[k]);
#endif
}

/* q = q / |q| in every lane, as spconv__quat_unit_or_identity */
SPCONV__PRIVATE void spconv__tile_quat_unit(spconv_real q[4][SPCONV__TILE]) {
  spconv_real n[SPCONV__TILE], u[4];
  int k, j, in_range = 1;
  for (k = 0; k < SPCONV__TILE; ++k)
    n[k] = q[0][k] * q[0][k] + q[1][k] * q[1][k] + q[2][k] * q[2][k] + q[3][k] * q[3][k];
  for (k = 0; k < SPCONV__TILE; ++k)
    in_range &= (n[k] >= SPCONV__R(1e-30)) & (n[k] <= SPCONV__R(1e30)); /* no branch */
  if (!in_range) { /* rare: lane by lane, with the scaling */
    for (k = 0; k < SPCONV__TILE; ++k) {
      for (j = 0; j < 4; ++j) u[j] = q[j][k];
      spconv__quat_unit_or_identity(u, u);
      for (j = 0; j < 4; ++j) q[j][k] = u[j];
    }
    return;
  }
  spconv__lanes_inv_sqrt(n);
  for (k = 0; k < SPCONV__TILE; ++k) {
    q[0][k] = q[0][k] * n[k];
    q[1][k] = q[1][k] * n[k];
    q[2][k] = q[2][k] * n[k];
    q[3][k] = q[3][k] * n[k];
  }
}

/* q = q b in every lane, as spconv_quat_mul_wxyz (q(a), b: wxyz) */
SPCONV__PRIVATE void spconv__tile_quat_mul(spconv_real (*SPCONV__RESTRICT q)[SPCONV__TILE],
                                      spconv_real (*SPCONV__RESTRICT b)[SPCONV__TILE]) {
  int k;
  for (k = 0; k < SPCONV__TILE; ++k) {
    spconv_real a0 = q[0][k], a1 = q[1][k], a2 = q[2][k], a3 = q[3][k];
    spconv_real b0 = b[0][k], b1 = b[1][k], b2 = b[2][k], b3 = b[3][k];
    q[0][k] = a0 * b0 - a1 * b1 - a2 * b2 - a3 * b3;
    q[1][k] = a0 * b1 + b0 * a1 + a2 * b3 - a3 * b2;
    q[2][k] = a0 * b2 + b0 * a2 + a3 * b1 - a1 * b3;
    q[3][k] = a0 * b3 + b0 * a3 + a1 * b2 - a2 * b1;
  }
}

/* q = q iq, or q conj(iq) with `inverse` (spconv_quat_conj_wxyz's
   negation), in every lane */
SPCONV__PRIVATE void spconv__tile_quat_mul_iq(spconv__state_tile *t, int inverse) {
  spconv_real c[4][SPCONV__TILE];
  int k;
  if (!inverse) {
    spconv__tile_quat_mul(t->q, t->iq);
    return;
  }
  for (k = 0; k < SPCONV__TILE; ++k) {
    c[0][k] = t->iq[0][k];
    c[1][k] = -t->iq[1][k];
    c[2][k] = -t->iq[2][k];
    c[3][k] = -t->iq[3][k];
  }
  spconv__tile_quat_mul(t->q, c);
}

/* R of the unit q and rc = R com in every lane (spconv__mat_from_quat_s with
   s = 2, spconv__mat_vec) */
SPCONV__PRIVATE void spconv__tile_rotation(spconv__state_tile *t) {
  const spconv_real s = SPCONV__R(2), one = SPCONV__R(1);
  int k;
  for (k = 0; k < SPCONV__TILE; ++k) {
    spconv_real w = t->q[0][k], x = t->q[1][k], y = t->q[2][k], z = t->q[3][k];
    spconv_real c0 = t->c[0][k], c1 = t->c[1][k], c2 = t->c[2][k];
    spconv_real r0 = one - s * (y * y + z * z), r1 = s * (x * y - w * z), r2 = s * (x * z + w * y);
    spconv_real r3 = s * (x * y + w * z), r4 = one - s * (x * x + z * z), r5 = s * (y * z - w * x);
    spconv_real r6 = s * (x * z - w * y), r7 = s * (y * z + w * x), r8 = one - s * (x * x + y * y);
    t->R[0][k] = r0;
    t->R[1][k] = r1;
    t->R[2][k] = r2;
    t->R[3][k] = r3;
    t->R[4][k] = r4;
    t->R[5][k] = r5;
    t->R[6][k] = r6;
    t->R[7][k] = r7;
    t->R[8][k] = r8;
    t->rc[0][k] = r0 * c0 + r1 * c1 + r2 * c2;
    t->rc[1][k] = r3 * c0 + r4 * c1 + r5 * c2;
    t->rc[2][k] = r6 * c0 + r7 * c1 + r8 * c2;
  }
}

/* v = R v, or R^T v with `transpose`, in every lane (spconv__mat_vec,
   spconv__mat_t_vec); R is read only (not const: C before C23 does not
   convert to a pointer to const arrays) */
SPCONV__PRIVATE void spconv__tile_rotate(spconv_real (*SPCONV__RESTRICT v)[SPCONV__TILE],
                                    spconv_real (*SPCONV__RESTRICT R)[SPCONV__TILE], int transpose) {
  int k;
  if (transpose) {
    for (k = 0; k < SPCONV__TILE; ++k) {
      spconv_real u0 = v[0][k], u1 = v[1][k], u2 = v[2][k];
      v[0][k] = R[0][k] * u0 + R[3][k] * u1 + R[6][k] * u2;
      v[1][k] = R[1][k] * u0 + R[4][k] * u1 + R[7][k] * u2;
      v[2][k] = R[2][k] * u0 + R[5][k] * u1 + R[8][k] * u2;
    }
  } else {
    for (k = 0; k < SPCONV__TILE; ++k) {
      spconv_real u0 = v[0][k], u1 = v[1][k], u2 = v[2][k];
      v[0][k] = R[0][k] * u0 + R[1][k] * u1 + R[2][k] * u2;
      v[1][k] = R[3][k] * u0 + R[4][k] * u1 + R[5][k] * u2;
      v[2][k] = R[6][k] * u0 + R[7][k] * u1 + R[8][k] * u2;
    }
  }
}

/* out -= c (`subtract`) or out += c in every lane, with c = u x r (twists)
   or r x u (wrenches, `r_first`) and r = P - C for the reference point
   `point` (world origin or body origin O = t->p; the COM: nothing), as
     twist to the COM    v_C = v_P - w x r     spconv__twist_to_com
     twist from the COM  v_P = v_C + w x r     spconv__twist_from_com
     wrench to the COM   tau_C = tau_P + r x f spconv__wrench_to_com
     wrench from the COM tau_P = tau_C - r x f spconv__wrench_from_com
   with the same operands in the same order (signed zeros included). */
SPCONV__PRIVATE void spconv__tile_cross_offset(spconv_real (*SPCONV__RESTRICT out)[SPCONV__TILE],
                                          spconv_real (*SPCONV__RESTRICT u)[SPCONV__TILE],
                                          const spconv__state_tile *t, spconv_point point,
                                          int r_first, int subtract) {
  spconv_real r[3][SPCONV__TILE], c[3][SPCONV__TILE];
  int j;
  if (point == SPCONV_POINT_COM) return;
  if (point == SPCONV_POINT_ORIGIN) /* spconv__point_offset_rc: -rc, -(O + rc) */
    for (j = 0; j < SPCONV__TILE; ++j) {
      r[0][j] = -t->rc[0][j];
      r[1][j] = -t->rc[1][j];
      r[2][j] = -t->rc[2][j];
    }
  else
    for (j = 0; j < SPCONV__TILE; ++j) {
      r[0][j] = -(t->p[0][j] + t->rc[0][j]);
      r[1][j] = -(t->p[1][j] + t->rc[1][j]);
      r[2][j] = -(t->p[2][j] + t->rc[2][j]);
    }
  if (r_first)
    for (j = 0; j < SPCONV__TILE; ++j) { /* spconv__cross(c, r, u) */
      c[0][j] = r[1][j] * u[2][j] - r[2][j] * u[1][j];
      c[1][j] = r[2][j] * u[0][j] - r[0][j] * u[2][j];
      c[2][j] = r[0][j] * u[1][j] - r[1][j] * u[0][j];
    }
  else
    for (j = 0; j < SPCONV__TILE; ++j) { /* spconv__cross(c, u, r) */
      c[0][j] = u[1][j] * r[2][j] - u[2][j] * r[1][j];
      c[1][j] = u[2][j] * r[0][j] - u[0][j] * r[2][j];
      c[2][j] = u[0][j] * r[1][j] - u[1][j] * r[0][j];
    }
  if (subtract)
    for (j = 0; j < SPCONV__TILE; ++j) {
      out[0][j] -= c[0][j];
      out[1][j] -= c[1][j];
      out[2][j] -= c[2][j];
    }
  else
    for (j = 0; j < SPCONV__TILE; ++j) {
      out[0][j] += c[0][j];
      out[1][j] += c[1][j];
      out[2][j] += c[2][j];
    }
}

/* the 6-vector parts v, w as stored under c -> world axes (and rad/s with
   `angular_scaled`) in every lane, as spconv__decode */
SPCONV__PRIVATE void spconv__tile_decode(spconv__state_tile *t, const spconv_convention *c,
                                    int angular_scaled) {
  int k;
  if (angular_scaled && c->angle_unit == SPCONV_ANGLE_DEGREES)
    for (k = 0; k < SPCONV__TILE; ++k) {
      t->w[0][k] *= SPCONV__DEG2RAD;
      t->w[1][k] *= SPCONV__DEG2RAD;
      t->w[2][k] *= SPCONV__DEG2RAD;
    }
  if (c->linear_frame == SPCONV_FRAME_BODY) spconv__tile_rotate(t->v, t->R, 0);
  if (c->angular_frame == SPCONV_FRAME_BODY) spconv__tile_rotate(t->w, t->R, 0);
}

/* v, w (world axes; rad/s with `angular_scaled`) -> the parts stored under
   c in every lane, as spconv__encode (the order is the store's) */
SPCONV__PRIVATE void spconv__tile_encode(spconv__state_tile *t, const spconv_convention *c,
                                    int angular_scaled) {
  int k;
  if (c->linear_frame == SPCONV_FRAME_BODY) spconv__tile_rotate(t->v, t->R, 1);
  if (c->angular_frame == SPCONV_FRAME_BODY) spconv__tile_rotate(t->w, t->R, 1);
  if (angular_scaled && c->angle_unit == SPCONV_ANGLE_DEGREES)
    for (k = 0; k < SPCONV__TILE; ++k) {
      t->w[0][k] *= SPCONV__RAD2DEG;
      t->w[1][k] *= SPCONV__RAD2DEG;
      t->w[2][k] *= SPCONV__RAD2DEG;
    }
}

/* lanes[0], lanes[1] = a, b: one 2-wide store, which the tile's wide
   loads read back without a store-forwarding stall (under SPCONV__V2 a
   vector store, which gcc -O3 does not split into two) */
SPCONV__PRIVATE void spconv__lane_pair(spconv_real *lanes, spconv_real a, spconv_real b) {
#ifdef SPCONV__V2
  spconv__v2 v = {a, b};
  spconv__v2_store(lanes, v);
#else
  lanes[0] = a;
  lanes[1] = b;
#endif
}

/* *a, *b = lanes[0], lanes[1] (under SPCONV__V2 one 2-wide load) */
SPCONV__PRIVATE void spconv__pair_store(spconv_real *a, spconv_real *b, const spconv_real *lanes) {
#ifdef SPCONV__V2
  spconv__v2 v = spconv__v2_load(lanes);
  *a = v[0];
  *b = v[1];
#else
  *a = lanes[0];
  *b = lanes[1];
#endif
}

/* SPCONV__TILE bodies' poses stored under c and COMs -> t->p, q, c, two
   bodies at a time (one 2-wide store per pair of lanes, which later wide
   loads read back without a store-forwarding stall) */
SPCONV__PRIVATE void spconv__tile_load_pose(spconv__state_tile *t, const spconv_real *pose,
                                       size_t pose_stride, const spconv_real *com,
                                       const spconv_pose_convention *c) {
  int ip, iw, ix;
  size_t k;
  spconv__pose_index(&ip, &iw, &ix, c);
  for (k = 0; k < SPCONV__TILE; k += 2) {
    const spconv_real *s0 = pose + k * pose_stride, *s1 = s0 + pose_stride;
    const spconv_real *m0 = com + 3 * k, *m1 = m0 + 3;
    spconv__lane_pair(t->p[0] + k, s0[ip], s1[ip]);
    spconv__lane_pair(t->p[1] + k, s0[ip + 1], s1[ip + 1]);
    spconv__lane_pair(t->p[2] + k, s0[ip + 2], s1[ip + 2]);
    spconv__lane_pair(t->q[0] + k, s0[iw], s1[iw]);
    spconv__lane_pair(t->q[1] + k, s0[ix], s1[ix]);
    spconv__lane_pair(t->q[2] + k, s0[ix + 1], s1[ix + 1]);
    spconv__lane_pair(t->q[3] + k, s0[ix + 2], s1[ix + 2]);
    spconv__lane_pair(t->c[0] + k, m0[0], m1[0]);
    spconv__lane_pair(t->c[1] + k, m0[1], m1[1]);
    spconv__lane_pair(t->c[2] + k, m0[2], m1[2]);
  }
}

/* SPCONV__TILE bodies' 6-vectors stored under c -> t->v (linear part), t->w
   (angular part), two bodies at a time */
SPCONV__PRIVATE void spconv__tile_load_vec6(spconv__state_tile *t, const spconv_real *x, size_t stride,
                                       const spconv_convention *c) {
  const int lo = c->order == SPCONV_ORDER_LINEAR_FIRST ? 0 : 3, ao = 3 - lo;
  size_t k;
  for (k = 0; k < SPCONV__TILE; k += 2) {
    const spconv_real *x0 = x + k * stride, *x1 = x0 + stride;
    spconv__lane_pair(t->v[0] + k, x0[lo], x1[lo]);
    spconv__lane_pair(t->v[1] + k, x0[lo + 1], x1[lo + 1]);
    spconv__lane_pair(t->v[2] + k, x0[lo + 2], x1[lo + 2]);
    spconv__lane_pair(t->w[0] + k, x0[ao], x1[ao]);
    spconv__lane_pair(t->w[1] + k, x0[ao + 1], x1[ao + 1]);
    spconv__lane_pair(t->w[2] + k, x0[ao + 2], x1[ao + 2]);
  }
}

/* SPCONV__TILE bodies' inertial frames (iquat_wxyz NULL: the identity) ->
   t->iq, unit, as spconv__iquat */
SPCONV__PRIVATE void spconv__tile_load_iquat(spconv__state_tile *t, const spconv_real *iquat_wxyz) {
  int k;
  if (iquat_wxyz == SPCONV__NULL) {
    for (k = 0; k < SPCONV__TILE; ++k) {
      t->iq[0][k] = SPCONV__R(1);
      t->iq[1][k] = t->iq[2][k] = t->iq[3][k] = SPCONV__R(0);
    }
    return;
  }
  for (k = 0; k < SPCONV__TILE; ++k) {
    const spconv_real *iq = iquat_wxyz + 4 * k;
    t->iq[0][k] = iq[0];
    t->iq[1][k] = iq[1];
    t->iq[2][k] = iq[2];
    t->iq[3][k] = iq[3];
  }
  spconv__tile_quat_unit(t->iq);
}

/* t->p, q -> SPCONV__TILE bodies' poses stored under c */
SPCONV__PRIVATE void spconv__tile_store_pose(spconv_real *res, size_t stride,
                                        const spconv__state_tile *t,
                                        const spconv_pose_convention *c) {
  int ip, iw, ix;
  size_t k;
  spconv__pose_index(&ip, &iw, &ix, c);
  for (k = 0; k < SPCONV__TILE; k += 2) {
    spconv_real *s0 = res + k * stride, *s1 = s0 + stride;
    spconv__pair_store(s0 + ip, s1 + ip, t->p[0] + k);
    spconv__pair_store(s0 + ip + 1, s1 + ip + 1, t->p[1] + k);
    spconv__pair_store(s0 + ip + 2, s1 + ip + 2, t->p[2] + k);
    spconv__pair_store(s0 + iw, s1 + iw, t->q[0] + k);
    spconv__pair_store(s0 + ix, s1 + ix, t->q[1] + k);
    spconv__pair_store(s0 + ix + 1, s1 + ix + 1, t->q[2] + k);
    spconv__pair_store(s0 + ix + 2, s1 + ix + 2, t->q[3] + k);
  }
}

/* t->v, w -> SPCONV__TILE bodies' 6-vectors stored under c */
SPCONV__PRIVATE void spconv__tile_store_vec6(spconv_real *res, size_t stride,
                                        const spconv__state_tile *t, const spconv_convention *c) {
  const int lo = c->order == SPCONV_ORDER_LINEAR_FIRST ? 0 : 3, ao = 3 - lo;
  size_t k;
  for (k = 0; k < SPCONV__TILE; k += 2) {
    spconv_real *x0 = res + k * stride, *x1 = x0 + stride;
    spconv__pair_store(x0 + lo, x1 + lo, t->v[0] + k);
    spconv__pair_store(x0 + lo + 1, x1 + lo + 1, t->v[1] + k);
    spconv__pair_store(x0 + lo + 2, x1 + lo + 2, t->v[2] + k);
    spconv__pair_store(x0 + ao, x1 + ao, t->w[0] + k);
    spconv__pair_store(x0 + ao + 1, x1 + ao + 1, t->w[1] + k);
    spconv__pair_store(x0 + ao + 2, x1 + ao + 2, t->w[2] + k);
  }
}

/* t->p = t->p - rc (sign -1: C -> O) or t->p + rc (sign +1: O -> C) in
   every lane */
SPCONV__PRIVATE void spconv__tile_shift_origin(spconv__state_tile *t, int sign) {
  int k;
  for (k = 0; k < SPCONV__TILE; ++k) {
    t->p[0][k] = sign < 0 ? t->p[0][k] - t->rc[0][k] : t->p[0][k] + t->rc[0][k];
    t->p[1][k] = sign < 0 ? t->p[1][k] - t->rc[1][k] : t->p[1][k] + t->rc[1][k];
    t->p[2][k] = sign < 0 ? t->p[2][k] - t->rc[2][k] : t->p[2][k] + t->rc[2][k];
  }
}

/* the body frame of the tile's poses stored under c, as spconv__pose_frame:
   q the unit body quaternion, R, rc = C - O and p = O */
SPCONV__PRIVATE void spconv__tile_pose_frame(spconv__state_tile *t, const spconv_pose_convention *c) {
  spconv__tile_quat_unit(t->q);
  if (c->frame == SPCONV_POSE_FRAME_INERTIAL) spconv__tile_quat_mul_iq(t, 1); /* q_I conj(iq) */
  spconv__tile_rotation(t);
  if (c->point == SPCONV_POINT_COM) spconv__tile_shift_origin(t, -1);
}

/* the tile's 6-vectors under `from` -> under `to`, the body frame set, as
   spconv__vec6_convert_rc */
SPCONV__PRIVATE void spconv__tile_vec6_convert(spconv__state_tile *t, const spconv_convention *to,
                                          const spconv_convention *from, int wrench) {
  spconv__tile_decode(t, from, !wrench);
  if (wrench) { /* tau += r x f to the COM, -= from it */
    spconv__tile_cross_offset(t->w, t->v, t, from->point, 1, 0);
    spconv__tile_cross_offset(t->w, t->v, t, to->point, 1, 1);
  } else { /* v -= w x r to the COM, += from it */
    spconv__tile_cross_offset(t->v, t->w, t, from->point, 0, 1);
    spconv__tile_cross_offset(t->v, t->w, t, to->point, 0, 0);
  }
  spconv__tile_encode(t, to, !wrench);
}

/* the tile's poses from the body frame under c, as spconv__pose_store */
SPCONV__PRIVATE void spconv__tile_pose_store(spconv__state_tile *t, const spconv_pose_convention *c) {
  if (c->frame == SPCONV_POSE_FRAME_INERTIAL) spconv__tile_quat_mul_iq(t, 0); /* q_B iq */
  if (c->point == SPCONV_POINT_COM) spconv__tile_shift_origin(t, +1);
}

/* the whole tiles of spconv_state_convert_n (arguments checked): returns
   the number of bodies converted, n rounded down to whole tiles */
SPCONV__PRIVATE size_t spconv__state_convert_tiles(
    spconv_real *res_pose, size_t res_pose_stride, spconv_real *res_twist,
    size_t res_twist_stride, const spconv_state_convention *to, const spconv_real *pose,
    size_t pose_stride, const spconv_real *twist, size_t twist_stride,
    const spconv_state_convention *from, const spconv_real *com, const spconv_real *iquat_wxyz,
    size_t n) {
  spconv__state_tile t;
  const int inertial = from->pose.frame == SPCONV_POSE_FRAME_INERTIAL ||
                       to->pose.frame == SPCONV_POSE_FRAME_INERTIAL; /* else iquat is not read */
  size_t i, tiled = n - n % SPCONV__TILE;
  for (i = 0; i < tiled; i += SPCONV__TILE) { /* a tile is read before it is written */
    spconv__tile_load_pose(&t, pose + i * pose_stride, pose_stride, com + 3 * i, &from->pose);
    spconv__tile_load_vec6(&t, twist + i * twist_stride, twist_stride, &from->twist);
    if (inertial) spconv__tile_load_iquat(&t, iquat_wxyz ? iquat_wxyz + 4 * i : SPCONV__NULL);
    spconv__tile_pose_frame(&t, &from->pose);
    spconv__tile_vec6_convert(&t, &to->twist, &from->twist, 0);
    spconv__tile_pose_store(&t, &to->pose);
    spconv__tile_store_pose(res_pose + i * res_pose_stride, res_pose_stride, &t, &to->pose);
    spconv__tile_store_vec6(res_twist + i * res_twist_stride, res_twist_stride, &t, &to->twist);
  }
  return tiled;
}

/* the whole tiles of spconv__vec6_convert_n (arguments checked): returns
   the number of bodies converted */
SPCONV__PRIVATE size_t spconv__vec6_convert_tiles(spconv_real *res, size_t res_stride,
                                             const spconv_convention *to, const spconv_real *x,
                                             size_t stride, const spconv_convention *from,
                                             const spconv_real *pose, size_t pose_stride,
                                             const spconv_pose_convention *pc,
                                             const spconv_real *com,
                                             const spconv_real *iquat_wxyz, size_t n,
                                             int wrench) {
  spconv__state_tile t;
  size_t i, tiled = n - n % SPCONV__TILE;
  for (i = 0; i < tiled; i += SPCONV__TILE) {
    spconv__tile_load_pose(&t, pose + i * pose_stride, pose_stride, com + 3 * i, pc);
    spconv__tile_load_vec6(&t, x + i * stride, stride, from);
    if (pc->frame == SPCONV_POSE_FRAME_INERTIAL)
      spconv__tile_load_iquat(&t, iquat_wxyz ? iquat_wxyz + 4 * i : SPCONV__NULL);
    spconv__tile_pose_frame(&t, pc);
    spconv__tile_vec6_convert(&t, to, from, wrench);
    spconv__tile_store_vec6(res + i * res_stride, res_stride, &t, to);
  }
  return tiled;
}
#endif /* SPCONV_STATE_TILE > 0 */

/** n bodies' states, strided as engines store them: body i's pose at
   pose + i pose_stride, its twist at twist + i twist_stride (reals), its
   COM at com + 3i (MuJoCo body_ipos, Newton body_com) and its inertial
   frame at iquat_wxyz + 4i (MuJoCo body_iquat; NULL: identity for all).
     Newton body_q / body_qd        pose_stride 7, twist_stride 6
     Isaac Lab root_com_state_w     pose = s, twist = s + 7, strides 13
     MuJoCo free bodies only        qpos stride 7, qvel stride 6; com =
                                    body_ipos + 3 b0, iquat_wxyz = body_iquat
                                    + 4 b0 (b0: the first body; MuJoCo's
                                    model arrays begin with the world body)
   Each body as spconv_state_convert, bit for bit; res_pose and res_twist
   may equal pose and twist with the same strides. SPCONV_EINVAL (nothing
   written) for an invalid convention, a NULL pointer other than iquat_wxyz
   (n > 0), a pose stride below 7 or a twist stride below 6. */
SPCONV_API int spconv_state_convert_n(spconv_real *res_pose, size_t res_pose_stride,
                                      spconv_real *res_twist, size_t res_twist_stride,
                                      const spconv_state_convention *to,
                                      const spconv_real *pose, size_t pose_stride,
                                      const spconv_real *twist, size_t twist_stride,
                                      const spconv_state_convention *from,
                                      const spconv_real *com, const spconv_real *iquat_wxyz,
                                      size_t n) {
  size_t i = 0;
  if (!to || !from || !spconv__state_convention_valid(to) ||
      !spconv__state_convention_valid(from) || res_pose_stride < 7 || pose_stride < 7 || res_twist_stride < 6 || twist_stride < 6)
    return SPCONV_EINVAL;
  if (n == 0) return SPCONV_OK;
  if (!res_pose || !res_twist || !pose || !twist || !com) return SPCONV_EINVAL;
#if SPCONV_STATE_TILE > 0
  i = spconv__state_convert_tiles(res_pose, res_pose_stride, res_twist, res_twist_stride, to,
                                  pose, pose_stride, twist, twist_stride, from, com, iquat_wxyz,
                                  n);
#endif
  for (; i < n; ++i)
    spconv__state_convert(res_pose + i * res_pose_stride, res_twist + i * res_twist_stride, to,
                          pose + i * pose_stride, twist + i * twist_stride, from, com + 3 * i,
                          iquat_wxyz ? iquat_wxyz + 4 * i : SPCONV__NULL);
  return SPCONV_OK;
}

/* one body's 6-vector x under `from` -> res under `to`, the body at `pose`
   stored under pc (com, iquat as spconv_state_convert; checked): a twist
   (wrench 0) as spconv_state_convert's, or a wrench (1). res may alias x. */
SPCONV__PRIVATE void spconv__vec6_convert_at_pose(spconv_real res[6], const spconv_convention *to,
                                             const spconv_real x[6],
                                             const spconv_convention *from,
                                             const spconv_real pose[7],
                                             const spconv_pose_convention *pc,
                                             const spconv_real com[3],
                                             const spconv_real *iquat_wxyz, int wrench) {
  spconv_real o[3], qb[4], R[9], rc[3], iq[4];
  spconv__iquat(iq, pc->frame == SPCONV_POSE_FRAME_INERTIAL ? iquat_wxyz : SPCONV__NULL);
  spconv__pose_frame(o, qb, R, rc, pose, pc, com, iq);
  spconv__vec6_convert_rc(res, to, x, from, R, rc, o, wrench);
}

/* spconv_twist_convert_n (wrench 0) and spconv_wrench_convert_n (1) */
SPCONV__PRIVATE int spconv__vec6_convert_n(spconv_real *res, size_t res_stride,
                                      const spconv_convention *to, const spconv_real *x,
                                      size_t stride, const spconv_convention *from,
                                      const spconv_real *pose, size_t pose_stride,
                                      const spconv_pose_convention *pc, const spconv_real *com,
                                      const spconv_real *iquat_wxyz, size_t n, int wrench) {
  size_t i = 0;
  if (!spconv__convention_valid(to) || !spconv__convention_valid(from) || !pc ||
      !spconv__pose_convention_valid(pc) || res_stride < 6 || stride < 6 || pose_stride < 7)
    return SPCONV_EINVAL;
  if (n == 0) return SPCONV_OK;
  if (!res || !x || !pose || !com) return SPCONV_EINVAL;
#if SPCONV_STATE_TILE > 0
  i = spconv__vec6_convert_tiles(res, res_stride, to, x, stride, from, pose, pose_stride, pc, com,
                                 iquat_wxyz, n, wrench);
#endif
  for (; i < n; ++i)
    spconv__vec6_convert_at_pose(res + i * res_stride, to, x + i * stride, from,
                                 pose + i * pose_stride, pc, com + 3 * i,
                                 iquat_wxyz ? iquat_wxyz + 4 * i : SPCONV__NULL, wrench);
  return SPCONV_OK;
}

/** n bodies' twists stored under `from` -> under `to`, each body at its pose
   stored under pose_convention (one preset's body_q, qpos, root pose...):
   body i's twist at twist + i twist_stride, result at res + i res_stride,
   pose at pose + i pose_stride, COM at com + 3i, inertial frame at
   iquat_wxyz + 4i (NULL: identity; read only for an inertial-frame pose).
   Each body's result is spconv_state_convert's twist, bit for bit (the
   pose is not written). res may equal twist with the same stride.
   SPCONV_EINVAL (nothing written) for an invalid convention, a NULL
   pointer other than iquat_wxyz (n > 0), a 6-vector stride below 6 or a
   pose stride below 7. */
SPCONV_API int spconv_twist_convert_n(spconv_real *res, size_t res_stride,
                                      const spconv_convention *to, const spconv_real *twist,
                                      size_t twist_stride, const spconv_convention *from,
                                      const spconv_real *pose, size_t pose_stride,
                                      const spconv_pose_convention *pose_convention,
                                      const spconv_real *com, const spconv_real *iquat_wxyz,
                                      size_t n) {
  return spconv__vec6_convert_n(res, res_stride, to, twist, twist_stride, from, pose, pose_stride,
                                pose_convention, com, iquat_wxyz, n, 0);
}

/** n bodies' wrenches stored under `from` -> under `to` (the power-conjugates
   of spconv_twist_convert_n's twists), laid out as spconv_twist_convert_n:
   e.g. Isaac Lab body-frame forces at the COM -> MuJoCo xfrc_applied for
   every body of a step. Each body's result equals spconv_wrench_convert's
   for the body spconv_body_from_pose makes, to rounding. res may equal
   wrench with the same stride. SPCONV_EINVAL as spconv_twist_convert_n. */
SPCONV_API int spconv_wrench_convert_n(spconv_real *res, size_t res_stride,
                                       const spconv_convention *to, const spconv_real *wrench,
                                       size_t wrench_stride, const spconv_convention *from,
                                       const spconv_real *pose, size_t pose_stride,
                                       const spconv_pose_convention *pose_convention,
                                       const spconv_real *com, const spconv_real *iquat_wxyz,
                                       size_t n) {
  return spconv__vec6_convert_n(res, res_stride, to, wrench, wrench_stride, from, pose,
                                pose_stride, pose_convention, com, iquat_wxyz, n, 1);
}

/* world point of `point` given in `frame` (NULL: the COM), and R = R_B */
SPCONV__PRIVATE void spconv__applied_point(spconv_real res[3], const spconv_real *point,
                                      spconv_frame frame, const spconv_real R[9],
                                      const spconv_body *body) {
  spconv_real local[3];
  int i;
  if (point != SPCONV__NULL && frame == SPCONV_FRAME_WORLD) {
    for (i = 0; i < 3; ++i) res[i] = point[i];
    return;
  }
  spconv__mat_vec(local, R, point != SPCONV__NULL ? point : body->com);
  for (i = 0; i < 3; ++i) res[i] = body->pos[i] + local[i];
}

/** res = the wrench, stored under `to`, of a force applied at a point plus a
   torque (a couple), for the body `body`:
     frame SPCONV_FRAME_WORLD  force and torque in world axes, point in world
                               coordinates (PhysX addForceAtPos, MuJoCo
                               mj_applyFT, Isaac Lab positions with is_global)
     frame SPCONV_FRAME_BODY   force and torque in body axes, point in body
                               coordinates, i.e. relative to the body origin
                               (Isaac Lab 3.x's local positions and ODE's
                               relative positions are from the COM: pass
                               com + position)
   torque NULL: no couple; point NULL: the COM. Through [f; tau_C] (world):
   tau_C = torque + (P - C) x force. SPCONV_EINVAL (res untouched) for an
   invalid convention or frame, or a NULL res, force, to or body. */
SPCONV_API int spconv_wrench_from_force_at_point(spconv_real res[6], const spconv_convention *to,
                                                 const spconv_real force[3],
                                                 const spconv_real torque[3],
                                                 const spconv_real point[3], spconv_frame frame,
                                                 const spconv_body *body) {
  spconv_real R[9], f[3], tau[3], P[3], C[3], rc[3], r[3];
  int i;
  if (!to || !spconv__convention_valid(to) || !res || !force || !body ||
      (frame != SPCONV_FRAME_WORLD && frame != SPCONV_FRAME_BODY))
    return SPCONV_EINVAL;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__applied_point(P, point, frame, R, body);
  spconv__applied_point(C, SPCONV__NULL, frame, R, body);
  for (i = 0; i < 3; ++i) {
    f[i] = force[i];
    tau[i] = torque ? torque[i] : SPCONV__R(0);
    rc[i] = P[i] - C[i];
  }
  if (frame == SPCONV_FRAME_BODY) { /* body axes -> world */
    spconv_real fb[3] = {f[0], f[1], f[2]}, tb[3] = {tau[0], tau[1], tau[2]};
    spconv__mat_vec(f, R, fb);
    spconv__mat_vec(tau, R, tb);
  }
  spconv__add_cross(tau, tau, rc, f);
  spconv__point_offset(r, to->point, R, body);
  spconv__wrench_from_com(tau, f, r);
  spconv__encode(res, f, tau, to, R, 0);
  return SPCONV_OK;
}

/** The force and the torque about a point that together equal `wrench`
   (stored under `from`), in `frame` (as spconv_wrench_from_force_at_point,
   whose inverse this is: the force is the wrench's force, the torque its
   moment about P: tau_P = tau_C - (P - C) x f). point NULL: the COM.
   SPCONV_EINVAL (nothing written) for an invalid convention or frame, or a
   NULL res_force, res_torque, wrench, from or body. */
SPCONV_API int spconv_force_at_point_from_wrench(spconv_real res_force[3],
                                                 spconv_real res_torque[3],
                                                 const spconv_real wrench[6],
                                                 const spconv_convention *from,
                                                 const spconv_real point[3], spconv_frame frame,
                                                 const spconv_body *body) {
  spconv_real R[9], f[3], tau[3], P[3], C[3], r[3], f_out[3], tau_out[3];
  int i;
  if (!from || !spconv__convention_valid(from) || !res_force || !res_torque || !wrench || !body ||
      (frame != SPCONV_FRAME_WORLD && frame != SPCONV_FRAME_BODY))
    return SPCONV_EINVAL;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__decode(f, tau, wrench, from, R, 0);
  spconv__point_offset(r, from->point, R, body);
  spconv__wrench_to_com(tau, f, r);
  spconv__applied_point(P, point, frame, R, body);
  spconv__applied_point(C, SPCONV__NULL, frame, R, body);
  for (i = 0; i < 3; ++i) r[i] = P[i] - C[i];
  spconv__wrench_from_com(tau, f, r);
  for (i = 0; i < 3; ++i) {
    f_out[i] = f[i];
    tau_out[i] = tau[i];
  }
  if (frame == SPCONV_FRAME_BODY) { /* world -> body axes */
    spconv__mat_t_vec(f_out, R, f);
    spconv__mat_t_vec(tau_out, R, tau);
  }
  for (i = 0; i < 3; ++i) {
    res_force[i] = f_out[i];
    res_torque[i] = tau_out[i];
  }
  return SPCONV_OK;
}

/** @} */ /* end of >>states */

#ifndef SPCONV_NO_MUJOCO
/* ================================================================== >>mujoco
   MUJOCO: free joint qvel / qfrc (and _n), c-frame cvel / cacc / cfrc */
/** @defgroup mujoco MuJoCo
    Free joint qvel / qfrc (and _n), c-frame cvel / cacc / cfrc. @{ */

/* --------------------------------------------------------------- free joint */

/* qvel = [v_O, world; w, body] (O = body origin = qpos[0:3]);
   twist = [v_C, world; w, world] (C = COM: Newton body_qd, Isaac, PhysX);
   q_wxyz = qpos[3:7] (body -> world); ipos = body_ipos, COM in body axes;
   qfrc = free-joint generalized force, power-conjugate to qvel:
          [f, world; tau about O, body];
   wrench = [f, world; tau about C, world] (xfrc_applied, Newton body_f);
   cvel = [w; v] at subtree_com of the root body, world axes (angular first). */

/** COM twist [v_C; w] (world) from free-joint qvel [v_O, world; w, body]:
   w_W = R w_B, v_C = v_O + w_W x (R ipos). */
SPCONV_API void spconv_twist_from_mujoco_qvel(spconv_real res[6], const spconv_real qvel[6],
                                              const spconv_real q_wxyz[4],
                                              const spconv_real ipos[3]) {
  spconv_real R[9], w[3], r[3], wxr[3];
  spconv__mat_from_quat(R, q_wxyz);
  spconv__mat_vec(w, R, qvel + 3);
  spconv__mat_vec(r, R, ipos);
  spconv__cross(wxr, w, r);
  res[0] = qvel[0] + wxr[0];
  res[1] = qvel[1] + wxr[1];
  res[2] = qvel[2] + wxr[2];
  res[3] = w[0];
  res[4] = w[1];
  res[5] = w[2];
}

#ifdef SPCONV__V2
/* spconv_twist_from_mujoco_qvel for bodies i, i + 1 (SPCONV__V2, >>helpers):
   qvel, res: two 6-vectors; q_wxyz: two quaternions, qs reals apart;
   ipos: two 3-vectors. res may equal qvel. stream: see
   SPCONV__BATCH_MJ_V2. */
SPCONV__V2_API void spconv__twist_from_mujoco_qvel_v2(spconv_real *res, const spconv_real *qvel,
                                                     const spconv_real *q_wxyz, size_t qs,
                                                     const spconv_real *ipos, int stream) {
  spconv__v2 x[6], q[4], p[3], R[9], w[3], r[3], wxr[3], o[6];
  spconv__v2_load6(x, qvel);
  spconv__v2_load_quat(q, q_wxyz, qs);
  spconv__v2_load3(p, ipos);
  spconv__v2_mat_from_quat(R, q);
  spconv__v2_mat_vec(w, R, x + 3);
  spconv__v2_mat_vec(r, R, p);
  spconv__v2_cross(wxr, w, r);
  o[0] = x[0] + wxr[0];
  o[1] = x[1] + wxr[1];
  o[2] = x[2] + wxr[2];
  o[3] = w[0];
  o[4] = w[1];
  o[5] = w[2];
  spconv__v2_store6(res, o, stream);
}
/* defines spconv__twist_from_mujoco_qvel_n_io and _oop */
SPCONV__BATCH_MJ_V2(twist_from_mujoco_qvel_n, spconv_twist_from_mujoco_qvel,
                    spconv__twist_from_mujoco_qvel_v2)
#else
/* defines spconv__twist_from_mujoco_qvel_n_io and _oop */
SPCONV__BATCH_MJ(twist_from_mujoco_qvel_n, spconv_twist_from_mujoco_qvel)
#endif

/* The SPCONV_ASSERT condition of the MuJoCo free-joint batches: res (6n)
   equal to or apart from x (6n), and apart from ipos (3n) and the n
   quaternions read at quat_wxyz + quat_stride * i. */
SPCONV__PRIVATE int spconv__mj_batch_ok(const spconv_real *res, const spconv_real *x,
                                        const spconv_real *quat_wxyz, size_t quat_stride,
                                        const spconv_real *ipos, size_t n) {
  const size_t quat_len = n ? quat_stride * (n - 1) + 4 : 0;
  return spconv__batch_ok(res, 6 * n, x, 6 * n, 1) &&
         spconv__batch_ok(res, 6 * n, ipos, 3 * n, 0) &&
         spconv__batch_ok(res, 6 * n, quat_wxyz, quat_len, 0);
}

/** n free bodies: COM twists (6n) from qvel (6n), quaternions (wxyz) and
   body_ipos (3n). Quaternion i at quat_wxyz + quat_stride * i, the same
   pointer as the single form's: 4 for packed quaternions, 7 for MuJoCo
   free-joint qpos rows (pass qpos + 3, 7). SPCONV_EINVAL (nothing written)
   when quat_stride < 4 (also with n = 0) or an array is NULL with n > 0. */
SPCONV_API int spconv_twist_from_mujoco_qvel_n(spconv_real *res, const spconv_real *qvel,
                                               const spconv_real *quat_wxyz, size_t quat_stride,
                                               const spconv_real *ipos, size_t n) {
  if (quat_stride < 4 || ((!res || !qvel || !quat_wxyz || !ipos) && n > 0)) return SPCONV_EINVAL;
  SPCONV_ASSERT(spconv__mj_batch_ok(res, qvel, quat_wxyz, quat_stride, ipos, n));
  SPCONV__BATCH_CALL(twist_from_mujoco_qvel_n, res, qvel, quat_wxyz, quat_stride, ipos, n);
  return SPCONV_OK;
}

/** Free-joint qvel [v_O, world; w, body] from COM twist [v_C; w] (world):
   v_O = v_C - w_W x (R ipos), w_B = R^T w_W. */
SPCONV_API void spconv_mujoco_qvel_from_twist(spconv_real res[6], const spconv_real twist[6],
                                              const spconv_real q_wxyz[4],
                                              const spconv_real ipos[3]) {
  spconv_real R[9], wb[3], r[3], wxr[3];
  spconv__mat_from_quat(R, q_wxyz);
  spconv__mat_t_vec(wb, R, twist + 3);
  spconv__mat_vec(r, R, ipos);
  spconv__cross(wxr, twist + 3, r);
  res[0] = twist[0] - wxr[0];
  res[1] = twist[1] - wxr[1];
  res[2] = twist[2] - wxr[2];
  res[3] = wb[0];
  res[4] = wb[1];
  res[5] = wb[2];
}

#ifdef SPCONV__V2
/* spconv_mujoco_qvel_from_twist for bodies i, i + 1 (layouts as above) */
SPCONV__V2_API void spconv__mujoco_qvel_from_twist_v2(spconv_real *res, const spconv_real *twist,
                                                     const spconv_real *q_wxyz, size_t qs,
                                                     const spconv_real *ipos, int stream) {
  spconv__v2 x[6], q[4], p[3], R[9], wb[3], r[3], wxr[3], o[6];
  spconv__v2_load6(x, twist);
  spconv__v2_load_quat(q, q_wxyz, qs);
  spconv__v2_load3(p, ipos);
  spconv__v2_mat_from_quat(R, q);
  spconv__v2_mat_t_vec(wb, R, x + 3);
  spconv__v2_mat_vec(r, R, p);
  spconv__v2_cross(wxr, x + 3, r);
  o[0] = x[0] - wxr[0];
  o[1] = x[1] - wxr[1];
  o[2] = x[2] - wxr[2];
  o[3] = wb[0];
  o[4] = wb[1];
  o[5] = wb[2];
  spconv__v2_store6(res, o, stream);
}
/* defines spconv__mujoco_qvel_from_twist_n_io and _oop */
SPCONV__BATCH_MJ_V2(mujoco_qvel_from_twist_n, spconv_mujoco_qvel_from_twist,
                    spconv__mujoco_qvel_from_twist_v2)
#else
/* defines spconv__mujoco_qvel_from_twist_n_io and _oop */
SPCONV__BATCH_MJ(mujoco_qvel_from_twist_n, spconv_mujoco_qvel_from_twist)
#endif

/** n free bodies: qvel (6n) from COM twists (6n), quaternions (wxyz, quaternion
   i at quat_wxyz + quat_stride * i: qpos + 3, 7 for qpos rows) and body_ipos
   (3n). SPCONV_EINVAL as spconv_twist_from_mujoco_qvel_n. */
SPCONV_API int spconv_mujoco_qvel_from_twist_n(spconv_real *res, const spconv_real *twist,
                                               const spconv_real *quat_wxyz, size_t quat_stride,
                                               const spconv_real *ipos, size_t n) {
  if (quat_stride < 4 || ((!res || !twist || !quat_wxyz || !ipos) && n > 0)) return SPCONV_EINVAL;
  SPCONV_ASSERT(spconv__mj_batch_ok(res, twist, quat_wxyz, quat_stride, ipos, n));
  SPCONV__BATCH_CALL(mujoco_qvel_from_twist_n, res, twist, quat_wxyz, quat_stride, ipos, n);
  return SPCONV_OK;
}

/** Free-joint qfrc [f, world; tau_O, body] from COM wrench [f; tau_C] (world):
   tau_O = tau_C + (R ipos) x f, then rotated to body axes by R^T.
   Equals what mj_applyFT adds for a force and torque at the COM (this
   function overwrites res); qfrc . qvel == wrench . twist. */
SPCONV_API void spconv_mujoco_qfrc_from_wrench(spconv_real res[6], const spconv_real wrench[6],
                                               const spconv_real q_wxyz[4],
                                               const spconv_real ipos[3]) {
  spconv_real R[9], r[3], rxf[3], tau[3], taub[3];
  spconv__mat_from_quat(R, q_wxyz);
  spconv__mat_vec(r, R, ipos);
  spconv__cross(rxf, r, wrench);
  tau[0] = wrench[3] + rxf[0];
  tau[1] = wrench[4] + rxf[1];
  tau[2] = wrench[5] + rxf[2];
  spconv__mat_t_vec(taub, R, tau);
  res[0] = wrench[0];
  res[1] = wrench[1];
  res[2] = wrench[2];
  res[3] = taub[0];
  res[4] = taub[1];
  res[5] = taub[2];
}

#ifdef SPCONV__V2
/* spconv_mujoco_qfrc_from_wrench for bodies i, i + 1 (layouts as above) */
SPCONV__V2_API void spconv__mujoco_qfrc_from_wrench_v2(spconv_real *res,
                                                      const spconv_real *wrench,
                                                      const spconv_real *q_wxyz, size_t qs,
                                                      const spconv_real *ipos, int stream) {
  spconv__v2 x[6], q[4], p[3], R[9], r[3], rxf[3], tau[3], o[6];
  spconv__v2_load6(x, wrench);
  spconv__v2_load_quat(q, q_wxyz, qs);
  spconv__v2_load3(p, ipos);
  spconv__v2_mat_from_quat(R, q);
  spconv__v2_mat_vec(r, R, p);
  spconv__v2_cross(rxf, r, x);
  tau[0] = x[3] + rxf[0];
  tau[1] = x[4] + rxf[1];
  tau[2] = x[5] + rxf[2];
  o[0] = x[0];
  o[1] = x[1];
  o[2] = x[2];
  spconv__v2_mat_t_vec(o + 3, R, tau);
  spconv__v2_store6(res, o, stream);
}
/* defines spconv__mujoco_qfrc_from_wrench_n_io and _oop */
SPCONV__BATCH_MJ_V2(mujoco_qfrc_from_wrench_n, spconv_mujoco_qfrc_from_wrench,
                    spconv__mujoco_qfrc_from_wrench_v2)
#else
/* defines spconv__mujoco_qfrc_from_wrench_n_io and _oop */
SPCONV__BATCH_MJ(mujoco_qfrc_from_wrench_n, spconv_mujoco_qfrc_from_wrench)
#endif

/** n free bodies: qfrc (6n) from COM wrenches (6n), quaternions (wxyz,
   quaternion i at quat_wxyz + quat_stride * i: qpos + 3, 7 for qpos rows)
   and body_ipos (3n). SPCONV_EINVAL as spconv_twist_from_mujoco_qvel_n. */
SPCONV_API int spconv_mujoco_qfrc_from_wrench_n(spconv_real *res, const spconv_real *wrench,
                                                const spconv_real *quat_wxyz, size_t quat_stride,
                                                const spconv_real *ipos, size_t n) {
  if (quat_stride < 4 || ((!res || !wrench || !quat_wxyz || !ipos) && n > 0)) return SPCONV_EINVAL;
  SPCONV_ASSERT(spconv__mj_batch_ok(res, wrench, quat_wxyz, quat_stride, ipos, n));
  SPCONV__BATCH_CALL(mujoco_qfrc_from_wrench_n, res, wrench, quat_wxyz, quat_stride, ipos, n);
  return SPCONV_OK;
}

/** COM wrench [f; tau_C] (world) from free-joint qfrc [f, world; tau_O, body]:
   tau_C = R tau_O - (R ipos) x f. */
SPCONV_API void spconv_wrench_from_mujoco_qfrc(spconv_real res[6], const spconv_real qfrc[6],
                                               const spconv_real q_wxyz[4],
                                               const spconv_real ipos[3]) {
  spconv_real R[9], r[3], rxf[3], tau[3];
  spconv__mat_from_quat(R, q_wxyz);
  spconv__mat_vec(r, R, ipos);
  spconv__mat_vec(tau, R, qfrc + 3);
  spconv__cross(rxf, r, qfrc);
  res[0] = qfrc[0];
  res[1] = qfrc[1];
  res[2] = qfrc[2];
  res[3] = tau[0] - rxf[0];
  res[4] = tau[1] - rxf[1];
  res[5] = tau[2] - rxf[2];
}

#ifdef SPCONV__V2
/* spconv_wrench_from_mujoco_qfrc for bodies i, i + 1 (layouts as above) */
SPCONV__V2_API void spconv__wrench_from_mujoco_qfrc_v2(spconv_real *res, const spconv_real *qfrc,
                                                      const spconv_real *q_wxyz, size_t qs,
                                                      const spconv_real *ipos, int stream) {
  spconv__v2 x[6], q[4], p[3], R[9], r[3], rxf[3], tau[3], o[6];
  spconv__v2_load6(x, qfrc);
  spconv__v2_load_quat(q, q_wxyz, qs);
  spconv__v2_load3(p, ipos);
  spconv__v2_mat_from_quat(R, q);
  spconv__v2_mat_vec(r, R, p);
  spconv__v2_mat_vec(tau, R, x + 3);
  spconv__v2_cross(rxf, r, x);
  o[0] = x[0];
  o[1] = x[1];
  o[2] = x[2];
  o[3] = tau[0] - rxf[0];
  o[4] = tau[1] - rxf[1];
  o[5] = tau[2] - rxf[2];
  spconv__v2_store6(res, o, stream);
}
/* defines spconv__wrench_from_mujoco_qfrc_n_io and _oop */
SPCONV__BATCH_MJ_V2(wrench_from_mujoco_qfrc_n, spconv_wrench_from_mujoco_qfrc,
                    spconv__wrench_from_mujoco_qfrc_v2)
#else
/* defines spconv__wrench_from_mujoco_qfrc_n_io and _oop */
SPCONV__BATCH_MJ(wrench_from_mujoco_qfrc_n, spconv_wrench_from_mujoco_qfrc)
#endif

/** n free bodies: COM wrenches (6n) from qfrc (6n), quaternions (wxyz,
   quaternion i at quat_wxyz + quat_stride * i: qpos + 3, 7 for qpos rows)
   and body_ipos (3n). SPCONV_EINVAL as spconv_twist_from_mujoco_qvel_n. */
SPCONV_API int spconv_wrench_from_mujoco_qfrc_n(spconv_real *res, const spconv_real *qfrc,
                                                const spconv_real *quat_wxyz, size_t quat_stride,
                                                const spconv_real *ipos, size_t n) {
  if (quat_stride < 4 || ((!res || !qfrc || !quat_wxyz || !ipos) && n > 0)) return SPCONV_EINVAL;
  SPCONV_ASSERT(spconv__mj_batch_ok(res, qfrc, quat_wxyz, quat_stride, ipos, n));
  SPCONV__BATCH_CALL(wrench_from_mujoco_qfrc_n, res, qfrc, quat_wxyz, quat_stride, ipos, n);
  return SPCONV_OK;
}

/* ----------------------------------------------- c-frame (cvel, cacc, cfrc) */

/* MuJoCo's com-based quantities of a body (mjData cvel, cacc, cfrc_int,
   cfrc_ext): angular first [ang; lin], world axes, at subtree_com of the
   body's root (d->subtree_com + 3 * m->body_rootid[b]). cvel is a twist,
   cacc a spatial acceleration (mj_objectAcceleration adds w x v), cfrc_*
   wrenches [tau about subtree_com; f]. After mj_rnePostConstraint, cacc
   includes MuJoCo's gravity offset (the world's cacc is [0; -gravity]): the
   kinematic acceleration is the result plus gravity on the linear part. */

/** Twist [v_P; w] (world) of a body at world point P (e.g. xipos for the
   COM, xpos for the origin) from its cvel [w; v] (world, at subtree_com =
   d->subtree_com of the body's root): v_P = v + w x (P - subtree_com). */
SPCONV_API void spconv_twist_from_mujoco_cvel(spconv_real res[6], const spconv_real cvel[6],
                                              const spconv_real point[3],
                                              const spconv_real subtree_com[3]) {
  spconv_real r[3], twist[6];
  r[0] = point[0] - subtree_com[0];
  r[1] = point[1] - subtree_com[1];
  r[2] = point[2] - subtree_com[2];
  spconv_spatial_swap(twist, cvel);
  spconv_twist_shift(res, twist, r);
}

/* canonical [v_C; w] (world) from cvel [w; v_S] at S = subtree_com:
   spconv_twist_from_mujoco_cvel at the COM C = pos + R com */
SPCONV__PRIVATE void spconv__cframe_twist(spconv_real v[3], spconv_real w[3],
                                     const spconv_real cvel[6], const spconv_real s[3],
                                     const spconv_real R[9], const spconv_body *body) {
  spconv_real c[3], t[6];
  int i;
  spconv__mat_vec(c, R, body->com);
  for (i = 0; i < 3; ++i) c[i] += body->pos[i];
  spconv_twist_from_mujoco_cvel(t, cvel, c, s);
  for (i = 0; i < 3; ++i) {
    v[i] = t[i];
    w[i] = t[3 + i];
  }
}

/* S - C in world axes */
SPCONV__PRIVATE void spconv__cframe_offset(spconv_real r[3], const spconv_real s[3],
                                      const spconv_real R[9], const spconv_body *body) {
  spconv_real rc[3];
  int i;
  spconv__mat_vec(rc, R, body->com);
  for (i = 0; i < 3; ++i) r[i] = s[i] - (body->pos[i] + rc[i]);
}

/** Twist under `to` from MuJoCo cvel [w; v] (world, at subtree_com):
   v_P = v_S + w x (P - S). With to = NEWTON and the COM this is
   spconv_twist_from_mujoco_cvel. SPCONV_EINVAL for an invalid descriptor. */
SPCONV_API int spconv_twist_from_mujoco_cframe(spconv_real res[6], const spconv_convention *to,
                                               const spconv_real cvel[6],
                                               const spconv_real subtree_com[3],
                                               const spconv_body *body) {
  spconv_real R[9], v[3], w[3], r[3];
  if (!spconv__convention_valid(to) || !body || !res || !cvel || !subtree_com)
    return SPCONV_EINVAL;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__cframe_twist(v, w, cvel, subtree_com, R, body);
  spconv__point_offset(r, to->point, R, body);
  spconv__twist_from_com(v, w, r);
  spconv__encode(res, v, w, to, R, 1);
  return SPCONV_OK;
}

/** MuJoCo cvel-layout twist [w; v_S] (world, at subtree_com S) from a twist
   under `from`. SPCONV_EINVAL for an invalid descriptor. */
SPCONV_API int spconv_mujoco_cframe_from_twist(spconv_real res[6],
                                               const spconv_real subtree_com[3],
                                               const spconv_real twist[6],
                                               const spconv_convention *from,
                                               const spconv_body *body) {
  spconv_real R[9], v[3], w[3], r[3];
  int i;
  if (!spconv__convention_valid(from) || !body || !res || !twist || !subtree_com)
    return SPCONV_EINVAL;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__cframe_offset(r, subtree_com, R, body);
  spconv__twist_canonical(v, w, twist, from, R, body);
  spconv__twist_from_com(v, w, r);
  for (i = 0; i < 3; ++i) {
    res[i] = w[i];
    res[3 + i] = v[i];
  }
  return SPCONV_OK;
}

/** Wrench under `to` from MuJoCo cfrc_int / cfrc_ext [tau_S; f] (world, about
   subtree_com S): tau_P = tau_S - (P - S) x f. */
SPCONV_API int spconv_wrench_from_mujoco_cframe(spconv_real res[6],
                                                const spconv_convention *to,
                                                const spconv_real cfrc[6],
                                                const spconv_real subtree_com[3],
                                                const spconv_body *body) {
  spconv_real R[9], f[3], tau[3], r[3];
  int i;
  if (!spconv__convention_valid(to) || !body || !res || !cfrc || !subtree_com)
    return SPCONV_EINVAL;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__cframe_offset(r, subtree_com, R, body);
  for (i = 0; i < 3; ++i) {
    tau[i] = cfrc[i];
    f[i] = cfrc[3 + i];
  }
  spconv__wrench_to_com(tau, f, r);
  spconv__point_offset(r, to->point, R, body);
  spconv__wrench_from_com(tau, f, r);
  spconv__encode(res, f, tau, to, R, 0);
  return SPCONV_OK;
}

/** MuJoCo cfrc-layout wrench [tau_S; f] (world, about subtree_com S) from a
   wrench under `from`. */
SPCONV_API int spconv_mujoco_cframe_from_wrench(spconv_real res[6],
                                                const spconv_real subtree_com[3],
                                                const spconv_real wrench[6],
                                                const spconv_convention *from,
                                                const spconv_body *body) {
  spconv_real R[9], f[3], tau[3], r[3], s[3];
  int i;
  if (!spconv__convention_valid(from) || !body || !res || !wrench || !subtree_com)
    return SPCONV_EINVAL;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__cframe_offset(s, subtree_com, R, body);
  spconv__decode(f, tau, wrench, from, R, 0);
  spconv__point_offset(r, from->point, R, body);
  spconv__wrench_to_com(tau, f, r);
  spconv__wrench_from_com(tau, f, s);
  for (i = 0; i < 3; ++i) {
    res[i] = tau[i];
    res[3 + i] = f[i];
  }
  return SPCONV_OK;
}

/** Acceleration under `to` from MuJoCo cacc [alpha; a_sp] (spatial, world, at
   subtree_com S) and cvel [w; v_S]: a_sp shifts to C like a twist, then
   a_C = a_sp_C + w x v_C. See the gravity note above. */
SPCONV_API int spconv_accel_from_mujoco_cframe(spconv_real res[6],
                                               const spconv_convention *to,
                                               const spconv_real cacc[6],
                                               const spconv_real cvel[6],
                                               const spconv_real subtree_com[3],
                                               const spconv_body *body) {
  spconv_real R[9], v[3], w[3], a[3], alpha[3], r[3];
  int i;
  if (!spconv__convention_valid(to) || !body || !res || !cacc || !cvel || !subtree_com)
    return SPCONV_EINVAL;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__cframe_twist(v, w, cvel, subtree_com, R, body);
  spconv__cframe_offset(r, subtree_com, R, body); /* S - C */
  for (i = 0; i < 3; ++i) {
    alpha[i] = cacc[i];
    a[i] = cacc[3 + i];
  }
  spconv__twist_to_com(a, alpha, r); /* spatial shift S -> C */
  spconv__add_cross(a, a, w, v);     /* classical a_C */
  spconv__accel_store(res, to, a, alpha, v, w, R, body);
  return SPCONV_OK;
}

/** MuJoCo cacc-layout spatial acceleration [alpha; a_sp] (world, at
   subtree_com S) from an acceleration under `from` and the twist under
   `from`. */
SPCONV_API int spconv_mujoco_cframe_from_accel(spconv_real res[6],
                                               const spconv_real subtree_com[3],
                                               const spconv_real accel[6],
                                               const spconv_convention *from,
                                               const spconv_real twist[6],
                                               const spconv_body *body) {
  spconv_real R[9], v[3], w[3], a[3], alpha[3], s[3], wv[3];
  int i;
  if (!spconv__convention_valid(from) || !body || !res || !accel || !twist || !subtree_com)
    return SPCONV_EINVAL;
  spconv__mat_from_quat(R, body->quat_wxyz);
  spconv__cframe_offset(s, subtree_com, R, body);
  spconv__twist_canonical(v, w, twist, from, R, body);
  spconv__accel_canonical(a, alpha, accel, from, v, w, R, body);
  spconv__cross(wv, w, v); /* spatial at C, then shifted to S like a twist */
  for (i = 0; i < 3; ++i) a[i] -= wv[i];
  spconv__twist_from_com(a, alpha, s);
  for (i = 0; i < 3; ++i) {
    res[i] = alpha[i];
    res[3 + i] = a[i];
  }
  return SPCONV_OK;
}

/** @} */ /* end of >>mujoco */
#endif /* !SPCONV_NO_MUJOCO */

#ifndef SPCONV_NO_SAP
/* ===================================================================== >>sap
   SAP: the SAP solver boundary (and _n), P_v and P_f */
/** @defgroup sap SAP solver boundary
    The SAP solver boundary (and _n), P_v and P_f. @{ */
/* r_oc = C - O: body origin O to COM C, world axes (r_oc = R com_body).
   public twist [v_C; w], sap twist [w; v_O]        (u_sap = P_v u_public)
   public wrench [f; tau_C], sap wrench [tau_O; f]  (g_sap = P_f g_public)
   P_v = [0 I; I [r]x], P_f = [[r]x I; I 0] = P_v^-T, so g_sap.u_sap ==
   g_public.u_public. Body forces enter SAP's residual negated: -P_f F. */

/* The six conversions below are straight-line: every input is read into a
   local before res is written (so res may alias any input), and no
   temporary 6-vector is stored and reloaded, so the batch loops over them
   vectorise and the body-force forms cost no more than the wrench forms. */

/** sap twist [w; v_O] from public twist [v_C; w]: v_O = v_C + r_oc x w.
   Straight-line on purpose (not a shift plus a swap): see the section note. */
SPCONV_API void spconv_sap_twist_from_public(spconv_real res[6], const spconv_real u_public[6],
                                             const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real w0 = u_public[3], w1 = u_public[4], w2 = u_public[5];
  spconv_real v0 = u_public[0] + (r1 * w2 - r2 * w1);
  spconv_real v1 = u_public[1] + (r2 * w0 - r0 * w2);
  spconv_real v2 = u_public[2] + (r0 * w1 - r1 * w0);
  res[0] = w0;
  res[1] = w1;
  res[2] = w2;
  res[3] = v0;
  res[4] = v1;
  res[5] = v2;
}

/* defines spconv__sap_twist_from_public_n_io and _oop */
SPCONV__BATCH1(sap_twist_from_public_n, spconv_sap_twist_from_public, 6, 3)

/** n bodies: sap twists [w; v_O] from public twists [v_C; w] (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_sap_twist_from_public_n(spconv_real *res, const spconv_real *u_public,
                                               const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(sap_twist_from_public_n, res, u_public, r_oc, n);
}

/** public twist [v_C; w] from sap twist [w; v_O]: v_C = v_O + w x r_oc.
   Straight-line on purpose (not a shift plus a swap): see the section note. */
SPCONV_API void spconv_public_twist_from_sap(spconv_real res[6], const spconv_real u_sap[6],
                                             const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real w0 = u_sap[0], w1 = u_sap[1], w2 = u_sap[2];
  spconv_real v0 = u_sap[3] + (w1 * r2 - w2 * r1);
  spconv_real v1 = u_sap[4] + (w2 * r0 - w0 * r2);
  spconv_real v2 = u_sap[5] + (w0 * r1 - w1 * r0);
  res[0] = v0;
  res[1] = v1;
  res[2] = v2;
  res[3] = w0;
  res[4] = w1;
  res[5] = w2;
}

/* defines spconv__public_twist_from_sap_n_io and _oop */
SPCONV__BATCH1(public_twist_from_sap_n, spconv_public_twist_from_sap, 6, 3)

/** n bodies: public twists [v_C; w] from sap twists [w; v_O] (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_public_twist_from_sap_n(spconv_real *res, const spconv_real *u_sap,
                                               const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(public_twist_from_sap_n, res, u_sap, r_oc, n);
}

/** sap wrench [tau_O; f] from public wrench [f; tau_C]: tau_O = tau_C + r_oc x f.
   Straight-line on purpose (not a shift plus a swap): see the section note. */
SPCONV_API void spconv_sap_wrench_from_public(spconv_real res[6], const spconv_real g_public[6],
                                              const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real f0 = g_public[0], f1 = g_public[1], f2 = g_public[2];
  spconv_real t0 = g_public[3] + (r1 * f2 - r2 * f1);
  spconv_real t1 = g_public[4] + (r2 * f0 - r0 * f2);
  spconv_real t2 = g_public[5] + (r0 * f1 - r1 * f0);
  res[0] = t0;
  res[1] = t1;
  res[2] = t2;
  res[3] = f0;
  res[4] = f1;
  res[5] = f2;
}

/* defines spconv__sap_wrench_from_public_n_io and _oop */
SPCONV__BATCH1(sap_wrench_from_public_n, spconv_sap_wrench_from_public, 6, 3)

/** n bodies: sap wrenches [tau_O; f] from public wrenches [f; tau_C] (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_sap_wrench_from_public_n(spconv_real *res, const spconv_real *g_public,
                                                const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(sap_wrench_from_public_n, res, g_public, r_oc, n);
}

/** public wrench [f; tau_C] from sap wrench [tau_O; f]: tau_C = tau_O - r_oc x f.
   Straight-line on purpose (not a shift plus a swap): see the section note. */
SPCONV_API void spconv_public_wrench_from_sap(spconv_real res[6], const spconv_real g_sap[6],
                                              const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real f0 = g_sap[3], f1 = g_sap[4], f2 = g_sap[5];
  spconv_real t0 = g_sap[0] - (r1 * f2 - r2 * f1);
  spconv_real t1 = g_sap[1] - (r2 * f0 - r0 * f2);
  spconv_real t2 = g_sap[2] - (r0 * f1 - r1 * f0);
  res[0] = f0;
  res[1] = f1;
  res[2] = f2;
  res[3] = t0;
  res[4] = t1;
  res[5] = t2;
}

/* defines spconv__public_wrench_from_sap_n_io and _oop */
SPCONV__BATCH1(public_wrench_from_sap_n, spconv_public_wrench_from_sap, 6, 3)

/** n bodies: public wrenches [f; tau_C] from sap wrenches [tau_O; f] (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_public_wrench_from_sap_n(spconv_real *res, const spconv_real *g_sap,
                                                const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(public_wrench_from_sap_n, res, g_sap, r_oc, n);
}

/** SAP internal body-force residual from a public body wrench [f; tau_C]:
   res = -P_f f_public = [-(tau_C + r_oc x f); -f] (negation fused).
   Straight-line on purpose (not a shift plus a swap): see the section note. */
SPCONV_API void spconv_sap_body_force_from_public(spconv_real res[6],
                                                  const spconv_real f_public[6],
                                                  const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real f0 = f_public[0], f1 = f_public[1], f2 = f_public[2];
  spconv_real t0 = (r2 * f1 - r1 * f2) - f_public[3];
  spconv_real t1 = (r0 * f2 - r2 * f0) - f_public[4];
  spconv_real t2 = (r1 * f0 - r0 * f1) - f_public[5];
  res[0] = t0;
  res[1] = t1;
  res[2] = t2;
  res[3] = -f0;
  res[4] = -f1;
  res[5] = -f2;
}

/* defines spconv__sap_body_force_from_public_n_io and _oop */
SPCONV__BATCH1(sap_body_force_from_public_n, spconv_sap_body_force_from_public, 6, 3)

/** n bodies: SAP body-force residuals -P_f F from public body wrenches (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_sap_body_force_from_public_n(spconv_real *res, const spconv_real *f_public,
                                                    const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(sap_body_force_from_public_n, res, f_public, r_oc, n);
}

/** Public body wrench [f; tau_C] from SAP's internal residual [a; b] =
   [-tau_O; -f]: res = -P_f^-1 f_sap = [-b; r_oc x b - a] (negation fused).
   Straight-line on purpose (not a shift plus a swap): see the section note. */
SPCONV_API void spconv_public_body_force_from_sap(spconv_real res[6],
                                                  const spconv_real f_sap[6],
                                                  const spconv_real r_oc[3]) {
  spconv_real r0 = r_oc[0], r1 = r_oc[1], r2 = r_oc[2];
  spconv_real b0 = f_sap[3], b1 = f_sap[4], b2 = f_sap[5];
  spconv_real t0 = (r1 * b2 - r2 * b1) - f_sap[0];
  spconv_real t1 = (r2 * b0 - r0 * b2) - f_sap[1];
  spconv_real t2 = (r0 * b1 - r1 * b0) - f_sap[2];
  res[0] = -b0;
  res[1] = -b1;
  res[2] = -b2;
  res[3] = t0;
  res[4] = t1;
  res[5] = t2;
}

/* defines spconv__public_body_force_from_sap_n_io and _oop */
SPCONV__BATCH1(public_body_force_from_sap_n, spconv_public_body_force_from_sap, 6, 3)

/** n bodies: public body wrenches from SAP body-force residuals (6n);
   r_oc = C - O per body (3n), world axes. */
SPCONV_API void spconv_public_body_force_from_sap_n(spconv_real *res, const spconv_real *f_sap,
                                                    const spconv_real *r_oc, size_t n) {
  SPCONV__BATCH_CALL(public_body_force_from_sap_n, res, f_sap, r_oc, n);
}

/* res = P_v (wrench = 0) or P_f (wrench = 1) for r_oc (row-major 6x6) */
SPCONV__PRIVATE void spconv__sap_matrix(spconv_real res[36], const spconv_real r_oc[3], int wrench) {
  spconv_real r[3]; /* copied first: res may alias r_oc */
  int i;
  r[0] = r_oc[0];
  r[1] = r_oc[1];
  r[2] = r_oc[2];
  for (i = 0; i < 36; ++i) res[i] = SPCONV__R(0);
  spconv__block_identity(res, 0, 1);
  spconv__block_identity(res, 1, 0);
  if (wrench) spconv__block_skew(res, 0, 0, r);
  else spconv__block_skew(res, 1, 1, r);
}

/** P_v = [0 I; I [r_oc]x] (row-major 6x6): u_sap = P_v u_public. */
SPCONV_API void spconv_sap_twist_matrix(spconv_real res[36], const spconv_real r_oc[3]) {
  spconv__sap_matrix(res, r_oc, 0);
}

/** P_f = [[r_oc]x I; I 0] = P_v^-T (row-major 6x6): g_sap = P_f g_public. */
SPCONV_API void spconv_sap_wrench_matrix(spconv_real res[36], const spconv_real r_oc[3]) {
  spconv__sap_matrix(res, r_oc, 1);
}

/** @} */ /* end of >>sap */
#endif /* !SPCONV_NO_SAP */

/* ================================================================== >>arrays
   PACKED JOINT ARRAYS AND PERMUTATIONS: Newton / Warp joint_q, joint_qd,
   joint_f, body_f; joint-order maps */
/** @defgroup arrays Packed joint arrays and permutations
    Newton / Warp joint_q, joint_qd, joint_f, body_f; joint-order maps. @{ */

/* ------------------------------------------------------------- joint arrays */

/* spconv_joint_q_size of a joint type read from an int array (any int) */
SPCONV__PRIVATE int spconv__joint_q_size(int joint_type, int lin_axes, int ang_axes) {
  switch (joint_type) {
    case SPCONV_JOINT_PRISMATIC:
    case SPCONV_JOINT_REVOLUTE: return 1;
    case SPCONV_JOINT_BALL: return 4;
    case SPCONV_JOINT_FIXED: return 0;
    case SPCONV_JOINT_FREE:
    case SPCONV_JOINT_DISTANCE: return 7;
    case SPCONV_JOINT_D6:
      if (lin_axes < 0 || lin_axes > 3 || ang_axes < 0 || ang_axes > 3) return SPCONV_EINVAL;
      return lin_axes + ang_axes;
    default: return SPCONV_EINVAL;
  }
}

/* spconv_joint_qd_size of a joint type read from an int array (any int) */
SPCONV__PRIVATE int spconv__joint_qd_size(int joint_type, int lin_axes, int ang_axes) {
  switch (joint_type) {
    case SPCONV_JOINT_BALL: return 3;
    case SPCONV_JOINT_FREE:
    case SPCONV_JOINT_DISTANCE: return 6;
    default: return spconv__joint_q_size(joint_type, lin_axes, ang_axes);
  }
}

/** Number of joint_q scalars of a joint of type joint_type; lin_axes and
   ang_axes (0..3 each) are read for D6 only. SPCONV_EINVAL for an unknown
   type or axis count. */
SPCONV_API int spconv_joint_q_size(spconv_joint_type joint_type, int lin_axes, int ang_axes) {
  return spconv__joint_q_size(SPCONV__CAST(int, joint_type), lin_axes, ang_axes);
}

/** Number of joint_qd (and joint_f) scalars; as spconv_joint_q_size. */
SPCONV_API int spconv_joint_qd_size(spconv_joint_type joint_type, int lin_axes, int ang_axes) {
  return spconv__joint_qd_size(SPCONV__CAST(int, joint_type), lin_axes, ang_axes);
}

/* SPCONV_OK when the layout is consistent: types known, both start arrays
   start at 0 and never decrease, every segment has its type's size (D6:
   equal q and qd sizes, at most 6); with need_child, every child body in
   [0, body_count). SPCONV_EINVAL otherwise. */
SPCONV__PRIVATE int spconv__joint_layout_check(const spconv_joint_layout *L, int need_child) {
  int j;
  if (!L || L->joint_count < 0 || !L->joint_type || !L->joint_q_start || !L->joint_qd_start)
    return SPCONV_EINVAL;
  if (need_child && (!L->joint_child || L->body_count < 0)) return SPCONV_EINVAL;
  if (L->joint_q_start[0] != 0 || L->joint_qd_start[0] != 0) return SPCONV_EINVAL;
  for (j = 0; j < L->joint_count; ++j) {
    int t = L->joint_type[j], nq, nd;
    /* compared before subtracting: starts are >= 0 from here on, so the
       differences below cannot overflow */
    if (L->joint_q_start[j + 1] < L->joint_q_start[j] ||
        L->joint_qd_start[j + 1] < L->joint_qd_start[j])
      return SPCONV_EINVAL;
    nq = L->joint_q_start[j + 1] - L->joint_q_start[j];
    nd = L->joint_qd_start[j + 1] - L->joint_qd_start[j];
    if (t == SPCONV_JOINT_D6) {
      if (nq != nd || nq > 6) return SPCONV_EINVAL;
    } else if (spconv__joint_q_size(t, 0, 0) != nq || spconv__joint_qd_size(t, 0, 0) != nd) {
      return SPCONV_EINVAL; /* also an unknown type (size SPCONV_EINVAL < 0) */
    }
    if (need_child && (L->joint_child[j] < 0 || L->joint_child[j] >= L->body_count))
      return SPCONV_EINVAL;
  }
  return SPCONV_OK;
}

/** SPCONV_OK when L describes a consistent layout (see above; the child
   bodies are not checked), SPCONV_EINVAL otherwise. */
SPCONV_API int spconv_joint_layout_check(const spconv_joint_layout *L) {
  return spconv__joint_layout_check(L, 0);
}

/* whole joint_q: quaternion storage changed for ball (offset 0) and free /
   distance (offset 3) joints, everything else copied */
SPCONV__PRIVATE int spconv__joint_q_reorder(spconv_real *res, const spconv_real *joint_q,
                                       const spconv_joint_layout *L, int to_wxyz) {
  int j, i;
  if (spconv__joint_layout_check(L, 0) != SPCONV_OK) return SPCONV_EINVAL;
  if (L->joint_q_start[L->joint_count] == 0) return SPCONV_OK; /* nothing to move: NULL is fine */
  if (!res || !joint_q) return SPCONV_EINVAL;
  for (j = 0; j < L->joint_count; ++j) {
    int t = L->joint_type[j], s = L->joint_q_start[j], e = L->joint_q_start[j + 1];
    int qo = t == SPCONV_JOINT_BALL ? s
             : (t == SPCONV_JOINT_FREE || t == SPCONV_JOINT_DISTANCE) ? s + 3
                                                                     : -1;
    if (res != joint_q)
      for (i = s; i < e; ++i) res[i] = joint_q[i];
    if (qo >= 0) {
      if (to_wxyz) spconv_quat_wxyz_from_xyzw(res + qo, joint_q + qo);
      else spconv_quat_xyzw_from_wxyz(res + qo, joint_q + qo);
    }
  }
  return SPCONV_OK;
}

/** Whole joint_q (joint_q_start[joint_count] reals) with Warp's xyzw
   quaternions -> MuJoCo's wxyz (ball, free, distance joints; every other
   scalar copied unchanged). res may equal joint_q. SPCONV_EINVAL (res
   untouched) for an inconsistent layout or a NULL array with
   joint_q_start[joint_count] > 0. */
SPCONV_API int spconv_joint_q_wxyz_from_xyzw(spconv_real *res, const spconv_real *joint_q,
                                             const spconv_joint_layout *L) {
  return spconv__joint_q_reorder(res, joint_q, L, 1);
}

/** Whole joint_q with wxyz quaternions -> Warp's xyzw; as above. */
SPCONV_API int spconv_joint_q_xyzw_from_wxyz(spconv_real *res, const spconv_real *joint_q,
                                             const spconv_joint_layout *L) {
  return spconv__joint_q_reorder(res, joint_q, L, 0);
}

#ifndef SPCONV_NO_SAP
/* --------------------------------------- the SAP boundary over whole arrays */

/* r_oc = R(q_xyzw of body b) com_b: origin -> COM of body b, world axes */
SPCONV__PRIVATE void spconv__body_r_oc(spconv_real r[3], const spconv_real *body_q,
                                  const spconv_real *body_com, size_t b) {
  spconv_quat_rotate_xyzw(r, body_q + 7 * b + 3, body_com + 3 * b);
}

/* kinds of SAP boundary maps over packed arrays */
#define SPCONV__SAP_TWIST_IN 0
#define SPCONV__SAP_TWIST_OUT 1
#define SPCONV__SAP_WRENCH_IN 2
#define SPCONV__SAP_WRENCH_OUT 3

/* joint_qd / joint_f over the whole array: free and distance segments
   mapped with the child body's r_oc, all others copied (bit-identical). */
SPCONV__PRIVATE int spconv__sap_joint_map(spconv_real *res, const spconv_real *x,
                                     const spconv_joint_layout *L, const spconv_real *body_q,
                                     const spconv_real *body_com, int kind) {
  int j, i;
  if (spconv__joint_layout_check(L, 1) != SPCONV_OK ||
      ((!res || !x) && L->joint_qd_start[L->joint_count] > 0) ||
      ((!body_q || !body_com) && L->body_count > 0))
    return SPCONV_EINVAL;
  for (j = 0; j < L->joint_count; ++j) {
    int t = L->joint_type[j], s = L->joint_qd_start[j], e = L->joint_qd_start[j + 1];
    if (t == SPCONV_JOINT_FREE || t == SPCONV_JOINT_DISTANCE) {
      spconv_real r[3];
      spconv__body_r_oc(r, body_q, body_com, SPCONV__CAST(size_t, L->joint_child[j]));
      switch (kind) {
        case SPCONV__SAP_TWIST_IN: spconv_sap_twist_from_public(res + s, x + s, r); break;
        case SPCONV__SAP_TWIST_OUT: spconv_public_twist_from_sap(res + s, x + s, r); break;
        case SPCONV__SAP_WRENCH_IN: spconv_sap_wrench_from_public(res + s, x + s, r); break;
        default: spconv_public_wrench_from_sap(res + s, x + s, r); break;
      }
    } else if (res != x) {
      for (i = s; i < e; ++i) res[i] = x[i];
    }
  }
  return SPCONV_OK;
}

/** Whole joint_qd, public -> sap (P_v on free and distance joints: [v_C; w]
   -> [w; v_O], r_oc of the joint's child body from body_q and body_com);
   every other segment is copied bit for bit. res may equal joint_qd.
   SPCONV_EINVAL (res untouched) for an inconsistent layout or child, a
   NULL res or joint_qd with joint_qd_start[joint_count] > 0, a NULL body_q
   or body_com with body_count > 0. */
SPCONV_API int spconv_sap_joint_qd_from_public(spconv_real *res, const spconv_real *joint_qd,
                                               const spconv_joint_layout *L,
                                               const spconv_real *body_q,
                                               const spconv_real *body_com) {
  return spconv__sap_joint_map(res, joint_qd, L, body_q, body_com, SPCONV__SAP_TWIST_IN);
}

/** Whole joint_qd, sap -> public (P_v^-1 on free and distance joints). */
SPCONV_API int spconv_public_joint_qd_from_sap(spconv_real *res, const spconv_real *joint_qd,
                                               const spconv_joint_layout *L,
                                               const spconv_real *body_q,
                                               const spconv_real *body_com) {
  return spconv__sap_joint_map(res, joint_qd, L, body_q, body_com, SPCONV__SAP_TWIST_OUT);
}

/** Whole joint_f, public -> sap (P_f on free and distance joints: [f; tau_C]
   -> [tau_O; f]); as spconv_sap_joint_qd_from_public. */
SPCONV_API int spconv_sap_joint_f_from_public(spconv_real *res, const spconv_real *joint_f,
                                              const spconv_joint_layout *L,
                                              const spconv_real *body_q,
                                              const spconv_real *body_com) {
  return spconv__sap_joint_map(res, joint_f, L, body_q, body_com, SPCONV__SAP_WRENCH_IN);
}

/** Whole joint_f, sap -> public (P_f^-1 on free and distance joints). */
SPCONV_API int spconv_public_joint_f_from_sap(spconv_real *res, const spconv_real *joint_f,
                                              const spconv_joint_layout *L,
                                              const spconv_real *body_q,
                                              const spconv_real *body_com) {
  return spconv__sap_joint_map(res, joint_f, L, body_q, body_com, SPCONV__SAP_WRENCH_OUT);
}

/* every body wrench of body_f (6 per body): public -> SAP's residual
   (to_sap) or back, with r_oc of each body from body_q and body_com */
SPCONV__PRIVATE int spconv__sap_body_force_packed(spconv_real *res, const spconv_real *body_f,
                                             const spconv_real *body_q,
                                             const spconv_real *body_com, size_t body_count,
                                             int to_sap) {
  size_t b;
  if ((!res || !body_f || !body_q || !body_com) && body_count > 0) return SPCONV_EINVAL;
  for (b = 0; b < body_count; ++b) {
    spconv_real r[3];
    spconv__body_r_oc(r, body_q, body_com, b);
    if (to_sap) spconv_sap_body_force_from_public(res + 6 * b, body_f + 6 * b, r);
    else spconv_public_body_force_from_sap(res + 6 * b, body_f + 6 * b, r);
  }
  return SPCONV_OK;
}

/** All body_count body wrenches (6 reals each) of Newton's packed body_f,
   public [f; tau_C] -> SAP's internal residual -P_f F
   (spconv_sap_body_force_from_public per body, r_oc from body_q [p; q_xyzw]
   and body_com). res may equal body_f. SPCONV_EINVAL (res untouched) for a
   NULL pointer with body_count > 0. */
SPCONV_API int spconv_sap_body_force_from_public_packed(spconv_real *res,
                                                        const spconv_real *body_f,
                                                        const spconv_real *body_q,
                                                        const spconv_real *body_com,
                                                        size_t body_count) {
  return spconv__sap_body_force_packed(res, body_f, body_q, body_com, body_count, 1);
}

/** All body wrenches, SAP's internal residual -> public [f; tau_C]; as
   spconv_sap_body_force_from_public_packed. */
SPCONV_API int spconv_public_body_force_from_sap_packed(spconv_real *res,
                                                        const spconv_real *body_f,
                                                        const spconv_real *body_q,
                                                        const spconv_real *body_com,
                                                        size_t body_count) {
  return spconv__sap_body_force_packed(res, body_f, body_q, body_com, body_count, 0);
}

SPCONV__PRIVATE int spconv__sap_order_valid(spconv_sap_order order) {
  return order == SPCONV_SAP_ORDER_PUBLIC || order == SPCONV_SAP_ORDER_SAP;
}

/** Steps 1-3 of SAP Warp's solver boundary, in place: joint_qd with P_v if
   joint_qd_order is PUBLIC, joint_f with P_f if joint_f_order is PUBLIC,
   body_f (body_count wrenches) with -P_f if body_f_order is PUBLIC; a
   buffer whose flag is SAP, or that is NULL, is left alone. Positions
   (joint_q) have no flag. Everything is checked before anything is
   written: SPCONV_EINVAL (all buffers untouched) for a bad layout, child,
   flag or a NULL body_q / body_com with body_count > 0. */
SPCONV_API int spconv_sap_boundary_in(spconv_real *joint_qd, spconv_real *joint_f,
                                      spconv_real *body_f, const spconv_joint_layout *L,
                                      const spconv_real *body_q, const spconv_real *body_com,
                                      spconv_sap_order joint_qd_order,
                                      spconv_sap_order joint_f_order,
                                      spconv_sap_order body_f_order) {
  if (!L || spconv__joint_layout_check(L, 1) != SPCONV_OK) return SPCONV_EINVAL;
  if ((!body_q || !body_com) && L->body_count > 0) return SPCONV_EINVAL;
  if (!spconv__sap_order_valid(joint_qd_order) || !spconv__sap_order_valid(joint_f_order) ||
      !spconv__sap_order_valid(body_f_order))
    return SPCONV_EINVAL;
  if (joint_qd && joint_qd_order == SPCONV_SAP_ORDER_PUBLIC)
    spconv__sap_joint_map(joint_qd, joint_qd, L, body_q, body_com, SPCONV__SAP_TWIST_IN);
  if (joint_f && joint_f_order == SPCONV_SAP_ORDER_PUBLIC)
    spconv__sap_joint_map(joint_f, joint_f, L, body_q, body_com, SPCONV__SAP_WRENCH_IN);
  if (body_f && body_f_order == SPCONV_SAP_ORDER_PUBLIC)
    return spconv_sap_body_force_from_public_packed(body_f, body_f, body_q, body_com,
                                                    SPCONV__CAST(size_t, L->body_count));
  return SPCONV_OK;
}

/** Step 5 of the boundary, in place: the solved joint_qd back to public with
   P_v^-1 when joint_qd_order (state_out's flag) is PUBLIC; body_q is the
   pose the velocities belong to. SPCONV_EINVAL (untouched) as above, and
   for a NULL joint_qd with joint_qd_start[joint_count] > 0. */
SPCONV_API int spconv_sap_boundary_out(spconv_real *joint_qd, const spconv_joint_layout *L,
                                       const spconv_real *body_q, const spconv_real *body_com,
                                       spconv_sap_order joint_qd_order) {
  if (spconv__joint_layout_check(L, 1) != SPCONV_OK ||
      ((!body_q || !body_com) && L->body_count > 0) ||
      (!joint_qd && L->joint_qd_start[L->joint_count] > 0))
    return SPCONV_EINVAL;
  if (!spconv__sap_order_valid(joint_qd_order)) return SPCONV_EINVAL;
  if (joint_qd_order == SPCONV_SAP_ORDER_PUBLIC && joint_qd)  /* NULL: nothing to move */
    spconv__sap_joint_map(joint_qd, joint_qd, L, body_q, body_com, SPCONV__SAP_TWIST_OUT);
  return SPCONV_OK;
}

#endif /* !SPCONV_NO_SAP */

/* ------------------------------------------------------------- permutations */

/* perm[i] = the index in the source order of item i of the target order
   (gather: isaac[i] = mujoco[perm[i]]; SONIC's G1_MUJOCO_TO_ISAACLAB_DOF
   used as isaaclab = mujoco[..., map]). Validate a map with
   spconv_perm_check, invert it with spconv_perm_inverse. */

/* Bytes of the bitset that spconv_perm_check keeps on the stack: 512 marks
   4,096 entries, so permutations up to that length are checked in one pass;
   a longer one takes one pass per 4,096 entries (100,000 entries: 25 passes,
   about a millisecond). spconv_perm_check_scratch takes the bitset from the
   caller and checks any length in one pass. */
#ifndef SPCONV_PERM_CHECK_STACK_BYTES
#  define SPCONV_PERM_CHECK_STACK_BYTES 512
#endif
#if SPCONV_PERM_CHECK_STACK_BYTES < 1
#  error "SPCONV_PERM_CHECK_STACK_BYTES must be at least 1"
#endif

/* 1 when the values of perm in lo .. lo + 8 * bytes - 1 are all different:
   marks (bytes of them, cleared here) has one bit per value of the window.
   The values are known to be in 0..n-1. */
SPCONV__PRIVATE int spconv__perm_window_distinct(const int *perm, size_t n, size_t lo,
                                                 unsigned char *marks, size_t bytes) {
  size_t i, bits = 8 * bytes;
  for (i = 0; i < bytes; ++i) marks[i] = 0;
  for (i = 0; i < n; ++i) {
    size_t v = SPCONV__CAST(size_t, perm[i]) - lo; /* wraps past bits below lo */
    unsigned char bit;
    if (v >= bits) continue;
    bit = SPCONV__CAST(unsigned char, 1u << (v % 8));
    if (marks[v / 8] & bit) return 0;
    marks[v / 8] = SPCONV__CAST(unsigned char, marks[v / 8] | bit);
  }
  return 1;
}

/* SPCONV_OK when every entry of perm is in 0..n-1 (perm may be NULL when n is
   0), SPCONV_EINVAL otherwise */
SPCONV__PRIVATE int spconv__perm_in_range(const int *perm, size_t n) {
  size_t i;
  if (n > 0 && !perm) return SPCONV_EINVAL;
  for (i = 0; i < n; ++i)
    if (perm[i] < 0 || SPCONV__CAST(size_t, perm[i]) >= n) return SPCONV_EINVAL;
  return SPCONV_OK;
}

/** SPCONV_OK when perm (n entries) is a permutation of 0..n-1, SPCONV_EINVAL
   otherwise (a value out of range or repeated, or NULL with n > 0): n values
   in 0..n-1 are a permutation exactly when no two are equal. Uses
   SPCONV_PERM_CHECK_STACK_BYTES of stack and no other memory: one pass over
   perm per 8 * SPCONV_PERM_CHECK_STACK_BYTES entries (4,096 by default). */
SPCONV_API int spconv_perm_check(const int *perm, size_t n) {
  unsigned char marks[SPCONV_PERM_CHECK_STACK_BYTES];
  const size_t window = 8 * sizeof marks;
  size_t lo;
  if (spconv__perm_in_range(perm, n) != SPCONV_OK) return SPCONV_EINVAL;
  for (lo = 0; lo < n; lo += window) {
    size_t bytes = n - lo < window ? (n - lo + 7) / 8 : sizeof marks;
    if (!spconv__perm_window_distinct(perm, n, lo, marks, bytes)) return SPCONV_EINVAL;
  }
  return SPCONV_OK;
}

/** spconv_perm_check in one pass for any n, with the caller's scratch of
   (n + 7) / 8 bytes (any contents; overwritten) as its bitset: SPCONV_OK
   when perm is a permutation of 0..n-1, SPCONV_EINVAL otherwise (also when
   scratch is NULL with n > 0). */
SPCONV_API int spconv_perm_check_scratch(const int *perm, size_t n, unsigned char *scratch) {
  if (spconv__perm_in_range(perm, n) != SPCONV_OK || (n > 0 && !scratch)) return SPCONV_EINVAL;
  return n == 0 || spconv__perm_window_distinct(perm, n, 0, scratch, (n + 7) / 8) ? SPCONV_OK
                                                                                   : SPCONV_EINVAL;
}

/** res = the inverse permutation: res[perm[i]] = i. res may equal perm (then
   inverted cycle by cycle, without scratch memory). SPCONV_EINVAL (res
   untouched) when perm is not a permutation. */
SPCONV_API int spconv_perm_inverse(int *res, const int *perm, size_t n) {
  size_t i;
  if (!res && n > 0) return SPCONV_EINVAL;
  if (spconv_perm_check(perm, n) != SPCONV_OK) return SPCONV_EINVAL;
  if (res != perm) {
    for (i = 0; i < n; ++i) res[perm[i]] = SPCONV__CAST(int, i);
    return SPCONV_OK;
  }
  for (i = 0; i < n; ++i) {
    size_t prev = i, cur;
    if (!spconv__cycle_leader(res, i)) continue;
    for (cur = SPCONV__CAST(size_t, res[i]); cur != i;) {
      size_t next = SPCONV__CAST(size_t, res[cur]);
      res[cur] = SPCONV__CAST(int, prev);
      prev = cur;
      cur = next;
    }
    res[i] = SPCONV__CAST(int, prev);
  }
  return SPCONV_OK;
}

/** res[i] = in[perm[i]] for i < n (gather: source order -> target order);
   spconv_perm_gather_frames with one frame of stride 1. res may equal in.
   SPCONV_EINVAL (res untouched) when perm is not a permutation. */
SPCONV_API int spconv_perm_gather(spconv_real *res, const spconv_real *in, const int *perm,
                                  size_t n) {
  return spconv_perm_gather_frames(res, in, perm, 1, n, 1);
}

/** Gathers every frame of a clip array x[frames][n][stride] (per-body:
   stride 3, 4 or 9; per-DOF: stride 1): res[t][i][c] = x[t][perm[i]][c].
   res may equal x (then permuted cycle by cycle in place, no scratch).
   SPCONV_EINVAL (res untouched) when perm is not a permutation of 0..n-1,
   stride is 0 or an array is NULL (with data to move). */
SPCONV_API int spconv_perm_gather_frames(spconv_real *res, const spconv_real *x,
                                         const int *perm, size_t frames, size_t n,
                                         size_t stride) {
  size_t t, i, c, size = n * stride;
  if (stride < 1 || spconv_perm_check(perm, n) != SPCONV_OK) return SPCONV_EINVAL;
  if (frames == 0 || n == 0) return SPCONV_OK;
  if (!res || !x) return SPCONV_EINVAL;
  for (t = 0; t < frames; ++t) {
    spconv_real *r = res + t * size;
    const spconv_real *in = x + t * size;
    if (r == in) {
      spconv__cycle_gather_real(r, perm, n, stride);
      continue;
    }
    for (i = 0; i < n; ++i)
      for (c = 0; c < stride; ++c)
        r[i * stride + c] = in[SPCONV__CAST(size_t, perm[i]) * stride + c];
  }
  return SPCONV_OK;
}

/** res = the parent array of a skeleton after reordering its bodies by perm
   (as spconv_perm_gather_frames): res[i] = inv[parents[perm[i]]], -1 (a
   root) kept. res may equal parents, not perm (the relabelling reads perm
   after res is written). SPCONV_EINVAL (res untouched) when perm is not a
   permutation, a parent is not -1 or in 0..n-1, or res is perm. */
SPCONV_API int spconv_perm_gather_parents(int *res, const int *parents, const int *perm,
                                          size_t n) {
  size_t i, j;
  if (spconv_perm_check(perm, n) != SPCONV_OK) return SPCONV_EINVAL;
  if (n == 0) return SPCONV_OK; /* nothing to move: NULL is fine */
  if (!res || !parents || res == perm) return SPCONV_EINVAL;
  for (i = 0; i < n; ++i)
    if (parents[i] < -1 || (parents[i] >= 0 && SPCONV__CAST(size_t, parents[i]) >= n))
      return SPCONV_EINVAL;
  if (res == parents) spconv__cycle_gather_int(res, perm, n, 1); /* res[i] = parents[perm[i]] */
  else
    for (i = 0; i < n; ++i) res[i] = parents[perm[i]];
  for (i = 0; i < n; ++i) { /* relabel: old index p is now at j, with perm[j] = p */
    if (res[i] < 0) continue;
    for (j = 0; perm[j] != res[i]; ++j) {
    }
    res[i] = SPCONV__CAST(int, j);
  }
  return SPCONV_OK;
}

/** @} */ /* end of >>arrays */

#ifndef SPCONV_NO_MOTION
/* ================================================================== >>motion
   MOTION DATA: whole clips, velocities from a clip, BVH channels */
/** @defgroup motion Motion data
    Whole clips, velocities from a clip, BVH channels. @{ */
/* Motion clips (SMPL / AMASS, BVH, retargeted robot clips) between Y-up
   capture formats and Z-up simulators: whole-clip conversion, velocities
   by finite differences, BVH rotation channels. Their axis systems are
   presets (SPCONV_AXIS_PRESET_SMPL, _BVH, _ROBOT, >>axes), the rules for an
   orientation under a change of axes are in >>axes, joint-order maps in
   >>arrays. See docs/motion.md.

   Conventions of this section:
   - A clip has T frames and B bodies. Arrays are frame-major and
     contiguous: root arrays [T][3] or [T][4], per-body arrays [T][B][n]
     (n = 3 for axis-angle, as SONIC's pose_aa (T, num_bodies, 3); 4 for
     quaternions; 9 for row-major matrices), per-DOF arrays [T][n_dof].
   - A body's local rotation maps its own axes to its parent's axes (the
     root's parent is the world): world R_child = R_parent R_local.
   - M_world (v_to = M_world v_from) re-expresses world coordinates,
     M_body body coordinates; both orthogonal (signed permutations between
     axis systems). An orientation R (body -> world) becomes
     M_world R M_body^T (see ">>axes", quantities under a change of axes). */

/* ---------------------------------------------------------- clip conversion */

/* one rotation of format f: res = A R B^T, where same = (A == B exactly)
   uses the exact every-frame rules; qa, qb = unit quaternions of (det) A,
   (det) B. res may alias x. */
SPCONV__PRIVATE void spconv__motion_rot_apply(spconv_real *res, const spconv_real *x,
                                         spconv_rot_format f, const spconv_real A[9],
                                         const spconv_real B[9], const spconv_real qa[4],
                                         const spconv_real qb_conj[4], int same) {
  spconv_real q[4];
  if (f == SPCONV_ROT_MAT) {
    spconv__mat_abt(res, A, x, B);
    return;
  }
  if (same) {
    if (f == SPCONV_ROT_ROTVEC) spconv_pseudovec_change_axes(res, A, x);
    else if (f == SPCONV_ROT_QUAT_WXYZ) spconv_quat_wxyz_change_axes(res, A, x);
    else spconv_quat_xyzw_change_axes(res, A, x);
    return;
  }
  if (f == SPCONV_ROT_ROTVEC) spconv_quat_wxyz_from_rotvec(q, x);
  else if (f == SPCONV_ROT_QUAT_WXYZ) {
    q[0] = x[0]; q[1] = x[1]; q[2] = x[2]; q[3] = x[3];
  } else spconv_quat_wxyz_from_xyzw(q, x);
  spconv_quat_mul_wxyz(q, qa, q);
  spconv_quat_mul_wxyz(q, q, qb_conj);
  spconv__rot_from_quat(res, q, f);
}

/* SPCONV_OK when res and in are clips of one shape: sizes >= 0 and equal,
   equal formats and flags, known formats where rotations are present, and
   a res array wherever in has one; SPCONV_EINVAL otherwise */
SPCONV__PRIVATE int spconv__clip_check(const spconv_motion_clip *res, const spconv_motion_clip *in) {
  if (!res || !in || in->frames < 0 || in->bodies < 0 || res->frames != in->frames ||
      res->bodies != in->bodies || res->root_rot_format != in->root_rot_format ||
      res->local_rot_format != in->local_rot_format ||
      res->root_angvel_body != in->root_angvel_body)
    return SPCONV_EINVAL;
  if ((in->root_rot && spconv_rot_format_size(in->root_rot_format) <= 0) ||
      (in->local_rot && spconv_rot_format_size(in->local_rot_format) <= 0))
    return SPCONV_EINVAL;
  if ((in->root_pos && !res->root_pos) || (in->root_rot && !res->root_rot) ||
      (in->root_linvel && !res->root_linvel) || (in->root_angvel && !res->root_angvel) ||
      (in->local_rot && !res->local_rot) || (in->offsets && !res->offsets))
    return SPCONV_EINVAL;
  return SPCONV_OK;
}

/** Converts a whole clip: world axes by M_world, every body's axes by
   M_body (v_to = M v_from, both orthogonal with equal determinants, e.g.
   from spconv_axis_preset_matrix), lengths by k (> 0; spconv_length_scale:
   cm -> m is 0.01):
     root_pos, root_linvel   k M_world v
     root_rot                M_world R M_body^T   (general rule above)
     root_angvel             (det M) M_world w (world axes) or
                             (det M) M_body w (body axes)
     local_rot               M_body R M_body^T    (every frame relabelled)
     offsets                 k M_body o
   SMPL or BVH in its own Y-up world -> a Z-up robot world: M_world =
   M_body = spconv_axis_preset_matrix(SMPL, ROBOT). AMASS (Z-up world, SMPL
   body frames): M_world = I (or a heading turn), M_body as before. A root
   stored in local_rot[:, 0] (SMPL poses[:, 0:3]) gets the every-frame rule:
   correct only when M_world = M_body; otherwise move it to root_rot.
   The formats and sizes of res must equal those of in; res arrays may be
   the same arrays as in's (in place; partial overlap is not supported).
   A rotation vector stays as is under the every-frame rule (exact);
   under the general rule it is rebuilt with |rv| <= pi.
   SPCONV_EINVAL (nothing written) for NULL clips, negative sizes,
   differing formats or flags, an unknown format of a rotation array that is
   present, a NULL res array where in has one, a bad M or k. */
SPCONV_API int spconv_motion_clip_convert(spconv_motion_clip *res,
                                          const spconv_motion_clip *in,
                                          const spconv_real M_world[9],
                                          const spconv_real M_body[9], spconv_real k) {
  spconv_real W[9], B[9], I[9] = SPCONV__MAT3_IDENTITY, sw = SPCONV__R(0),
              sb = SPCONV__R(0), qw[4], qb[4], kk = k;
  int i, same, nr, nl;
  size_t t, T, NB, j;
  if (!res || !in || spconv__clip_check(res, in) != SPCONV_OK || !M_world || !M_body ||
      !spconv__finite(kk) || !(kk > SPCONV__R(0)))
    return SPCONV_EINVAL;
  nr = spconv_rot_format_size(in->root_rot_format);
  nl = spconv_rot_format_size(in->local_rot_format);
  for (i = 0; i < 9; ++i) {
    W[i] = M_world[i]; /* copied: M may be one of the clip's arrays */
    B[i] = M_body[i];
  }
  if (!spconv__orthogonal_sign(W, &sw) || !spconv__orthogonal_sign(B, &sb) || sw != sb)
    return SPCONV_EINVAL;
  spconv__quat_of_orthogonal(qw, W, sw);
  spconv__quat_of_orthogonal(qb, B, sb);
  spconv_quat_conj_wxyz(qb, qb);
  same = 1;
  for (i = 0; i < 9; ++i) same = same && W[i] == B[i];
  T = SPCONV__CAST(size_t, in->frames);
  NB = SPCONV__CAST(size_t, in->bodies);
  for (t = 0; t < T; ++t) {
    spconv_real v[3];
    if (in->root_pos) {
      spconv_vec_change_axes(v, W, in->root_pos + 3 * t);
      for (i = 0; i < 3; ++i) res->root_pos[3 * t + SPCONV__CAST(size_t, i)] = kk * v[i];
    }
    if (in->root_linvel) {
      spconv_vec_change_axes(v, W, in->root_linvel + 3 * t);
      for (i = 0; i < 3; ++i) res->root_linvel[3 * t + SPCONV__CAST(size_t, i)] = kk * v[i];
    }
    if (in->root_angvel)
      spconv_pseudovec_change_axes(res->root_angvel + 3 * t, in->root_angvel_body ? B : W,
                                   in->root_angvel + 3 * t);
    if (in->root_rot)
      spconv__motion_rot_apply(res->root_rot + SPCONV__CAST(size_t, nr) * t,
                               in->root_rot + SPCONV__CAST(size_t, nr) * t, in->root_rot_format,
                               W, B, qw, qb, same);
    if (in->local_rot)
      for (j = 0; j < NB; ++j) {
        size_t o = SPCONV__CAST(size_t, nl) * (t * NB + j);
        spconv__motion_rot_apply(res->local_rot + o, in->local_rot + o, in->local_rot_format,
                                 B, B, I, I, 1);
      }
  }
  if (in->offsets)
    for (j = 0; j < NB; ++j) {
      spconv_real v[3];
      spconv_vec_change_axes(v, B, in->offsets + 3 * j);
      for (i = 0; i < 3; ++i) res->offsets[3 * j + SPCONV__CAST(size_t, i)] = kk * v[i];
    }
  return SPCONV_OK;
}

/* --------------------------------------------------- velocities from a clip */

/* frames (a, b) and the time between them used for frame t */
SPCONV__PRIVATE void spconv__motion_diff_frames(size_t t, size_t T, spconv_motion_diff method,
                                           size_t *a, size_t *b, spconv_real *span) {
  if (method == SPCONV_MOTION_DIFF_CENTRAL && t > 0 && t + 1 < T) {
    *a = t - 1;
    *b = t + 1;
    *span = SPCONV__R(2);
  } else if (t + 1 < T) {
    *a = t;
    *b = t + 1;
    *span = SPCONV__R(1);
  } else {
    *a = t - 1;
    *b = t;
    *span = SPCONV__R(1);
  }
}

/** res[T][3] = the velocity of positions pos[T][3] (root linear velocity in
   the axes and unit of pos, per second when dt is in seconds). res may
   equal pos (in place: frames are read ahead of the writes).
   SPCONV_EINVAL (res untouched) for T < 2, dt not finite and > 0, an
   unknown method or a NULL array. */
SPCONV_API int spconv_motion_linvel(spconv_real *res, const spconv_real *pos, int frames,
                                    spconv_real dt, spconv_motion_diff method) {
  spconv_real prev[3], cur[3], next[3] = SPCONV__VEC3_ZERO;
  size_t t, T = SPCONV__CAST(size_t, frames);
  int i;
  if (!res || !pos || frames < 2 || !spconv__finite(dt) || !(dt > SPCONV__R(0)) ||
      (method != SPCONV_MOTION_DIFF_FORWARD && method != SPCONV_MOTION_DIFF_CENTRAL))
    return SPCONV_EINVAL;
  for (i = 0; i < 3; ++i) {
    prev[i] = pos[i];
    cur[i] = pos[i];
  }
  for (t = 0; t < T; ++t) {
    size_t a, b;
    spconv_real span;
    const spconv_real *pa, *pb;
    if (t + 1 < T)
      for (i = 0; i < 3; ++i) next[i] = pos[3 * (t + 1) + SPCONV__CAST(size_t, i)];
    spconv__motion_diff_frames(t, T, method, &a, &b, &span);
    pa = a + 1 == t ? prev : cur;
    pb = b == t + 1 ? next : cur;
    for (i = 0; i < 3; ++i) res[3 * t + SPCONV__CAST(size_t, i)] = (pb[i] - pa[i]) / (span * dt);
    for (i = 0; i < 3; ++i) {
      prev[i] = cur[i];
      cur[i] = next[i];
    }
  }
  return SPCONV_OK;
}

/** res[T][3] = angular velocity from orientations q[T][4] (body -> world,
   wxyz or xyzw by q_format, any norm), shortest path between the two
   frames used (|w| span dt <= pi): body axes when body != 0 (MuJoCo
   qvel[3:6]), else world axes (Newton, Isaac Lab). FORWARD gives exactly
   spconv_body_angvel_from_quats_wxyz / spconv_world_angvel_from_quats_wxyz
   of frames (t, t+1) (the last frame: (T-2, T-1)). CENTRAL takes the world
   rate from t-1 to t+1, rotvec(q_{t+1} conj(q_{t-1})) / (2 dt), and for
   body axes turns it into frame t's body axes (R_t^T w); ends as FORWARD.
   Sample at least 2 frames per half turn. res may equal q (in place).
   SPCONV_EINVAL (res untouched) for T < 2, a bad dt, method or q_format
   (only the two quaternion formats), a NULL array; then
   SPCONV_EDEGENERATE (res untouched) for a zero or non-finite quaternion
   in any frame, as spconv_body_angvel_from_quats_wxyz. */
SPCONV_API int spconv_motion_angvel(spconv_real *res, const spconv_real *q, int frames,
                                    spconv_real dt, spconv_rot_format q_format, int body,
                                    spconv_motion_diff method) {
  spconv_real prev[4], cur[4], next[4] = SPCONV__QUAT_IDENTITY, w[3];
  size_t t, T = SPCONV__CAST(size_t, frames);
  int i;
  if (!res || !q || frames < 2 || !spconv__finite(dt) || !(dt > SPCONV__R(0)) ||
      (method != SPCONV_MOTION_DIFF_FORWARD && method != SPCONV_MOTION_DIFF_CENTRAL) ||
      (q_format != SPCONV_ROT_QUAT_WXYZ && q_format != SPCONV_ROT_QUAT_XYZW))
    return SPCONV_EINVAL;
  for (t = 0; t < T; ++t) /* every frame is used: all checked before the first write */
    if (!spconv__quat_unit(prev, q + 4 * t)) return SPCONV_EDEGENERATE; /* prev: scratch */
  for (i = 0; i < 4; ++i) cur[i] = q[i];
  if (q_format == SPCONV_ROT_QUAT_XYZW) spconv_quat_wxyz_from_xyzw(cur, cur);
  for (i = 0; i < 4; ++i) prev[i] = cur[i];
  for (t = 0; t < T; ++t) {
    size_t a, b;
    spconv_real span;
    const spconv_real *qa, *qb;
    if (t + 1 < T) {
      for (i = 0; i < 4; ++i) next[i] = q[4 * (t + 1) + SPCONV__CAST(size_t, i)];
      if (q_format == SPCONV_ROT_QUAT_XYZW) spconv_quat_wxyz_from_xyzw(next, next);
    }
    spconv__motion_diff_frames(t, T, method, &a, &b, &span);
    qa = a + 1 == t ? prev : cur;
    qb = b == t + 1 ? next : cur;
    if (span == SPCONV__R(1)) {
      spconv__angvel_from_quats(w, qa, qb, dt, body);
    } else {
      spconv__angvel_from_quats(w, qa, qb, span * dt, 0);
      if (body) { /* w_body = R_t^T w = conj(q_t) w q_t */
        spconv_real c[4];
        spconv_quat_conj_wxyz(c, cur);
        spconv_quat_rotate_wxyz(w, c, w);
      }
    }
    for (i = 0; i < 3; ++i) res[3 * t + SPCONV__CAST(size_t, i)] = w[i];
    for (i = 0; i < 4; ++i) {
      prev[i] = cur[i];
      cur[i] = next[i];
    }
  }
  return SPCONV_OK;
}

/* ------------------------------------------------------------- BVH channels */

/* A BVH joint lists its channels after CHANNELS n, e.g. "Xposition
   Yposition Zposition Zrotation Xrotation Yrotation", and each frame line
   gives the values in that order, rotations in degrees. The rotation is
   the product of the axis rotations in the listed order: for "Zrotation
   Xrotation Yrotation", R = Rz(z) Rx(x) Ry(y) applied to column vectors,
   each turn about the axes already turned (intrinsic ZXY with the angles in
   channel order; extrinsic YXZ). Sources: the Biovision BVH description at
   research.cs.wisc.edu/graphics/Courses/cs-838-1999/Jeff/BVH.html ("create
   3 separate rotation matrices, one for each axis of rotation. Then
   concatenate the matrices from left to right Y, X and Z", vR = vYXZ for
   row vectors, i.e. R = Rz Rx Ry for column vectors); Meredith and Maddock,
   "Motion Capture File Formats Explained" (Sheffield, 2001). */

/* the axis of a channel token starting at s of length len: 0/1/2 for
   X/Y/Z rotation, 3 + axis for a position channel, -1 otherwise */
SPCONV__PRIVATE int spconv__bvh_token(const char *s, size_t len) {
  const char *rot = "rotation", *pos = "position";
  int axis, is_rot = 1, is_pos = 1;
  size_t i;
  if (len != 9) return -1;
  switch (s[0]) {
    case 'X': axis = 0; break;
    case 'Y': axis = 1; break;
    case 'Z': axis = 2; break;
    default: return -1;
  }
  for (i = 0; i < 8; ++i) {
    is_rot = is_rot && s[1 + i] == rot[i];
    is_pos = is_pos && s[1 + i] == pos[i];
  }
  return is_rot ? axis : (is_pos ? 3 + axis : -1);
}

/* 1 for the white space that separates BVH channel names (a line read
   with fgets keeps its '\n', a Windows file its '\r') */
SPCONV__PRIVATE int spconv__bvh_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/** Parses a BVH channel list (the names after "CHANNELS n", separated by
   white space: spaces, tabs, line ends, vertical tabs, form feeds; names
   exactly as BVH writes them, case-sensitive) into
   the Euler sequence of its three rotation channels: *seq = their axes in
   listed order, *kind = SPCONV_EULER_INTRINSIC; use the angles (radians, from
   degrees with spconv_rad_from_deg3) in the same order with
   spconv_quat_wxyz_from_euler. rot_index[i] (if not NULL) = the position in
   the list of the i-th rotation channel; *n_channels (if not NULL) = the
   number of channels. Position channels (Xposition, ...) may appear
   anywhere and are skipped. SPCONV_EINVAL (outputs untouched) for NULL,
   an unknown name, other than three rotation channels, a repeated
   rotation axis (BVH rotations are Tait-Bryan) or more than 16 channels. */
SPCONV_API int spconv_euler_seq_from_bvh_channels(spconv_euler_seq *seq, spconv_euler_kind *kind,
                                                  int rot_index[3], int *n_channels,
                                                  const char *channels) {
  int ax[3], idx[3], n_rot = 0, n = 0, e;
  size_t i = 0;
  if (!seq || !kind || !channels) return SPCONV_EINVAL;
  for (;;) {
    size_t start;
    int tok;
    while (spconv__bvh_space(channels[i])) ++i;
    if (channels[i] == '\0') break;
    start = i;
    while (channels[i] != '\0' && !spconv__bvh_space(channels[i])) ++i;
    tok = spconv__bvh_token(channels + start, i - start);
    if (tok < 0 || n >= 16) return SPCONV_EINVAL;
    if (tok < 3) {
      if (n_rot >= 3) return SPCONV_EINVAL;
      ax[n_rot] = tok;
      idx[n_rot] = n;
      ++n_rot;
    }
    ++n;
  }
  if (n_rot != 3 || ax[0] == ax[1] || ax[1] == ax[2] || ax[0] == ax[2]) return SPCONV_EINVAL;
  e = spconv__euler_seq_from_axes(ax[0], ax[1], ax[2]);
  if (e < 0) return SPCONV_EINVAL;
  *seq = SPCONV__CAST(spconv_euler_seq, e);
  *kind = SPCONV_EULER_INTRINSIC;
  if (rot_index) {
    rot_index[0] = idx[0];
    rot_index[1] = idx[1];
    rot_index[2] = idx[2];
  }
  if (n_channels) *n_channels = n;
  return SPCONV_OK;
}

/** Writes the BVH rotation channel list of (seq, kind) into buf (size bytes,
   30 needed: "Zrotation Xrotation Yrotation" and the NUL). Intrinsic seq
   lists its letters in order; an extrinsic one is the intrinsic sequence
   of the reversed letters (extrinsic "xyz" -> "Zrotation Yrotation
   Xrotation"): then write the angles reversed too. Only the 6 Tait-Bryan
   sequences exist in BVH. SPCONV_EINVAL (buf untouched) for NULL, a
   proper Euler sequence (XYX, ...), an unknown seq or kind, or size < 30. */
SPCONV_API int spconv_bvh_channels_from_euler_seq(char *buf, size_t size, spconv_euler_seq seq,
                                                  spconv_euler_kind kind) {
  const char *rot = "rotation";
  int ax[3], n, i;
  if (!buf || size < 30 || !spconv__euler_axes(seq, ax) || !spconv__euler_kind_valid(kind) ||
      ax[0] == ax[2])
    return SPCONV_EINVAL;
  for (n = 0; n < 3; ++n) {
    int a = kind == SPCONV_EULER_INTRINSIC ? ax[n] : ax[2 - n];
    char *w = buf + 10 * n;
    w[0] = SPCONV__CAST(char, ('X' + a));
    for (i = 0; i < 8; ++i) w[1 + i] = rot[i];
    w[9] = n < 2 ? ' ' : '\0';
  }
  return SPCONV_OK;
}

/** res = the quaternion (wxyz) of a BVH joint's rotation: angles_deg in
   channel order (degrees), seq from spconv_euler_seq_from_bvh_channels (intrinsic).
   SPCONV_EINVAL (res untouched) for an unknown or proper Euler seq. */
SPCONV_API int spconv_quat_wxyz_from_bvh(spconv_real res[4], const spconv_real angles_deg[3],
                                         spconv_euler_seq seq) {
  spconv_real a[3];
  int ax[3];
  if (!spconv__euler_axes(seq, ax) || ax[0] == ax[2]) return SPCONV_EINVAL;
  spconv_rad_from_deg3(a, angles_deg);
  return spconv_quat_wxyz_from_euler(res, a, seq, SPCONV_EULER_INTRINSIC);
}

/** res = the BVH channel angles (degrees, channel order of seq) of q (wxyz,
   any nonzero norm); middle angle in [-90, 90]. Status as
   spconv_euler_from_quat_wxyz (SPCONV_GIMBAL_LOCK: the last angle is 0);
   SPCONV_EINVAL for an unknown or proper Euler seq. */
SPCONV_API int spconv_bvh_from_quat_wxyz(spconv_real res[3], const spconv_real q_wxyz[4],
                                         spconv_euler_seq seq) {
  spconv_real a[3];
  int ax[3], status;
  if (!spconv__euler_axes(seq, ax) || ax[0] == ax[2]) return SPCONV_EINVAL;
  status = spconv_euler_from_quat_wxyz(a, q_wxyz, seq, SPCONV_EULER_INTRINSIC);
  if (status < 0) return status;
  spconv_deg_from_rad3(res, a);
  return status;
}

/* ------------------------------------------------- heading and ground plane */

/* The heading of a clip's frame, and the turn about the up axis that sets
   it. With u the world's up axis, f a world axis perpendicular to u (where
   "facing forward" points) and b the root's forward axis in its own body
   axes, the root faces h = R_root b. Its heading is the angle about +u from
   f to h's part in the ground plane: with s = u x f (the ground plane's
   second axis, "left" of f when u is up), heading = atan2(h.s, h.f).
   Turning the world by -heading about u (a proper rotation that fixes u)
   takes h's ground part onto f. u, f, b are signed axes, so h.f and h.s
   are single components of h with a sign. */

/* *res = the heading (radians, (-pi, pi]) of one root rotation x of format
   f, for up axis `up`, world forward wf and body forward bf (signed axis
   values, wf % 3 != up); SPCONV_OK on success; res untouched and the
   status of spconv__rot_valid when x is not a rotation (a zero or
   non-finite quaternion: SPCONV_EDEGENERATE; a matrix that is not a
   rotation: SPCONV_EINVAL), SPCONV_EDEGENERATE when h is vertical: its
   ground part not finite or <= 16 eps (|h| = 1) */
SPCONV__PRIVATE int spconv__clip_heading(spconv_real *res, const spconv_real *x, spconv_rot_format f,
                                    int up, int wf, int bf) {
  spconv_real q[4] = SPCONV__QUAT_IDENTITY, b[3], h[3], hf, hs, th;
  int fa = wf % 3, sa = 3 - up - fa;
  /* s = u x f: e_up x e_fa = +e_sa when fa follows up cyclically, else -e_sa */
  spconv_real ss = (fa == (up + 1) % 3 ? SPCONV__R(1) : SPCONV__R(-1)) *
                   spconv__signed_unit(wf, fa);
  int st = spconv__rot_valid(x, f);
  if (st != SPCONV_OK) return st;
  spconv__quat_from_rot(q, x, f);
  b[0] = spconv__signed_unit(bf, 0);
  b[1] = spconv__signed_unit(bf, 1);
  b[2] = spconv__signed_unit(bf, 2);
  spconv_quat_rotate_wxyz(h, q, b);
  hf = spconv__signed_unit(wf, fa) * h[fa];
  hs = ss * h[sa];
  if (!spconv__finite(hf) || !spconv__finite(hs) ||
      !(SPCONV_SQRT(hf * hf + hs * hs) > SPCONV__R(16) * SPCONV__EPS))
    return SPCONV_EDEGENERATE;
  th = SPCONV_ATAN2(hs, hf);
  *res = th <= -SPCONV__PI ? SPCONV__PI : th; /* atan2(-0, -1) = -pi -> pi */
  return SPCONV_OK;
}

/* SPCONV_OK when `frame` of clip `in` has a root rotation of known format
   and up, wf, bf are valid signed axes with wf perpendicular to up;
   SPCONV_EINVAL otherwise */
SPCONV__PRIVATE int spconv__clip_heading_check(const spconv_motion_clip *in, size_t frame, int up,
                                          int wf, int bf) {
  if (!in || !in->root_rot || in->frames < 0 || frame >= SPCONV__CAST(size_t, in->frames) ||
      spconv_rot_format_size(in->root_rot_format) <= 0 || up < 0 || up > 2 ||
      !spconv__signed_axis_valid(wf) || !spconv__signed_axis_valid(bf) || wf % 3 == up)
    return SPCONV_EINVAL;
  return SPCONV_OK;
}

/** *res = the heading of frame `frame` of a clip (radians, in (-pi, pi]):
   the angle about the world's +up axis from the world axis world_forward
   (perpendicular to up) to the root's forward axis (body_forward, a signed
   axis of the root's body axes) projected onto the ground plane, positive
   counterclockwise seen from +up (a turn to the left in a right-handed
   world). Z-up robot clips: up = SPCONV_AXIS_Z, both forwards
   SPCONV_AXIS_POS_X, heading = atan2(h_y, h_x) with h = R_root e_x. A BVH or
   SMPL clip in its own Y-up world: SPCONV_AXIS_Y, SPCONV_AXIS_POS_Z twice
   (atan2(h_x, h_z)); the same clip after spconv_motion_clip_convert to the
   robot axes has the same heading. Reads root_rot only (any format, any
   norm). SPCONV_EINVAL (res untouched) for NULL, frame >= frames, a NULL
   root_rot, an unknown format, up or signed axis, world_forward along
   up, or a root matrix that is not a rotation (as spconv_quat_wxyz_from_mat);
   SPCONV_EDEGENERATE for a root quaternion that is zero or not finite, or a
   root that points the forward axis vertically (its ground-plane part
   <= 16 eps). */
SPCONV_API int spconv_motion_clip_heading(spconv_real *res, const spconv_motion_clip *in,
                                          size_t frame, spconv_axis up,
                                          spconv_signed_axis world_forward,
                                          spconv_signed_axis body_forward) {
  int u = SPCONV__CAST(int, up), wf = SPCONV__CAST(int, world_forward),
      bf = SPCONV__CAST(int, body_forward);
  size_t nr;
  if (!res || !in || spconv__clip_heading_check(in, frame, u, wf, bf) != SPCONV_OK)
    return SPCONV_EINVAL;
  nr = SPCONV__CAST(size_t, spconv_rot_format_size(in->root_rot_format)); /* > 0: checked */
  return spconv__clip_heading(res, in->root_rot + nr * frame, in->root_rot_format, u, wf, bf);
}

/** Turns and moves a whole clip so that frame `frame` faces world_forward
   from the origin of the ground plane: with a = -(heading of that frame,
   spconv_motion_clip_heading with the same axes) and A the rotation by a
   about the world's up axis, and c = that frame's root_pos with its up
   component replaced by `ground` (the height of the floor in the clip's
   world and unit; 0 keeps heights):
     root_pos               A (p - c)   (that frame: (0, 0, p_up - ground) for Z up)
     root_rot               A R         (world axes turned, body axes kept)
     root_linvel            A v
     root_angvel            A w (world axes); unchanged when root_angvel_body
     local_rot, offsets     copied unchanged (they are relative to the root)
   Every body's world pose turns and moves with the root (forward
   kinematics, spconv_motion_clip), so the skeleton is moved rigidly. After
   the call, that frame's heading is 0 and its root is above the origin.
   res and in have one shape (as spconv_motion_clip_convert); res arrays may
   be in's arrays (in place). Status and checks as
   spconv_motion_clip_heading, and SPCONV_EINVAL for clips of different
   shape, a NULL res array where in has one, or a ground that is not
   finite; nothing is written on error. Rotation vectors are rebuilt with
   |rv| <= pi; quaternions keep their norm. */
SPCONV_API int spconv_motion_clip_align(spconv_motion_clip *res,
                                        const spconv_motion_clip *in, size_t frame,
                                        spconv_axis up, spconv_signed_axis world_forward,
                                        spconv_signed_axis body_forward, spconv_real ground) {
  spconv_real th, ca, sa, A[9] = SPCONV__MAT3_ZERO, qa[4],
              I[9] = SPCONV__MAT3_IDENTITY, qi[4] = SPCONV__QUAT_IDENTITY,
              c[3] = SPCONV__VEC3_ZERO;
  int u = SPCONV__CAST(int, up), wf = SPCONV__CAST(int, world_forward),
      bf = SPCONV__CAST(int, body_forward), nr, nl, i, ia, ib, st;
  size_t t, T, n;
  if (!res || !in || !in->root_rot || !res->root_rot || spconv__clip_check(res, in) != SPCONV_OK ||
      spconv__clip_heading_check(in, frame, u, wf, bf) != SPCONV_OK || !spconv__finite(ground))
    return SPCONV_EINVAL;
  nr = spconv_rot_format_size(in->root_rot_format);
  nl = spconv_rot_format_size(in->local_rot_format);
  if (nl < 0) nl = 0; /* no local_rot array (else checked by spconv__clip_check) */
  st = spconv__clip_heading(&th, in->root_rot + SPCONV__CAST(size_t, nr) * frame,
                            in->root_rot_format, u, wf, bf);
  if (st != SPCONV_OK) return st;
  /* A = rotation by -th about e_u: it takes e_ia toward e_ib (ia, ib = the
     axes after u, cyclically) and fixes e_u; qa = its unit quaternion */
  ca = SPCONV_COS(th);
  sa = -SPCONV_SIN(th);
  ia = (u + 1) % 3;
  ib = (u + 2) % 3;
  A[4 * u] = SPCONV__R(1);
  A[4 * ia] = ca;
  A[4 * ib] = ca;
  A[3 * ib + ia] = sa;
  A[3 * ia + ib] = -sa;
  qa[0] = SPCONV_COS(SPCONV__R(0.5) * th);
  qa[1] = qa[2] = qa[3] = SPCONV__R(0);
  qa[1 + u] = -SPCONV_SIN(SPCONV__R(0.5) * th);
  if (in->root_pos) { /* read before any write: res may be in */
    for (i = 0; i < 3; ++i) c[i] = in->root_pos[3 * frame + SPCONV__CAST(size_t, i)];
    c[u] = ground;
  }
  T = SPCONV__CAST(size_t, in->frames);
  for (t = 0; t < T; ++t) {
    spconv_real v[3];
    if (in->root_pos) {
      for (i = 0; i < 3; ++i) v[i] = in->root_pos[3 * t + SPCONV__CAST(size_t, i)] - c[i];
      spconv__mat_vec(res->root_pos + 3 * t, A, v);
    }
    if (in->root_linvel) {
      for (i = 0; i < 3; ++i) v[i] = in->root_linvel[3 * t + SPCONV__CAST(size_t, i)];
      spconv__mat_vec(res->root_linvel + 3 * t, A, v);
    }
    if (in->root_angvel) {
      for (i = 0; i < 3; ++i) v[i] = in->root_angvel[3 * t + SPCONV__CAST(size_t, i)];
      if (in->root_angvel_body)
        for (i = 0; i < 3; ++i) res->root_angvel[3 * t + SPCONV__CAST(size_t, i)] = v[i];
      else spconv__mat_vec(res->root_angvel + 3 * t, A, v);
    }
    spconv__motion_rot_apply(res->root_rot + SPCONV__CAST(size_t, nr) * t,
                             in->root_rot + SPCONV__CAST(size_t, nr) * t, in->root_rot_format, A,
                             I, qa, qi, 0);
  }
  if (in->local_rot && res->local_rot != in->local_rot) {
    n = T * SPCONV__CAST(size_t, in->bodies) * SPCONV__CAST(size_t, nl);
    for (t = 0; t < n; ++t) res->local_rot[t] = in->local_rot[t];
  }
  if (in->offsets && res->offsets != in->offsets) {
    n = 3 * SPCONV__CAST(size_t, in->bodies);
    for (t = 0; t < n; ++t) res->offsets[t] = in->offsets[t];
  }
  return SPCONV_OK;
}

/** @} */ /* end of >>motion */
#endif /* !SPCONV_NO_MOTION */

/* ================================================================= >>license
   LICENSE: MIT */
/*
   Copyright (c) 2026 The spatial_conv authors

   Permission is hereby granted, free of charge, to any person obtaining a
   copy of this software and associated documentation files (the
   "Software"), to deal in the Software without restriction, including
   without limitation the rights to use, copy, modify, merge, publish,
   distribute, sublicense, and/or sell copies of the Software, and to permit
   persons to whom the Software is furnished to do so, subject to the
   following conditions:

   The above copyright notice and this permission notice shall be included
   in all copies or substantial portions of the Software.

   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS
   OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
   MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
   NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
   DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
   OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE
   USE OR OTHER DEALINGS IN THE SOFTWARE.
*/

#endif /* definitions (!SPCONV_DECLARATIONS_ONLY || SPCONV_IMPLEMENTATION) */

#if defined(__cplusplus) && defined(__GNUC__) && !defined(__clang__)
#  pragma GCC diagnostic pop
#endif
#ifdef __CUDACC_RTC__
#  pragma nv_diagnostic pop
#endif

/* The private macros end with the header (tests/compile/switches.sh checks
   that none is left), but for those the public macros expand to:
   SPCONV__PRIVATE (SPCONV_API's default), SPCONV__MATH (the default
   SPCONV_SQRT, SPCONV_SIN, ...), SPCONV__CAST (the deprecated
   spconv_preset(id) and spconv_preset_name(id)) and SPCONV__DEPRECATED,
   _TEXT and _XTEXT (every deprecated name); the last four are gone with
   SPCONV_NO_DEPRECATED. */
#undef SPCONV__BATCH0
#undef SPCONV__BATCH1
#undef SPCONV__BATCH_CALL
#undef SPCONV__BATCH_CALL0
#undef SPCONV__BATCH_MJ
#undef SPCONV__BATCH_MJ_V2
#undef SPCONV__DEFINE_CYCLE_GATHER
#undef SPCONV__DEG2RAD
#undef SPCONV__EPS
#undef SPCONV__GIMBAL_EPS
#undef SPCONV__LINKED
#undef SPCONV__MAT3_IDENTITY
#undef SPCONV__MAT3_ZERO
#undef SPCONV__MJ_FENCE
#undef SPCONV__MJ_STREAM
#undef SPCONV__NULL
#undef SPCONV__PI
#undef SPCONV__QUAT_IDENTITY
#undef SPCONV__R
#undef SPCONV__RAD2DEG
#undef SPCONV__RESTRICT
#undef SPCONV__SAP_TWIST_IN
#undef SPCONV__SAP_TWIST_OUT
#undef SPCONV__SAP_WRENCH_IN
#undef SPCONV__SAP_WRENCH_OUT
#undef SPCONV__SE3_SERIES_ANGLE
#undef SPCONV__SQRT_IEEE
#undef SPCONV__STREAM
#undef SPCONV__STREAM_API
#undef SPCONV__STRIDE6_LOOP_HINT
#undef SPCONV__TILE
#undef SPCONV__UP_AXIS_CALL
#undef SPCONV__UP_AXIS_LOOPS
#undef SPCONV__UP_AXIS_ONE
#undef SPCONV__UP_AXIS_TILE
#undef SPCONV__V2
#undef SPCONV__V2_API
#undef SPCONV__V2_BITS
#undef SPCONV__VEC3_ZERO
#ifdef SPCONV_NO_DEPRECATED
#undef SPCONV__CAST
#endif

#endif /* SPCONV_SPATIAL_CONV_H */
