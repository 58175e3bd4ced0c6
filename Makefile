# Makefile - builds build/qpipe and runs the tests (GNU make).
#
# One set of rules serves every build: BUILD names the output folder and SAN_FLAGS adds
# sanitizers to compiling and linking alike, so `make test-asan` is this same Makefile run
# again with BUILD=build-asan. build/libqpipe.a holds every .c of the folders that qpipe/
# builds on (DESIGN.md "Layout"), found by wildcard: adding a file needs no edit here.
#
#   make             build build/qpipe
#   make test        install what is missing, build everything, run tests/run.py --fuzz
#   make test-asan   the same suite against an ASan/UBSan/LSan build in build-asan/ (no fuzz)
#   make fuzz        build and run the fuzzers alone, longer (FUZZ_SECONDS in all, default 300)
#   make demo        install, build, run samples/demo.sh
#   make deps        install the Debian packages that are missing (scripts/deps.sh)
#   make clean       remove build/ and build-asan/

BUILD     ?= build
CFLAGS    ?= -O2 -g
SAN_FLAGS ?=
FUZZ_CC   ?= clang
FUZZ_SECONDS ?= 30
# `make fuzz` runs longer than the suite's share, unless FUZZ_SECONDS is given.
FUZZ_LONG_SECONDS = $(if $(filter command line environment,$(origin FUZZ_SECONDS)),$(FUZZ_SECONDS),300)
PYTHON    ?= python3

# Flags every object gets, whatever CFLAGS says. The user's CFLAGS come last so that they
# can override an optimisation level or silence a warning locally.
QP_CFLAGS = -std=c11 -Wall -Wextra -D_GNU_SOURCE -MMD -MP -I. $(CPPFLAGS) $(CFLAGS) $(SAN_FLAGS)
# The libraries qpipe uses. Only the image formats of every still (libpng, libtiff,
# libjpeg) are linked; the heavy ones (FFmpeg, OpenBLAS/LAPACKE, FFTW, Cairo, SDL2 +
# SDL2_ttf + GL, SQLite) are opened with dlopen on first use (runtime/dl.h, one *_dl.h per
# family): only their compile flags come from pkg-config, none of their link flags.
LINK_PKGS := libpng libtiff-4 libjpeg
LINK_LIBS := $(shell pkg-config --libs $(LINK_PKGS) 2>/dev/null)
DL_PKGS   := libavformat libavcodec libavutil libswscale libswresample fftw3 fftw3f openblas lapacke \
             cairo sdl2 SDL2_ttf gl sqlite3
CPPFLAGS  += $(shell pkg-config --cflags $(LINK_PKGS) $(DL_PKGS) 2>/dev/null)
# libavdevice (cameras) is loaded on first use too (io/video_in.c): its major version
# names the library to load.
AVDEVICE_MAJOR := $(shell pkg-config --modversion libavdevice 2>/dev/null | cut -d. -f1)
CPPFLAGS += -DIO_AVDEVICE_MAJOR=$(or $(AVDEVICE_MAJOR),59)
QP_LDLIBS = $(LINK_LIBS) -lm -lpthread -ldl $(LDLIBS)

# The fuzzers are built by clang with its own sanitizers, from the sources they test
# directly (not the archive) so that every such file is instrumented for coverage; the
# media fuzzers take the rest (runtime arrays) from the archive, uninstrumented.
# Undefined behaviour stops the run (no recovery), so that it fails like a crash does.
FUZZ_CFLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
              -std=c11 -Wall -Wextra -Wno-unknown-attributes -D_GNU_SOURCE -MMD -MP -I. $(CPPFLAGS)

# Environment of the sanitizer run (docs/testing.md): leaks fail, the first UB report stops.
ASAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
           UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ASAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
             -fno-sanitize-recover=undefined

LIB_DIRS  := lang runtime runtime/cpu runtime/cuda kernels io display
LIB_SRCS  := $(wildcard $(addsuffix /*.c,$(LIB_DIRS)))
LIB_OBJS  := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
LIB       := $(BUILD)/libqpipe.a

CLI_SRCS  := $(wildcard qpipe/*.c)
CLI_OBJS  := $(CLI_SRCS:%.c=$(BUILD)/obj/%.o)
QPIPE     := $(BUILD)/qpipe

UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_OBJS := $(UNIT_SRCS:%.c=$(BUILD)/obj/%.o)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

# One libFuzzer target each (tests/fuzz/README.md): the front end, the image readers, the
# video reader. FUZZ_<name>_SRCS are the files compiled with coverage into fuzz_<name>.
FUZZ_DIR  := $(BUILD)/fuzz
FUZZ_parse_SRCS := tests/fuzz/fuzz_parse.c $(wildcard lang/*.c)
FUZZ_image_SRCS := tests/fuzz/fuzz_image.c io/image.c io/png.c io/tiff.c io/jpeg.c io/ppm.c io/bmp.c
FUZZ_video_SRCS := tests/fuzz/fuzz_video.c io/video_in.c io/yuv.c
FUZZ_objs = $(FUZZ_$(1)_SRCS:%.c=$(FUZZ_DIR)/obj/%.o)
FUZZ_OBJS := $(call FUZZ_objs,parse) $(call FUZZ_objs,image) $(call FUZZ_objs,video)
FUZZ_BINS := $(FUZZ_DIR)/fuzz_parse $(FUZZ_DIR)/fuzz_image $(FUZZ_DIR)/fuzz_video

.PHONY: all deps test test-asan test-build test-bins unit fuzz fuzz-build demo clean FORCE

all: $(QPIPE)

# ---- what the build depends on besides files --------------------------------------------
# Timestamps alone miss two changes: other flags (`make CFLAGS=-O0`) and a deleted source.
# These files hold the flags and the object list; each is rewritten only when its text
# changes, so whatever depends on it is rebuilt exactly then.

STAMP_FLAGS   := $(BUILD)/stamp-flags
STAMP_OBJECTS := $(BUILD)/stamp-objects
STAMP_FUZZ    := $(BUILD)/fuzz/stamp-flags

define write-if-changed
	@mkdir -p $(@D)
	@printf '%s\n' '$(1)' | cmp -s - $@ || printf '%s\n' '$(1)' > $@
endef

$(STAMP_FLAGS): FORCE
	$(call write-if-changed,$(CC) $(QP_CFLAGS) $(LDFLAGS) $(QP_LDLIBS))

$(STAMP_OBJECTS): FORCE
	$(call write-if-changed,$(LIB_OBJS) $(CLI_OBJS))

$(STAMP_FUZZ): FORCE
	$(call write-if-changed,$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_OBJS))

# ---- library and CLI -------------------------------------------------------------------

$(BUILD)/obj/%.o: %.c $(STAMP_FLAGS)
	@mkdir -p $(@D)
	$(CC) $(QP_CFLAGS) -c $< -o $@

# Rebuilt whole, so that a deleted source leaves no stale member behind.
$(LIB): $(LIB_OBJS) $(STAMP_OBJECTS)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

$(QPIPE): $(CLI_OBJS) $(LIB) $(STAMP_OBJECTS)
	@test -n "$(CLI_OBJS)" || { echo "Makefile: no qpipe/*.c sources to build $@" >&2; exit 1; }
	$(CC) $(CFLAGS) $(SAN_FLAGS) $(LDFLAGS) $(CLI_OBJS) $(LIB) -o $@ $(QP_LDLIBS)

# ---- unit tests ---------------------------------------------------------------------------

# A static pattern rule: the objects are named, so make keeps them (no intermediate files).
$(UNIT_BINS): $(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SAN_FLAGS) $(LDFLAGS) $< $(LIB) -o $@ $(QP_LDLIBS)

unit: $(UNIT_BINS)

# ---- fuzzer -------------------------------------------------------------------------------

$(BUILD)/fuzz/obj/%.o: %.c $(STAMP_FUZZ)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_DIR)/fuzz_parse: $(call FUZZ_objs,parse) $(STAMP_FUZZ)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(call FUZZ_objs,parse) -o $@ -lm

# The media targets link the archive after their own objects: its copies of those files
# are not pulled in, the runtime they build on is.
define FUZZ_media
$(FUZZ_DIR)/fuzz_$(1): $(call FUZZ_objs,$(1)) $(LIB) $(STAMP_FUZZ)
	@mkdir -p $$(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(call FUZZ_objs,$(1)) $(LIB) -o $$@ $(QP_LDLIBS)
endef
$(eval $(call FUZZ_media,image))
$(eval $(call FUZZ_media,video))

fuzz-build: $(FUZZ_BINS)

# ---- entry points -------------------------------------------------------------------------

deps:
	sh scripts/deps.sh

# What the suite needs: the CLI and the unit tests (test-bins), plus the fuzzer (test-build).
test-bins: $(QPIPE) $(UNIT_BINS)
test-build: test-bins $(FUZZ_BINS)

# Steps run in order through recursive make, so that `make -j` cannot build before the
# packages are installed. The last command is the runner: its result is the target's.
test:
	sh scripts/deps.sh
	$(MAKE) --no-print-directory test-build
	QPIPE=$(QPIPE) QPIPE_TESTS=$(BUILD)/tests FUZZ_DIR=$(FUZZ_DIR) \
	FUZZ_SECONDS=$(FUZZ_SECONDS) $(PYTHON) tests/run.py --fuzz

test-asan:
	sh scripts/deps.sh
	$(MAKE) --no-print-directory BUILD=build-asan CFLAGS="-O1 -g" SAN_FLAGS="$(ASAN_FLAGS)" test-bins
	$(ASAN_ENV) QPIPE=build-asan/qpipe QPIPE_TESTS=build-asan/tests $(PYTHON) tests/run.py

fuzz: fuzz-build
	FUZZ_DIR=$(FUZZ_DIR) FUZZ_SECONDS=$(FUZZ_LONG_SECONDS) $(PYTHON) tests/run.py --fuzz-only

demo:
	sh scripts/deps.sh
	$(MAKE) --no-print-directory all
	QPIPE=$(QPIPE) sh samples/demo.sh

clean:
	rm -rf build build-asan

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d) $(UNIT_OBJS:.o=.d) $(FUZZ_OBJS:.o=.d)
