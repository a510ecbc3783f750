/* Enum mix-ups that an int would let through. Each SPCONV_MIXUP_<NAME>
   stores a value of one enum where another enum is expected; through an
   int every one of them compiled silently and meant something else (the
   comment says what, in spatial_conv 0.x's values). tests/compile/
   enum_mixup.sh compiles this file once per mix-up and expects a warning
   in C (-Wenum-conversion, part of -Wextra) and an error in C++; without
   any SPCONV_MIXUP_ it must compile without a warning. */
#include "spatial_conv.h"

int enum_mixup(void);

int enum_mixup(void) {
  static const int type[1] = {SPCONV_JOINT_FREE}, q_start[2] = {0, 7}, qd_start[2] = {0, 6};
  static const int child[1] = {0};
  spconv_convention c = spconv_convention_from_preset(SPCONV_PRESET_NEWTON);
  spconv_state_convention s = spconv_state_convention_from_preset(SPCONV_PRESET_NEWTON);
  spconv_real qd[6] = {0, 0, 0, 0, 0, 1}, body_q[7] = {0, 0, 0, 0, 0, 0, 1}, com[3] = {0, 0, 0};
  spconv_joint_layout L;
  int n = 0;
  L.joint_count = 1;
  L.joint_type = type;
  L.joint_q_start = q_start;
  L.joint_qd_start = qd_start;
  L.joint_child = child;
  L.body_count = 1;

  /* a 6-vector's reference point */
#if defined(SPCONV_MIXUP_POINT)
  c.point = SPCONV_FRAME_BODY; /* 0.x: SPCONV_POINT_ORIGIN */
#else
  c.point = SPCONV_POINT_ORIGIN;
#endif

  /* the frame of a pose's orientation */
#if defined(SPCONV_MIXUP_POSE_FRAME)
  s.pose.frame = SPCONV_FRAME_WORLD; /* 0.x: no pose frame, refused at run time only */
#else
  s.pose.frame = SPCONV_POSE_FRAME_INERTIAL;
#endif

  /* a preset id */
#if defined(SPCONV_MIXUP_PRESET)
  c = spconv_convention_from_preset(SPCONV_AXIS_PRESET_NEWTON); /* 0.x: SPCONV_PRESET_BULLET */
#else
  c = spconv_convention_from_preset(SPCONV_PRESET_BULLET);
#endif

  /* a SAP boundary order flag */
#if defined(SPCONV_MIXUP_SAP_ORDER)
  n += spconv_sap_boundary_out(qd, &L, body_q, com, SPCONV_ORDER_ANGULAR_FIRST); /* 0.x: SAP */
#else
  n += spconv_sap_boundary_out(qd, &L, body_q, com, SPCONV_SAP_ORDER_SAP);
#endif

  /* a joint type (Newton's values: only the compiler sees this one) */
#if defined(SPCONV_MIXUP_JOINT_TYPE)
  n += spconv_joint_q_size(SPCONV_AXIS_Z, 0, 0); /* 0.x and 1.0: SPCONV_JOINT_BALL */
#else
  n += spconv_joint_q_size(SPCONV_JOINT_BALL, 0, 0);
#endif

  return n + (c.point == SPCONV_POINT_ORIGIN) + (s.pose.frame == SPCONV_POSE_FRAME_INERTIAL);
}
