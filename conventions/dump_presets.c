/* Prints, as JSON on stdout, what spatial_conv.h says about every engine
   preset (spconv_state_convention_from_preset: the pose and 6-vector
   conventions) and every axis preset (spconv_axis_system_preset). Every
   value is read from the header through its public functions; the names
   printed for enum values are the schema of conventions/conventions.json
   (docs/engines.md, "The registry"). conventions/generate.py merges this
   output with the citations of conventions/sources.json. */
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
  printf("  ]}\n");
  return 0;
}
