/* Prints, as JSON on stdout, what spatial_conv.h says about every engine
   preset (spconv_state_convention_from_preset: the pose and 6-vector
   conventions), every axis preset (spconv_axis_system_preset), every Euler
   format (probed through spconv_quat_wxyz_from_euler_format) and a USD
   stage's metrics (spconv_usd_stage_matrix). Every
   value is read from the header through its public functions; the names
   printed for enum values are the schema of conventions/conventions.json
   (docs/engines.md, "The registry"). conventions/generate.py merges this
   output with the citations of conventions/sources.json. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "spatial_conv.h"

/* each name below is printed for one enum value; 0 (unknown) fails the dump */
static const char *order_name(spconv_order v) {
  switch (v) {
    case SPCONV_ORDER_LINEAR_FIRST: return "linear_first";
    case SPCONV_ORDER_ANGULAR_FIRST: return "angular_first";
  }
  return NULL;
}

static const char *point_name(spconv_point v) {
  switch (v) {
    case SPCONV_POINT_COM: return "com";
    case SPCONV_POINT_ORIGIN: return "origin";
    case SPCONV_POINT_WORLD: return "world_origin";
  }
  return NULL;
}

static const char *frame_name(spconv_frame v) {
  switch (v) {
    case SPCONV_FRAME_WORLD: return "world";
    case SPCONV_FRAME_BODY: return "body";
  }
  return NULL;
}

static const char *angle_name(spconv_angle_unit v) {
  switch (v) {
    case SPCONV_ANGLE_RADIANS: return "rad";
    case SPCONV_ANGLE_DEGREES: return "deg";
  }
  return NULL;
}

static const char *accel_name(spconv_accel_kind v) {
  switch (v) {
    case SPCONV_ACCEL_CLASSICAL: return "classical";
    case SPCONV_ACCEL_SPATIAL: return "spatial";
  }
  return NULL;
}

static const char *layout_name(spconv_pose_layout v) {
  switch (v) {
    case SPCONV_POSE_LAYOUT_POS_QUAT: return "pos_quat";
    case SPCONV_POSE_LAYOUT_QUAT_POS: return "quat_pos";
  }
  return NULL;
}

static const char *quat_name(spconv_rot_format v) {
  if (v == SPCONV_ROT_QUAT_WXYZ) return "wxyz";
  if (v == SPCONV_ROT_QUAT_XYZW) return "xyzw";
  return NULL; /* a pose holds a quaternion, never another rotation format */
}

static const char *pose_frame_name(spconv_pose_frame v) {
  switch (v) {
    case SPCONV_POSE_FRAME_BODY: return "body";
    case SPCONV_POSE_FRAME_INERTIAL: return "inertial";
  }
  return NULL;
}

static const char *direction_name(spconv_direction v) {
  switch (v) {
    case SPCONV_DIRECTION_FORWARD: return "forward";
    case SPCONV_DIRECTION_LEFT: return "left";
    case SPCONV_DIRECTION_UP: return "up";
    case SPCONV_DIRECTION_BACK: return "back";
    case SPCONV_DIRECTION_RIGHT: return "right";
    case SPCONV_DIRECTION_DOWN: return "down";
  }
  return NULL;
}

/* the lower-case name of an axis preset (the Python mirror's name) */
static const char *axis_preset_name(spconv_axis_preset v) {
  switch (v) {
    case SPCONV_AXIS_PRESET_ROS_FLU: return "ros_flu";
    case SPCONV_AXIS_PRESET_ROS_ENU: return "ros_enu";
    case SPCONV_AXIS_PRESET_NED: return "ned";
    case SPCONV_AXIS_PRESET_FRD: return "frd";
    case SPCONV_AXIS_PRESET_ROS_OPTICAL: return "ros_optical";
    case SPCONV_AXIS_PRESET_MUJOCO: return "mujoco";
    case SPCONV_AXIS_PRESET_ISAAC: return "isaac";
    case SPCONV_AXIS_PRESET_NEWTON: return "newton";
    case SPCONV_AXIS_PRESET_GENESIS: return "genesis";
    case SPCONV_AXIS_PRESET_BLENDER: return "blender";
    case SPCONV_AXIS_PRESET_GLTF: return "gltf";
    case SPCONV_AXIS_PRESET_USD_Y_UP: return "usd_y_up";
    case SPCONV_AXIS_PRESET_USD_Z_UP: return "usd_z_up";
    case SPCONV_AXIS_PRESET_UNITY: return "unity";
    case SPCONV_AXIS_PRESET_UNREAL: return "unreal";
    case SPCONV_AXIS_PRESET_OPENGL_CAMERA: return "opengl_camera";
    case SPCONV_AXIS_PRESET_MAYA_Y_UP: return "maya_y_up";
    case SPCONV_AXIS_PRESET_SMPL: return "smpl";
    case SPCONV_AXIS_PRESET_BVH: return "bvh";
    case SPCONV_AXIS_PRESET_ROBOT: return "robot";
    case SPCONV_AXIS_PRESET_END: break;
  }
  return NULL;
}

/* the lower-case name of an Euler format (the Python mirror's name) */
static const char *euler_format_name(spconv_euler_format v) {
  switch (v) {
    case SPCONV_EULER_FORMAT_URDF_RPY: return "urdf_rpy";
    case SPCONV_EULER_FORMAT_MJCF: return "mjcf";
    case SPCONV_EULER_FORMAT_MJCF_RADIAN: return "mjcf_radian";
    case SPCONV_EULER_FORMAT_USD_ROTATE_XYZ: return "usd_rotate_xyz";
    case SPCONV_EULER_FORMAT_USD_ROTATE_XZY: return "usd_rotate_xzy";
    case SPCONV_EULER_FORMAT_USD_ROTATE_YXZ: return "usd_rotate_yxz";
    case SPCONV_EULER_FORMAT_USD_ROTATE_YZX: return "usd_rotate_yzx";
    case SPCONV_EULER_FORMAT_USD_ROTATE_ZXY: return "usd_rotate_zxy";
    case SPCONV_EULER_FORMAT_USD_ROTATE_ZYX: return "usd_rotate_zyx";
    case SPCONV_EULER_FORMAT_THREEJS_XYZ: return "threejs_xyz";
    case SPCONV_EULER_FORMAT_THREEJS_XZY: return "threejs_xzy";
    case SPCONV_EULER_FORMAT_THREEJS_YXZ: return "threejs_yxz";
    case SPCONV_EULER_FORMAT_THREEJS_YZX: return "threejs_yzx";
    case SPCONV_EULER_FORMAT_THREEJS_ZXY: return "threejs_zxy";
    case SPCONV_EULER_FORMAT_THREEJS_ZYX: return "threejs_zyx";
    case SPCONV_EULER_FORMAT_BLENDER_XYZ: return "blender_xyz";
    case SPCONV_EULER_FORMAT_BLENDER_XZY: return "blender_xzy";
    case SPCONV_EULER_FORMAT_BLENDER_YXZ: return "blender_yxz";
    case SPCONV_EULER_FORMAT_BLENDER_YZX: return "blender_yzx";
    case SPCONV_EULER_FORMAT_BLENDER_ZXY: return "blender_zxy";
    case SPCONV_EULER_FORMAT_BLENDER_ZYX: return "blender_zyx";
    case SPCONV_EULER_FORMAT_UNITY: return "unity";
    case SPCONV_EULER_FORMAT_UNREAL: return "unreal";
    case SPCONV_EULER_FORMAT_END: break;
  }
  return NULL;
}

/* name, or exit 1 naming what had no name (a value the header added) */
static const char *named(const char *name, const char *what, long value) {
  if (name == NULL) {
    fprintf(stderr, "dump_presets: no name for %s value %ld\n", what, value);
    exit(1);
  }
  return name;
}

#define NAME(fn, v) named(fn(v), #fn, (long)(v))

static void print_preset(spconv_preset_id id, int last) {
  spconv_state_convention s = spconv_state_convention_from_preset(id);
  spconv_convention c = spconv_convention_from_preset(id);
  printf("    {\"name\": \"%s\", \"id\": %d,\n", named(spconv_preset_id_name(id), "preset", id),
         (int)id);
  printf("     \"pose\": {\"layout\": \"%s\", \"quat_order\": \"%s\", \"point\": \"%s\", "
         "\"orientation\": \"%s\"},\n",
         NAME(layout_name, s.pose.layout), NAME(quat_name, s.pose.quat_order),
         NAME(point_name, s.pose.point), NAME(pose_frame_name, s.pose.frame));
  printf("     \"twist\": {\"order\": \"%s\", \"point\": \"%s\", \"linear_frame\": \"%s\", "
         "\"angular_frame\": \"%s\", \"angle_unit\": \"%s\"},\n",
         NAME(order_name, c.order), NAME(point_name, c.point), NAME(frame_name, c.linear_frame),
         NAME(frame_name, c.angular_frame), NAME(angle_name, c.angle_unit));
  printf("     \"accel\": {\"kind\": \"%s\"}}%s\n", NAME(accel_name, c.accel), last ? "" : ",");
}

static void print_axis_preset(spconv_axis_preset p, int last) {
  spconv_axis_system s;
  if (spconv_axis_system_preset(&s, p) != SPCONV_OK) {
    fprintf(stderr, "dump_presets: axis preset %d refused\n", (int)p);
    exit(1);
  }
  printf("    {\"name\": \"%s\", \"id\": %d, \"x\": \"%s\", \"y\": \"%s\", \"z\": \"%s\", "
         "\"right_handed\": %s}%s\n",
         NAME(axis_preset_name, p), (int)p, NAME(direction_name, s.x), NAME(direction_name, s.y),
         NAME(direction_name, s.z), spconv_axis_system_is_right_handed(s) ? "true" : "false",
         last ? "" : ",");
}

/* exit 1 naming what a probe could not decide */
static void ambiguous(spconv_euler_format f, const char *what) {
  fprintf(stderr, "dump_presets: Euler format %d: %s\n", (int)f, what);
  exit(1);
}

/* q = a b (Hamilton product, wxyz) */
static void quat_mul(double q[4], const double a[4], const double b[4]) {
  q[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  q[1] = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
  q[2] = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
  q[3] = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
}

/* wxyz of format f for the stored angles a, in double */
static void format_quat(double q[4], const double a[3], spconv_euler_format f) {
  spconv_real ar[3], qr[4];
  int i;
  for (i = 0; i < 3; ++i) ar[i] = (spconv_real)a[i];
  if (spconv_quat_wxyz_from_euler_format(qr, ar, f) != SPCONV_OK) ambiguous(f, "refused");
  for (i = 0; i < 4; ++i) q[i] = (double)qr[i];
}

/* |1 - |<p, q>||: 0 when p and q are the same rotation */
static double quat_distance(const double p[4], const double q[4]) {
  return fabs(1.0 - fabs(p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3]));
}

/* Stored slot s alone set to 1 turns about one axis by 1 rad ("rad") or
   by pi/180 rad ("deg"): its letter and sign ("-y": a turn by -1 about y)
   into axis, its unit into *unit (one unit for all three slots). */
static void probe_slot(char axis[3], const char **unit, spconv_euler_format f, int s) {
  static const double turn[2] = {1.0, 3.14159265358979323846 / 180.0};
  static const char *const units[2] = {"rad", "deg"};
  double a[3] = {0, 0, 0}, q[4];
  int u, k, found = 0;
  a[s] = 1.0;
  format_quat(q, a, f);
  for (u = 0; u < 2; ++u) {
    for (k = 1; k <= 3; ++k) {
      double sign = q[0] * q[k] >= 0 ? 1.0 : -1.0; /* of the turn, q ~ -q */
      double want[4] = {0, 0, 0, 0};
      want[0] = cos(0.5 * turn[u]);
      want[k] = sign * sin(0.5 * turn[u]);
      if (quat_distance(q, want) > 1e-6) continue; /* a float's rounding */
      if (found++ || (*unit != NULL && *unit != units[u])) ambiguous(f, "slot unit");
      *unit = units[u];
      axis[0] = sign < 0 ? '-' : (char)('x' + k - 1);
      axis[1] = sign < 0 ? (char)('x' + k - 1) : '\0';
      axis[2] = '\0';
    }
  }
  if (found != 1) ambiguous(f, "a stored angle turns about no single axis");
}

/* the permutation order[] of the stored slots whose single-slot turns,
   multiplied left to right, give the whole rotation: R = F0 F1 F2; the
   angles are in the format's unit (per_rad: its units per radian) */
static void probe_product(int order[3], spconv_euler_format f, double per_rad) {
  static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  const double rad[3] = {0.4, -0.9, 1.2}; /* distinct, within every range */
  double angles[3], turn[3][4], whole[4], t[4], p[4];
  int i, s, found = 0;
  for (s = 0; s < 3; ++s) angles[s] = rad[s] * per_rad;
  for (s = 0; s < 3; ++s) {
    double a[3] = {0, 0, 0};
    a[s] = angles[s];
    format_quat(turn[s], a, f);
  }
  format_quat(whole, angles, f);
  for (i = 0; i < 6; ++i) {
    quat_mul(t, turn[perms[i][0]], turn[perms[i][1]]);
    quat_mul(p, t, turn[perms[i][2]]);
    if (quat_distance(p, whole) > 1e-5) continue; /* others differ by > 1e-3 */
    if (found++) ambiguous(f, "two products of the turns match");
    for (s = 0; s < 3; ++s) order[s] = perms[i][s];
  }
  if (!found) ambiguous(f, "no product of the turns matches");
}

/* a format's facts: its stored slots' axes and unit, the product order */
static void print_euler_format(spconv_euler_format f, int last) {
  char axis[3][3] = {"", "", ""};
  const char *unit = NULL;
  int s, order[3] = {0, 0, 0};
  for (s = 0; s < 3; ++s) probe_slot(axis[s], &unit, f, s);
  probe_product(order, f, unit[0] == 'd' ? 180.0 / 3.14159265358979323846 : 1.0);
  printf("    {\"name\": \"%s\", \"id\": %d, \"unit\": \"%s\", "
         "\"stored_axes\": [\"%s\", \"%s\", \"%s\"], \"product\": [%d, %d, %d]}%s\n",
         NAME(euler_format_name, f), (int)f, unit, axis[0], axis[1], axis[2], order[0], order[1],
         order[2], last ? "" : ",");
}

/* USD's metersPerUnit and upAxis fallbacks and the up axes spconv_usd_stage_matrix takes */
static void print_usd_stage(void) {
  static const char *const names[3] = {"x", "y", "z"};
  spconv_real M[9];
  int a, first = 1;
  printf(" \"usd_stage\": {\"meters_per_unit_fallback\": %.17g, \"up_axis_fallback\": \"%s\", "
         "\"up_axes\": [",
         (double)SPCONV_USD_METERS_PER_UNIT_FALLBACK, names[SPCONV_USD_UP_AXIS_FALLBACK]);
  for (a = 0; a < 3; ++a) {
    if (spconv_usd_stage_matrix(M, 1, (spconv_axis)a, 1, SPCONV_AXIS_Z) != SPCONV_OK) continue;
    printf("%s\"%s\"", first ? "" : ", ", names[a]);
    first = 0;
  }
  printf("]}}\n");
}

int main(void) {
  int i;
  printf("{\"library_version\": \"%d.%d.%d\",\n \"presets\": [\n", SPCONV_VERSION_MAJOR,
         SPCONV_VERSION_MINOR, SPCONV_VERSION_PATCH);
  for (i = 0; i < SPCONV_PRESET_COUNT; ++i)
    print_preset((spconv_preset_id)(SPCONV_PRESET_FIRST + i), i == SPCONV_PRESET_COUNT - 1);
  printf("  ],\n \"axis_systems\": [\n");
  for (i = 0; i < SPCONV_AXIS_PRESET_COUNT; ++i)
    print_axis_preset((spconv_axis_preset)(SPCONV_AXIS_PRESET_FIRST + i),
                      i == SPCONV_AXIS_PRESET_COUNT - 1);
  printf("  ],\n \"euler_formats\": [\n");
  for (i = 0; i < SPCONV_EULER_FORMAT_COUNT; ++i)
    print_euler_format((spconv_euler_format)(SPCONV_EULER_FORMAT_FIRST + i),
                       i == SPCONV_EULER_FORMAT_COUNT - 1);
  printf("  ],\n");
  print_usd_stage();
  return 0;
}
