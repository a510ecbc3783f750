# Settings shared by the tests and the examples (never by consumers).

option(SPATIAL_CONV_REQUIRE_MUJOCO "Fail when MuJoCo is not found (CI)" OFF)
option(SPATIAL_CONV_SANITIZE "Build tests and examples with ASan + UBSan" OFF)

# Warnings every translation unit of ours must pass.
set(SPATIAL_CONV_WARNINGS
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wdouble-promotion -Werror)

if(SPATIAL_CONV_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

find_package(mujoco CONFIG QUIET)
if(mujoco_FOUND)
  message(STATUS "spatial_conv: MuJoCo ${mujoco_VERSION} found, cross-checks enabled")
elseif(SPATIAL_CONV_REQUIRE_MUJOCO)
  message(FATAL_ERROR "spatial_conv: MuJoCo not found and SPATIAL_CONV_REQUIRE_MUJOCO is ON; "
                      "install it with: apt-get install libmujoco-dev")
else()
  message(STATUS "spatial_conv: MuJoCo not found, its cross-checks and example are skipped "
                 "(apt-get install libmujoco-dev)")
endif()
