#!/bin/sh
# Copies the text-profile fixtures from the shared reference tree and records, for each input,
# what real llvm-profdata 22 does with it. Not run by the build; rerun by hand when fixtures change.
#   <input>.show  stdout of `llvm-profdata show --text --all-functions <input>` (exit 0 only)
#   <input>.err   the error message of that command (exit 1 only), without "error: <file>: "
# merge-text/ holds the stdout of transcript cases that ran `merge --text` successfully.
set -eu
REF=${REF:-../../../../../../shared/reference}
P=${P:-llvm-profdata-22}
HERE=$(pwd)
mkdir -p examples synth inputs merge-text
cp "$REF"/indexed-examples/text/*.proftext "$REF"/indexed-examples/text/*.show-text.txt examples/
cp "$REF"/indexed-examples/synth/*.proftext synth/
cp "$REF"/llvm22-transcripts/inputs/*.proftext inputs/
for c in "$REF"/llvm22-transcripts/transcripts/*.cmd; do
  b=${c%.cmd}
  if grep -q -- 'merge.*--text' "$c" && [ "$(cat "$b.rc")" = 0 ] && [ -s "$b.stdout" ] && [ ! -s "$b.stderr" ]; then
    cp "$b.stdout" "merge-text/$(basename "$b").proftext"
  fi
done
for d in examples synth inputs; do
  cd "$HERE/$d"
  rm -f ./*.show ./*.err
  for f in *.proftext; do
    if "$P" show --text --all-functions "$f" > "$f.show" 2> "$f.stderr"; then
      rm -f "$f.stderr"
    else
      rm -f "$f.show"
      sed -n "s/^error: $f: //p" "$f.stderr" > "$f.err"
      rm -f "$f.stderr"
    fi
  done
done
# writer/: small hand-made inputs and what `merge --text` (and `--keep-vtable-symbols`) make of them
cd "$HERE/writer"
for f in *.proftext; do
  "$P" merge --text "$f" -o "$f.merged"
  "$P" merge --keep-vtable-symbols --text "$f" -o "$f.keep-merged"
done
