#!/usr/bin/env bash
# Generates the four short sample videos of the Bobine demo catalogue from ffmpeg test sources
# (no third-party footage): H.264 + AAC, 640x360, 32 to 44 s (long enough to resume: the spec saves
# progress from 10 s and offers to resume below 90 %), keyframe every 2 s, faststart.
# Usage: bash scripts/make-demo-media.sh [output-dir]   (default: assets/demo/videos)
# The output is committed; re-run only when the samples need to change. All four together stay
# well under 3 MB.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/assets/demo/videos}"
FFMPEG="${FFMPEG:-ffmpeg}"

if ! command -v "$FFMPEG" >/dev/null 2>&1; then
  echo "make-demo-media: ffmpeg introuvable (installez-le ou définissez FFMPEG=/chemin/ffmpeg)" >&2
  exit 1
fi

mkdir -p "$OUT"

W=640
H=360
FPS=25
GOP=$((FPS * 2))

# drawtext needs libfreetype (and fontconfig for font=...). Probe it once on a single frame;
# without it the samples are generated without the burned-in title.
HAS_DRAWTEXT=0
if "$FFMPEG" -hide_banner -loglevel error -f lavfi -i "color=c=black:s=64x64:d=0.04" \
  -vf "drawtext=font=Sans:text=ok:fontcolor=white:fontsize=12" -frames:v 1 -f null - >/dev/null 2>&1; then
  HAS_DRAWTEXT=1
fi

# title_filter "<title>" "<subtitle>": drawtext chain (a translucent band with two lines of text).
# Titles must not contain ':' ',' or quotes (drawtext escaping is kept out of the way on purpose).
title_filter() {
  local title="$1" subtitle="$2"
  if [[ "$HAS_DRAWTEXT" != 1 ]]; then
    echo "null"
    return
  fi
  printf '%s' "drawbox=x=0:y=ih-96:w=iw:h=72:color=black@0.55:t=fill,"
  printf '%s' "drawtext=font=Sans:text=${title}:fontcolor=white:fontsize=30:x=(w-text_w)/2:y=h-90,"
  printf '%s' "drawtext=font=Sans:text=${subtitle}:fontcolor=white@0.8:fontsize=16:x=(w-text_w)/2:y=h-50"
}

# make_sample <n> <lavfi video source> <sine frequency> <seconds> <title> <subtitle>
make_sample() {
  local n="$1" source="$2" freq="$3" seconds="$4" title="$5" subtitle="$6"
  local target="$OUT/bobine-demo-$n.mp4"
  local vf sep="="
  [[ "$source" == *=* ]] && sep=":"
  vf="$(title_filter "$title" "$subtitle"),format=yuv420p"
  "$FFMPEG" -hide_banner -loglevel error -y \
    -f lavfi -i "${source}${sep}size=${W}x${H}:rate=${FPS}" \
    -f lavfi -i "sine=frequency=${freq}:beep_factor=2:sample_rate=22050" \
    -t "$seconds" \
    -vf "$vf" \
    -af "volume=0.25" \
    -map 0:v:0 -map 1:a:0 \
    -c:v libx264 -profile:v main -level 3.0 -preset medium -pix_fmt yuv420p \
    -b:v 90k -maxrate 140k -bufsize 280k \
    -g "$GOP" -keyint_min "$GOP" -sc_threshold 0 -threads 1 \
    -c:a aac -b:a 24k -ac 1 -ar 22050 \
    -map_metadata -1 -map_chapters -1 \
    -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -movflags +faststart \
    "$target"
  echo "make-demo-media: $(du -h "$target" | cut -f1)  $target"
}

make_sample 1 "testsrc2" 440 40 "Bobine · Démo 1" "Mire de test · 40 secondes"
make_sample 2 "smptebars" 523 36 "Bobine · Démo 2" "Barres de couleur · 36 secondes"
make_sample 3 "mandelbrot=maxiter=300" 330 44 "Bobine · Démo 3" "Fractale · 44 secondes"
make_sample 4 "gradients=nb_colors=3:c0=0x1b1f3a:c1=0xe74c3c:c2=0xf5b041:speed=0.02:seed=7" 392 32 "Bobine · Démo 4" "Dégradé animé · 32 secondes"

total="$(du -cb "$OUT"/bobine-demo-*.mp4 | tail -n 1 | cut -f1)"
echo "make-demo-media: total ${total} octets (drawtext: ${HAS_DRAWTEXT})"
if ((total >= 3 * 1024 * 1024)); then
  echo "make-demo-media: les échantillons dépassent 3 Mo" >&2
  exit 1
fi
