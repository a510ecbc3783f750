# cmocka for the test suite. Defines cmocka::cmocka from the first of:
#
#   1. an installed cmocka: its CMake config file (Debian/Ubuntu:
#      libcmocka-dev), or cmocka.h and libcmocka on the usual paths;
#   2. the distribution's own packages, without root and from no host but
#      the machine's apt sources: `apt-get download libcmocka-dev libcmocka0`
#      and `dpkg-deb -x` into <build>/_deps/cmocka-deb (Debian, Ubuntu);
#   3. the upstream release, pinned by hash, built with the tests.
#
# 2 and 3 run when SPATIAL_CONV_FETCH_CMOCKA is ON, or AUTO (the default)
# and SPATIAL_CONV_REQUIRE_TESTS is ON (the test presets). When none works,
# SPATIAL_CONV_CMOCKA_TRIED says what was tried and why it failed; the
# caller decides between skipping the tests and stopping.

set(SPATIAL_CONV_FETCH_CMOCKA "AUTO" CACHE STRING
    "Obtain cmocka when it is not installed (apt-get download, then the upstream release): AUTO = when SPATIAL_CONV_REQUIRE_TESTS is ON")
set_property(CACHE SPATIAL_CONV_FETCH_CMOCKA PROPERTY STRINGS AUTO ON OFF)
set(SPATIAL_CONV_CMOCKA_TRIED "")

# ------------------------------------------------------------ 1. installed
# Debian's libcmocka-dev (1.1.5) ships a config file that sets variables but
# no imported target: make cmocka::cmocka from them.
find_package(cmocka CONFIG QUIET)
if(NOT TARGET cmocka::cmocka AND cmocka_FOUND AND CMOCKA_LIBRARIES)
  add_library(cmocka::cmocka UNKNOWN IMPORTED)
  set_target_properties(cmocka::cmocka PROPERTIES
    IMPORTED_LOCATION "${CMOCKA_LIBRARIES}"
    INTERFACE_INCLUDE_DIRECTORIES "${CMOCKA_INCLUDE_DIR}")
elseif(NOT TARGET cmocka::cmocka AND TARGET cmocka)
  add_library(cmocka::cmocka ALIAS cmocka)
endif()
if(NOT TARGET cmocka::cmocka)
  find_path(SPATIAL_CONV_CMOCKA_INCLUDE_DIR cmocka.h)
  find_library(SPATIAL_CONV_CMOCKA_LIBRARY cmocka)
  if(SPATIAL_CONV_CMOCKA_INCLUDE_DIR AND SPATIAL_CONV_CMOCKA_LIBRARY)
    add_library(cmocka::cmocka UNKNOWN IMPORTED)
    set_target_properties(cmocka::cmocka PROPERTIES
      IMPORTED_LOCATION "${SPATIAL_CONV_CMOCKA_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${SPATIAL_CONV_CMOCKA_INCLUDE_DIR}")
  endif()
endif()
if(TARGET cmocka::cmocka)
  message(STATUS "spatial_conv: cmocka found (installed)")
  return()
endif()

set(_spconv_fetch "${SPATIAL_CONV_FETCH_CMOCKA}")
if(_spconv_fetch STREQUAL "AUTO")
  set(_spconv_fetch "${SPATIAL_CONV_REQUIRE_TESTS}")
endif()
if(NOT _spconv_fetch)
  set(SPATIAL_CONV_CMOCKA_TRIED "not installed")
  return()
endif()
set(SPATIAL_CONV_CMOCKA_TRIED "not installed")

# ---------------------------------------------- 2. the distribution's .debs
function(_spconv_cmocka_from_debs)
  find_program(SPATIAL_CONV_APT_GET apt-get)
  find_program(SPATIAL_CONV_DPKG_DEB dpkg-deb)
  if(NOT SPATIAL_CONV_APT_GET OR NOT SPATIAL_CONV_DPKG_DEB)
    set(SPATIAL_CONV_CMOCKA_TRIED "${SPATIAL_CONV_CMOCKA_TRIED}; no apt-get / dpkg-deb (not Debian or Ubuntu)"
        PARENT_SCOPE)
    return()
  endif()
  set(dir "${CMAKE_BINARY_DIR}/_deps/cmocka-deb")
  set(root "${dir}/root")
  if(NOT EXISTS "${dir}/done")
    file(REMOVE_RECURSE "${dir}")
    file(MAKE_DIRECTORY "${dir}/debs")
    message(STATUS "spatial_conv: cmocka not installed, trying "
                   "`apt-get download libcmocka-dev libcmocka0` (the system's apt sources, no root)")
    execute_process(
      COMMAND "${SPATIAL_CONV_APT_GET}" -q -o Acquire::Retries=1 download libcmocka-dev libcmocka0
      WORKING_DIRECTORY "${dir}/debs"
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out TIMEOUT 300)
    file(GLOB debs "${dir}/debs/*.deb")
    list(LENGTH debs n)
    if(NOT rc EQUAL 0 OR NOT n EQUAL 2)
      # apt's first error line (E: ...) says why
      if(out MATCHES "(^|\n)E: ([^\n]*)")
        set(errors "${CMAKE_MATCH_2}")
      else()
        set(errors "exit status ${rc}")
      endif()
      message(STATUS "spatial_conv: apt-get download failed: ${errors}")
      set(SPATIAL_CONV_CMOCKA_TRIED
          "${SPATIAL_CONV_CMOCKA_TRIED}; `apt-get download libcmocka-dev libcmocka0` failed (${errors})"
          PARENT_SCOPE)
      return()
    endif()
    foreach(deb IN LISTS debs)
      execute_process(COMMAND "${SPATIAL_CONV_DPKG_DEB}" -x "${deb}" "${root}" RESULT_VARIABLE rc)
      if(NOT rc EQUAL 0)
        set(SPATIAL_CONV_CMOCKA_TRIED "${SPATIAL_CONV_CMOCKA_TRIED}; dpkg-deb -x ${deb} failed"
            PARENT_SCOPE)
        return()
      endif()
    endforeach()
    file(TOUCH "${dir}/done")
  endif()
  # the packages are the machine's own architecture; the compiler's must match
  file(GLOB libs "${root}/usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/libcmocka.so.0")
  if(NOT libs OR NOT EXISTS "${root}/usr/include/cmocka.h")
    set(SPATIAL_CONV_CMOCKA_TRIED
        "${SPATIAL_CONV_CMOCKA_TRIED}; the downloaded packages hold no libcmocka.so.0 in usr/lib/${CMAKE_LIBRARY_ARCHITECTURE} (another architecture?)"
        PARENT_SCOPE)
    return()
  endif()
  list(GET libs 0 lib)
  file(REAL_PATH "${lib}" lib)
  file(GLOB debs "${dir}/debs/libcmocka0_*.deb")
  get_filename_component(version "${debs}" NAME)
  string(REGEX REPLACE "^libcmocka0_([^_]+)_.*" "\\1" version "${version}")
  add_library(cmocka::cmocka SHARED IMPORTED GLOBAL)
  set_target_properties(cmocka::cmocka PROPERTIES
    IMPORTED_LOCATION "${lib}"
    INTERFACE_INCLUDE_DIRECTORIES "${root}/usr/include")
  message(STATUS "spatial_conv: cmocka ${version} from the distribution's packages, "
                 "unpacked in ${root} (not installed)")
endfunction()
_spconv_cmocka_from_debs()
if(TARGET cmocka::cmocka)
  return()
endif()

# ------------------------------------------------- 3. the upstream release
# Pinned by hash. Downloaded by hand first so that a machine without
# network ends in the caller's message, not a stack trace.
set(_cmocka_url "https://cmocka.org/files/1.1/cmocka-1.1.7.tar.xz")
set(_cmocka_sha256 "810570eb0b8d64804331f82b29ff47c790ce9cd6b163e98d47a4807047ecad82")
set(_cmocka_archive "${CMAKE_BINARY_DIR}/_deps/cmocka-1.1.7.tar.xz")
if(NOT EXISTS "${_cmocka_archive}")
  message(STATUS "spatial_conv: downloading ${_cmocka_url}")
  file(DOWNLOAD "${_cmocka_url}" "${_cmocka_archive}.part" STATUS _cmocka_status TIMEOUT 60)
  list(GET _cmocka_status 0 _cmocka_code)
  list(GET _cmocka_status 1 _cmocka_error)
  if(_cmocka_code EQUAL 0)
    file(SHA256 "${_cmocka_archive}.part" _cmocka_got)
    if(_cmocka_got STREQUAL _cmocka_sha256)
      file(RENAME "${_cmocka_archive}.part" "${_cmocka_archive}")
    else()
      set(_cmocka_error "hash ${_cmocka_got}, expected ${_cmocka_sha256}")
    endif()
  endif()
  file(REMOVE "${_cmocka_archive}.part")
  if(NOT EXISTS "${_cmocka_archive}")
    message(STATUS "spatial_conv: cmocka download failed: ${_cmocka_error}")
    set(SPATIAL_CONV_CMOCKA_TRIED
        "${SPATIAL_CONV_CMOCKA_TRIED}; downloading ${_cmocka_url} failed (${_cmocka_error})")
  endif()
endif()
if(EXISTS "${_cmocka_archive}")
  include(FetchContent)
  set(WITH_EXAMPLES OFF CACHE BOOL "" FORCE)
  set(UNIT_TESTING OFF CACHE BOOL "" FORCE)
  FetchContent_Declare(cmocka URL "${_cmocka_archive}" URL_HASH "SHA256=${_cmocka_sha256}")
  FetchContent_MakeAvailable(cmocka)
  if(NOT TARGET cmocka::cmocka AND TARGET cmocka)
    add_library(cmocka::cmocka ALIAS cmocka)
  endif()
  if(TARGET cmocka::cmocka)
    message(STATUS "spatial_conv: cmocka 1.1.7 built from ${_cmocka_url}")
  endif()
endif()
