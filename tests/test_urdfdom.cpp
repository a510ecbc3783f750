// spatial_conv.h sections: rotation representations (Euler angles of asset
// formats, vs urdfdom 3.0, Debian's liburdfdom-dev).
// URDF's rpy="r p y" is SPCONV_EULER_FORMAT_URDF_RPY: R = Rz(y) Ry(p) Rx(r),
// radians. urdfdom's parser stores every <origin> as a urdf::Pose whose
// rotation (x, y, z, w) Rotation::setFromRPY made from the text, and turns
// it back into angles with Rotation::getRPY. Checked on
//   1. Unitree's G1 description (tests/data/g1_29dof_rev_1_0.urdf, read with
//      urdf::parseURDFFile): every joint origin and every link's inertial,
//      visual and collision origin, the rpy text read from the file itself
//      (an origin without rpy, or an element without origin, is identity);
//   2. seeded random rpy written into URDF text (urdf::parseURDF): uniform
//      in (-pi, pi]^3, then pitch near +-pi/2 inside getRPY's lock branch
//      (|sin p| >= 0.99999, pitch = +-pi/2 included) and just outside it.
// Per origin:
//   spconv_quat_wxyz_from_euler_format(URDF_RPY) of the text vs
//     Pose::rotation (up to sign);
//   spconv_euler_format_from_quat_wxyz(URDF_RPY) of Pose::rotation: its
//     angles rebuild Pose::rotation; they are the text's rpy (modulo 2 pi)
//     where the text is in the format's ranges, and getRPY's, where
//     |sin p| < 0.995 (nearer the lock, the angles themselves are
//     ill-conditioned: their rounding grows as 1 / cos p);
//   getRPY nearer the lock, |sin p| in [0.995, 0.99999): its angles
//     rebuild Pose::rotation (spconv_quat_wxyz_from_euler_format);
//   getRPY's lock branch, |sin p| >= 0.99999: it returns p = +-pi/2
//     exactly, r = 0 and y = 2 atan2(-+x, y), a rotation at p = +-pi/2, so
//     its angles rebuild Pose::rotation only to within the pitch it rounds
//     away (up to acos(0.99999) = 4.5e-3 rad; the quaternion's components
//     by about half that: tolerance 2.5e-3). At an exact lock the two
//     differ in which angle carries the turn: getRPY puts y - r in yaw
//     (r = 0), the header r - y in roll (y = 0), the same rotation.
// urdfdom computes in double from the text. The random angles are rounded
// to spconv_real and written with 17 digits, so both sides read the same
// numbers; the G1 file's numbers are rounded to spconv_real for the header.
// Tolerance XC_TOL (1e-12 in double, 1e-5 in float), relative to
// max(1, max |expected|).
#include <urdf_parser/urdf_parser.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "test_core_xcheck.h"

namespace {

const char kLib[] = "urdfdom";

// the tolerance of getRPY's lock branch on quaternion components: about
// half the largest pitch it rounds to +-pi/2, acos(0.99999) = 4.47e-3 rad
// (2.25e-3 seen)
const double kLockBranchTol = 2.5e-3;

double dbl(spconv_real x) { return static_cast<double>(x); }

// ------------------------------------------------------ the file's rpy text

// where an <origin> is: a joint's, or a link's inertial, visual or collision
// (index: the n-th of that kind in the link)
enum class OriginOf { kJoint, kInertial, kVisual, kCollision };

struct OriginText {
  OriginOf of;
  std::string owner;  // the joint's or the link's name
  size_t index;
  double rpy[3];  // (0, 0, 0) when the text has no rpy
};

std::string without_comments(std::string s) {
  size_t a;
  while ((a = s.find("<!--")) != std::string::npos) {
    const size_t b = s.find("-->", a);
    s.erase(a, b == std::string::npos ? std::string::npos : b + 3 - a);
  }
  return s;
}

// the next element <tag ...>body</tag> or <tag .../> at or after pos: its
// opening tag and its body (empty when self-closing); pos moves past it
bool next_element(const std::string &s, const std::string &tag, size_t &pos, std::string &open,
                  std::string &body) {
  for (;;) {
    const size_t a = s.find("<" + tag, pos);
    if (a == std::string::npos) return false;
    const size_t after = a + 1 + tag.size();
    pos = after;
    if (after >= s.size()) return false;
    const char c = s[after];
    if (!std::isspace(static_cast<unsigned char>(c)) && c != '>' && c != '/') continue;
    const size_t gt = s.find('>', a);
    if (gt == std::string::npos) return false;
    open = s.substr(a, gt + 1 - a);
    if (s[gt - 1] == '/') {
      body.clear();
      pos = gt + 1;
      return true;
    }
    const size_t close = s.find("</" + tag + ">", gt);
    if (close == std::string::npos) return false;
    body = s.substr(gt + 1, close - gt - 1);
    pos = close + tag.size() + 3;
    return true;
  }
}

// the value of the attribute name="..." of an opening tag
bool attribute(const std::string &open, const char *name, std::string &value) {
  const std::string key = std::string(name) + "=\"";
  for (size_t a = open.find(key); a != std::string::npos; a = open.find(key, a + 1)) {
    if (a == 0 || !std::isspace(static_cast<unsigned char>(open[a - 1]))) continue;
    const size_t b = open.find('"', a + key.size());
    if (b == std::string::npos) return false;
    value = open.substr(a + key.size(), b - a - key.size());
    return true;
  }
  return false;
}

// the rpy of the first <origin> in body; false when an rpy is not three numbers
bool origin_rpy(const std::string &body, double rpy[3]) {
  std::string open, inner, text;
  size_t pos = 0;
  rpy[0] = rpy[1] = rpy[2] = 0.0;
  if (!next_element(body, "origin", pos, open, inner) || !attribute(open, "rpy", text)) return true;
  std::istringstream in(text);
  in.imbue(std::locale::classic());
  in >> rpy[0] >> rpy[1] >> rpy[2];
  return !in.fail();
}

// every origin of xml's joints and links, in the order of the text
std::vector<OriginText> scan_origins(const std::string &xml, bool &ok) {
  static const char *const kinds[3] = {"inertial", "visual", "collision"};
  const std::string s = without_comments(xml);
  std::vector<OriginText> res;
  std::string open, body, name, kopen, kbody;
  size_t pos = 0;
  ok = true;
  while (next_element(s, "joint", pos, open, body)) {
    OriginText o{OriginOf::kJoint, "", 0, {0, 0, 0}};
    ok = attribute(open, "name", o.owner) && origin_rpy(body, o.rpy) && ok;
    res.push_back(o);
  }
  pos = 0;
  while (next_element(s, "link", pos, open, body)) {
    ok = attribute(open, "name", name) && ok;
    for (int k = 0; k < 3; ++k) {
      size_t kpos = 0, index = 0;
      while (next_element(body, kinds[k], kpos, kopen, kbody)) {
        OriginText o{static_cast<OriginOf>(1 + k), name, index++, {0, 0, 0}};
        ok = origin_rpy(kbody, o.rpy) && ok;
        res.push_back(o);
      }
    }
  }
  return res;
}

// urdfdom's pose of an origin of the text, or nullptr
const urdf::Pose *pose_of(const urdf::ModelInterface &model, const OriginText &o) {
  if (o.of == OriginOf::kJoint) {
    urdf::JointConstSharedPtr j = model.getJoint(o.owner);
    return j ? &j->parent_to_joint_origin_transform : nullptr;
  }
  urdf::LinkConstSharedPtr l = model.getLink(o.owner);
  if (!l) return nullptr;
  if (o.of == OriginOf::kInertial) return (l->inertial && o.index == 0) ? &l->inertial->origin : nullptr;
  if (o.of == OriginOf::kVisual)
    return o.index < l->visual_array.size() ? &l->visual_array[o.index]->origin : nullptr;
  return o.index < l->collision_array.size() ? &l->collision_array[o.index]->origin : nullptr;
}

// the origins urdfdom's model holds: its joints, and its links' inertials,
// visuals and collisions
size_t origins_in_model(const urdf::ModelInterface &model) {
  size_t n = model.joints_.size();
  for (const auto &l : model.links_)
    n += (l.second->inertial ? 1u : 0u) + l.second->visual_array.size() +
         l.second->collision_array.size();
  return n;
}

// ------------------------------------------------------------ comparisons

// "fn, src" as a row name
std::string row_name(const char *fn, const char *src) { return std::string(fn) + ", " + src; }

// got (wxyz, spconv_real) vs want (wxyz, double), the sign of got matched
void check_quat(xc_row *row, const char *what, int k, const spconv_real got[4],
                const double want[4], double tol) {
  double g[4], dot = 0.0;
  for (int i = 0; i < 4; ++i) dot += dbl(got[i]) * want[i];
  for (int i = 0; i < 4; ++i) g[i] = dot < 0 ? -dbl(got[i]) : dbl(got[i]);
  xc_check_scaled_tol(row, what, k, g, want, 4, 1.0, tol);
}

// angles (radians) got vs want modulo 2 pi
void check_angles(xc_row *row, const char *what, int k, const spconv_real got[3],
                  const double want[3]) {
  double g[3];
  for (int i = 0; i < 3; ++i) g[i] = want[i] + std::remainder(dbl(got[i]) - want[i], 2 * XC_PI);
  xc_check_scaled(row, what, k, g, want, 3, 1.0);
}

// rpy within URDF_RPY's ranges: p in [-pi/2, pi/2], r and y in (-pi, pi]
bool in_format_ranges(const double rpy[3]) {
  return std::fabs(rpy[1]) <= XC_PI / 2 && rpy[0] > -XC_PI && rpy[0] <= XC_PI &&
         rpy[2] > -XC_PI && rpy[2] <= XC_PI;
}

// the quaternion (wxyz) of URDF rpy, its status checked in src's row
void quat_of_rpy(spconv_real q[4], const spconv_real rpy[3], const char *src, long min_n,
                 const char *what, int k) {
  const int st = spconv_quat_wxyz_from_euler_format(q, rpy, SPCONV_EULER_FORMAT_URDF_RPY);
  xc_check_status(xc_get_min(kLib, row_name("spconv_quat_wxyz_from_euler_format status", src).c_str(),
                             XC_TOL, min_n),
                  what, k, st, SPCONV_OK);
}

// spconv_real of three doubles
void real3(spconv_real res[3], const double x[3]) {
  for (int i = 0; i < 3; ++i) res[i] = static_cast<spconv_real>(x[i]);
}

// every check of one origin: rpy (the text) and urdfdom's rotation r; rows
// named after src, each with at least min_n comparisons where every origin
// reaches it
void check_origin(const char *src, long min_n, int k, const char *what, const double rpy_text[3],
                  const urdf::Rotation &r) {
  const double want[4] = {r.w, r.x, r.y, r.z};
  const spconv_real qr[4] = {static_cast<spconv_real>(r.w), static_cast<spconv_real>(r.x),
                             static_cast<spconv_real>(r.y), static_cast<spconv_real>(r.z)};
  spconv_real rpy[3], q[4], e[3];
  real3(rpy, rpy_text);
  quat_of_rpy(q, rpy, src, min_n, what, k);
  check_quat(xc_get_min(kLib,
                        row_name("spconv_quat_wxyz_from_euler_format(URDF_RPY) vs Pose::rotation", src)
                            .c_str(),
                        XC_TOL, min_n),
             what, k, q, want, XC_TOL);

  // |sin p| as getRPY computes it, from urdfdom's quaternion
  const double sarg = std::fabs(-2 * (r.x * r.z - r.w * r.y));
  const int st = spconv_euler_format_from_quat_wxyz(e, qr, SPCONV_EULER_FORMAT_URDF_RPY);
  xc_check_status(xc_get_min(kLib,
                             row_name("spconv_euler_format_from_quat_wxyz status (OK, or GIMBAL_LOCK)",
                                      src).c_str(),
                             XC_TOL, min_n),
                  what, k, st == SPCONV_GIMBAL_LOCK && sarg > 0.995 ? SPCONV_OK : st, SPCONV_OK);
  quat_of_rpy(q, e, src, min_n, what, k);
  check_quat(xc_get_min(kLib,
                        row_name("spconv_euler_format_from_quat_wxyz(URDF_RPY) rebuilds Pose::rotation",
                                 src).c_str(),
                        XC_TOL, min_n),
             what, k, q, want, XC_TOL);
  if (in_format_ranges(rpy_text) && std::cos(rpy_text[1]) >= 0.1)
    check_angles(xc_get_min(kLib,
                            row_name("spconv_euler_format_from_quat_wxyz(URDF_RPY) vs the rpy text",
                                     src).c_str(),
                            XC_TOL, 1),
                 what, k, e, rpy_text);

  double g[3];
  r.getRPY(g[0], g[1], g[2]);
  if (sarg < 0.995) {
    check_angles(xc_get_min(kLib,
                            row_name("spconv_euler_format_from_quat_wxyz(URDF_RPY) vs "
                                     "Rotation::getRPY, |sin p| < 0.995",
                                     src).c_str(),
                            XC_TOL, 1),
                 what, k, e, g);
    return;
  }
  // nearer the lock: the rotation of getRPY's angles
  const bool branch = sarg >= 0.99999;
  const double tol = branch ? kLockBranchTol : XC_TOL;
  const char *fn = branch ? "getRPY's lock branch (|sin p| >= 0.99999) rebuilds Pose::rotation"
                          : "getRPY's angles rebuild Pose::rotation, |sin p| in [0.995, 0.99999)";
  spconv_real gr[3];
  real3(gr, g);
  quat_of_rpy(q, gr, src, min_n, what, k);
  check_quat(xc_get_min(kLib, row_name(fn, src).c_str(), tol, 1), what, k, q, want, tol);
}

// every origin of xml (parsed by urdfdom into model) checked under src;
// every row that every origin reaches needs one comparison per origin
void check_model(const char *src, const std::string &xml, const urdf::ModelInterface &model) {
  bool ok = false;
  const std::vector<OriginText> origins = scan_origins(xml, ok);
  const long n = static_cast<long>(origins.size());
  xc_row *found = xc_get_min(kLib, row_name("the text's origins found in urdfdom's model", src).c_str(),
                             XC_TOL, n + 2);
  xc_check_status(found, "rpy text parsed", 0, ok ? SPCONV_OK : SPCONV_EINVAL, SPCONV_OK);
  xc_check_status(found, "as many origins as urdfdom's model", 0,
                  origins.size() == origins_in_model(model) ? SPCONV_OK : SPCONV_EINVAL, SPCONV_OK);
  int k = 0;
  for (const OriginText &o : origins) {
    static const char *const of[4] = {"joint", "inertial of link", "visual of link",
                                      "collision of link"};
    const std::string what = std::string(of[static_cast<int>(o.of)]) + " " + o.owner;
    const urdf::Pose *pose = pose_of(model, o);
    xc_check_status(found, what.c_str(), k, pose ? SPCONV_OK : SPCONV_EINVAL, SPCONV_OK);
    if (pose) check_origin(src, n, k, what.c_str(), o.rpy, pose->rotation);
    ++k;
  }
  printf("%s: %ld origins\n", src, n);
}

// ---------------------------------------------------------------- the runs

void check_g1(const char *path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  urdf::ModelInterfaceSharedPtr model = urdf::parseURDFFile(path);
  xc_row *row = xc_get_min(kLib, "urdf::parseURDFFile(G1 file)", XC_TOL, 1);
  xc_check_status(row, path, 0, (in && model) ? SPCONV_OK : SPCONV_EINVAL, SPCONV_OK);
  if (model) check_model("G1 file", text.str(), *model);
}

// an angle uniform in (-pi, pi], rounded to spconv_real
double angle() { return dbl(static_cast<spconv_real>(-xc_uniform(-XC_PI, XC_PI))); }

// kUniform triples in (-pi, pi]^3, then kNearLock with the pitch inside
// getRPY's lock branch (pi/2 - 10^U(-12, -2.4), every 16th exactly +-pi/2
// rounded) and kNearLock just outside it (pi/2 - U(4.6e-3, 0.0998)), both
// signs; one fixed joint each
void check_random() {
  const int kUniform = 3000, kNearLock = 1000;
  std::ostringstream xml;
  xml.precision(17);
  xml << "<robot name=\"random_rpy\">\n  <link name=\"base\"/>\n";
  xc_seed(0x0dfd0e);
  for (int n = 0; n < kUniform + 2 * kNearLock; ++n) {
    double rpy[3] = {angle(), angle(), angle()};
    if (n >= kUniform) {
      const double d = n - kUniform < kNearLock
                           ? ((n % 16) ? std::pow(10.0, xc_uniform(-12, -2.4)) : 0.0)
                           : xc_uniform(4.6e-3, 0.0998);
      rpy[1] = dbl(static_cast<spconv_real>((n % 2 ? -1 : 1) * (XC_PI / 2 - d)));
    }
    xml << "  <link name=\"l" << n << "\"/>\n  <joint name=\"j" << n
        << "\" type=\"fixed\"><parent link=\"base\"/><child link=\"l" << n
        << "\"/><origin xyz=\"0 0 0\" rpy=\"" << rpy[0] << " " << rpy[1] << " " << rpy[2]
        << "\"/></joint>\n";
  }
  xml << "</robot>\n";
  urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(xml.str());
  xc_row *row = xc_get_min(kLib, "urdf::parseURDF(random rpy)", XC_TOL, 1);
  xc_check_status(row, "random rpy", 0, model ? SPCONV_OK : SPCONV_EINVAL, SPCONV_OK);
  if (model) check_model("random rpy", xml.str(), *model);
}

}  // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    printf("usage: %s tests/data/g1_29dof_rev_1_0.urdf\n", argv[0]);
    return 2;
  }
  check_g1(argv[1]);
  check_random();
  return xc_summary("spatial_conv URDF rpy vs urdfdom 3.0");
}
