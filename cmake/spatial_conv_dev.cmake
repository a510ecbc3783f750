# Settings shared by the tests and the examples (never by consumers).

option(SPATIAL_CONV_REQUIRE_MUJOCO "Fail when MuJoCo is not found (CI)" OFF)
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
