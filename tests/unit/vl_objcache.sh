#!/usr/bin/env bash
# vl_objcache.sh: OBJCACHE wrapper for Verilator's generated Makefile.
# Verilator recompiles its runtime (verilated.cpp, verilated_timing.cpp,
# verilated_threads.cpp) into every bench's build directory, which costs more
# than the bench itself.  For those files only, this keeps one compiled copy
# per command line under $VL_OBJCACHE_DIR and copies it back; every other
# compile runs unchanged.  Called as: vl_objcache.sh <compiler> <args...>
set -u
src="" out=""
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case "${args[$i]}" in
    -o) out="${args[$((i + 1))]}" ;;
    *.cpp) src="${args[$i]}" ;;
  esac
done
case "$src" in
  */verilator/include/*) ;;
  *) exec "$@" ;;
esac
[ -n "${VL_OBJCACHE_DIR:-}" ] && [ -n "$out" ] || exec "$@"
key=$(printf '%s\n' "$*" | md5sum | cut -c1-16)
base="${out%.o}"
c="$VL_OBJCACHE_DIR/$key-$(basename "$base")"
if [ -f "$c.o" ] && [ -f "$c.d" ]; then
  cp "$c.o" "$out" && cp "$c.d" "$base.d" && exit 0
fi
"$@" || exit $?
mkdir -p "$VL_OBJCACHE_DIR"
cp "$out" "$c.o.$$" && mv -f "$c.o.$$" "$c.o"
[ -f "$base.d" ] && cp "$base.d" "$c.d.$$" && mv -f "$c.d.$$" "$c.d"
exit 0
