# Gets spatial_conv::spatial_conv the way SPCONV_MODE names, for the C
# consumer (CMakeLists.txt) and the C++ one (cxx/CMakeLists.txt):
# find_package (installed, at least SPCONV_VERSION), add_subdirectory of
# SPCONV_SOURCE, or FetchContent of the archive SPCONV_URL. As a
# subproject, spatial_conv must not add its tests or examples.
set(SPCONV_MODE "find_package" CACHE STRING "find_package | add_subdirectory | fetchcontent")
set(SPCONV_SOURCE "" CACHE PATH "spatial_conv source tree (add_subdirectory)")
set(SPCONV_URL "" CACHE STRING "spatial_conv archive URL (FetchContent)")
set(SPCONV_VERSION "1.0" CACHE STRING "version asked of find_package")

if(SPCONV_MODE STREQUAL "find_package")
  find_package(spatial_conv ${SPCONV_VERSION} REQUIRED CONFIG)
elseif(SPCONV_MODE STREQUAL "add_subdirectory")
  add_subdirectory("${SPCONV_SOURCE}" spatial_conv)
elseif(SPCONV_MODE STREQUAL "fetchcontent")
  include(FetchContent)
  FetchContent_Declare(spatial_conv URL "${SPCONV_URL}")
  FetchContent_MakeAvailable(spatial_conv)
else()
  message(FATAL_ERROR "unknown SPCONV_MODE ${SPCONV_MODE}")
endif()

if(TARGET core_double OR TARGET sap_boundary)
  message(FATAL_ERROR "spatial_conv built its tests/examples as a subproject")
endif()
