/* One SAP solver step boundary for a free body: public buffers in, SAP's
   angular-first body-origin buffers for the kernels, public buffers out.

   public twist  [v_C; w]     sap twist  [w; v_O]     u_sap = P_v u_public
   public wrench [f; tau_C]   sap wrench [tau_O; f]   g_sap = P_f g_public
   body force residual (internal): -P_f F_public
   All in world axes; r_oc = R_WB com_B, recomputed every step. */
#include <math.h>
#include <stdio.h>

#include "spatial_conv.h"

static void print6(const char *name, const spconv_real x[6]) {
  printf("  %-28s [% .6f % .6f % .6f | % .6f % .6f % .6f]\n", name, x[0], x[1], x[2], x[3],
         x[4], x[5]);
}

int main(void) {
  const spconv_real quat_wxyz[4] = {0.9238795325112867, 0.0, 0.3826834323650898, 0.0};
  const spconv_real com_body[3] = {0.1, -0.05, 0.3};
  const spconv_real u_public[6] = {0.5, 0.0, -0.2, 0.0, 1.5, 0.3};  /* [v_C; w] */
  const spconv_real g_public[6] = {0.0, 0.0, 9.81, 0.2, 0.0, 0.0};  /* [f; tau_C] */
  const spconv_real f_public[6] = {1.0, -2.0, 0.0, 0.0, 0.0, 0.1};  /* body_f */
  spconv_real r_oc[3], u_sap[6], g_sap[6], f_sap[6], u_out[6], f_out[6], Pv[36], Pu[6];
  double err = 0.0;
  int i, k;

  spconv_quat_rotate_wxyz(r_oc, quat_wxyz, com_body); /* r_oc = R_WB com_B */
  spconv_sap_twist_from_public(u_sap, u_public, r_oc);
  spconv_sap_wrench_from_public(g_sap, g_public, r_oc);
  spconv_sap_body_force_from_public(f_sap, f_public, r_oc);

  printf("SAP boundary, r_oc = [% .6f % .6f % .6f] (world)\n", r_oc[0], r_oc[1], r_oc[2]);
  print6("public twist [v_C | w]", u_public);
  print6("sap twist [w | v_O]", u_sap);
  print6("public wrench [f | tau_C]", g_public);
  print6("sap wrench [tau_O | f]", g_sap);
  print6("public body_f [f | tau_C]", f_public);
  print6("sap residual -P_f F", f_sap);

  /* ... the SAP kernels would run here, in SAP order ... */

  spconv_public_twist_from_sap(u_out, u_sap, r_oc);
  spconv_public_body_force_from_sap(f_out, f_sap, r_oc);
  print6("public twist out", u_out);
  print6("public body_f out", f_out);

  /* the 6x6 form P_v gives the same sap twist (for Jacobian columns) */
  spconv_sap_twist_matrix(Pv, r_oc);
  for (i = 0; i < 6; ++i) {
    Pu[i] = 0;
    for (k = 0; k < 6; ++k) Pu[i] += Pv[6 * i + k] * u_public[k];
    err = fmax(err, fabs(Pu[i] - u_sap[i]));
    err = fmax(err, fabs(u_out[i] - u_public[i]));
    err = fmax(err, fabs(f_out[i] - f_public[i]));
  }
  printf("  power: public g.u = %.12f W, sap g.u = %.12f W\n", spconv_power(g_public, u_public),
         spconv_power(g_sap, u_sap));
  err = fmax(err, fabs(spconv_power(g_public, u_public) - spconv_power(g_sap, u_sap)));
  printf("  largest round-trip / matrix / power difference: %.3g\n", err);
  return err < 1e-12 ? 0 : 1;
}
