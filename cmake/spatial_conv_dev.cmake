# Settings shared by the tests and the examples (never by consumers).

# spconv_option(NAME DOC DEFAULT): option() whose default an environment
# variable of the same name may set. CI runs the README's commands with the
# ci preset's requirements set this way (.ci/run); a value from -D, a preset
# or an existing cache wins over the environment.
function(spconv_option name doc default)
  if(DEFINED ENV{${name}})
    set(default "$ENV{${name}}")
  endif()
  option(${name} "${doc}" ${default})
endfunction()

spconv_option(SPATIAL_CONV_REQUIRE_MUJOCO "Fail when MuJoCo is not found (CI)" OFF)
# The Python package (python/): its pytest suite (tests/) and the examples
# that pip-install it (examples/python). The sanitize, clang and coverage
# presets, which build the C code differently, leave it out; so does CI's
# second run of the README's commands (SPATIAL_CONV_PYTHON_TESTS=OFF).
spconv_option(SPATIAL_CONV_PYTHON_TESTS "Build and test the Python package (python/) and run its examples" ON)
option(SPATIAL_CONV_SANITIZE "Build tests and examples with ASan + UBSan" OFF)

# Warnings every translation unit of ours must pass.
set(SPATIAL_CONV_WARNINGS
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wdouble-promotion -Werror)

option(SPATIAL_CONV_COVERAGE "Build tests and examples with gcc --coverage (coverage preset)" OFF)
if(SPATIAL_CONV_COVERAGE)
  # -fkeep-static-functions: the header's static inline functions that no
  # test calls are still emitted, so their lines count as not run.
  add_compile_options(--coverage -O0 -fkeep-static-functions)
  add_link_options(--coverage)
endif()

if(SPATIAL_CONV_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

find_package(mujoco CONFIG QUIET)
if(mujoco_FOUND)
  # Debian's 2.2.2 package names /usr/include/libqhull_r/ among mujoco::mujoco's
  # include directories without depending on libqhull-dev; CMake refuses an
  # imported target with a missing include directory, so keep the ones that exist.
  get_target_property(_mj_includes mujoco::mujoco INTERFACE_INCLUDE_DIRECTORIES)
  set(_mj_existing "")
  foreach(_dir IN LISTS _mj_includes)
    if(EXISTS "${_dir}")
      list(APPEND _mj_existing "${_dir}")
    endif()
  endforeach()
  set_target_properties(mujoco::mujoco PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_mj_existing}")
  message(STATUS "spatial_conv: MuJoCo ${mujoco_VERSION} found, cross-checks enabled")
elseif(SPATIAL_CONV_REQUIRE_MUJOCO)
  message(FATAL_ERROR "spatial_conv: MuJoCo not found and SPATIAL_CONV_REQUIRE_MUJOCO is ON; "
                      "install it with: apt-get install libmujoco-dev")
else()
  message(STATUS "spatial_conv: MuJoCo not found, its cross-checks and example are skipped "
                 "(apt-get install libmujoco-dev)")
endif()

# Bullet 3.24, ODE and Orocos KDL (Debian: libbullet-dev, libode-dev,
# liborocos-kdl-dev) for the body-state cross-checks and the hand-off
# example, urdfdom 3.0 (liburdfdom-dev) for the URDF rpy cross-check. Each
# found engine becomes an interface target spatial_conv_dev::<name>;
# SPATIAL_CONV_REQUIRE_ENGINES makes a missing one an error (CI).
spconv_option(SPATIAL_CONV_REQUIRE_ENGINES "Fail when Bullet, ODE, Orocos KDL or urdfdom is not found (CI)" OFF)
find_package(PkgConfig QUIET)
set(SPATIAL_CONV_ENGINES_MISSING "")
foreach(_engine bullet ode urdfdom)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(SPCONV_PC_${_engine} QUIET IMPORTED_TARGET ${_engine})
  endif()
  if(SPCONV_PC_${_engine}_FOUND)
    add_library(spatial_conv_dev_${_engine} INTERFACE)
    target_link_libraries(spatial_conv_dev_${_engine} INTERFACE PkgConfig::SPCONV_PC_${_engine})
    add_library(spatial_conv_dev::${_engine} ALIAS spatial_conv_dev_${_engine})
    message(STATUS "spatial_conv: ${_engine} ${SPCONV_PC_${_engine}_VERSION} found, cross-checks enabled")
  else()
    list(APPEND SPATIAL_CONV_ENGINES_MISSING ${_engine})
  endif()
endforeach()
find_package(orocos_kdl CONFIG QUIET)
if(orocos_kdl_FOUND)
  add_library(spatial_conv_dev_kdl INTERFACE)
  target_include_directories(spatial_conv_dev_kdl INTERFACE ${orocos_kdl_INCLUDE_DIRS})
  target_link_libraries(spatial_conv_dev_kdl INTERFACE ${orocos_kdl_LIBRARIES})
  add_library(spatial_conv_dev::kdl ALIAS spatial_conv_dev_kdl)
  message(STATUS "spatial_conv: Orocos KDL ${orocos_kdl_VERSION} found, cross-check enabled")
else()
  list(APPEND SPATIAL_CONV_ENGINES_MISSING kdl)
endif()
if(SPATIAL_CONV_ENGINES_MISSING AND SPATIAL_CONV_REQUIRE_ENGINES)
  message(FATAL_ERROR "spatial_conv: not found: ${SPATIAL_CONV_ENGINES_MISSING} and "
                      "SPATIAL_CONV_REQUIRE_ENGINES is ON; install them with: "
                      "apt-get install libbullet-dev libode-dev liborocos-kdl-dev liburdfdom-dev")
elseif(SPATIAL_CONV_ENGINES_MISSING)
  message(STATUS "spatial_conv: not found: ${SPATIAL_CONV_ENGINES_MISSING}; their cross-checks "
                 "are skipped (apt-get install libbullet-dev libode-dev liborocos-kdl-dev liburdfdom-dev)")
endif()
