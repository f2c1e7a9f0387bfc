#!/usr/bin/env bash
# Installs the Debian packages chat-tui builds and tests against, only when something is missing.
set -euo pipefail
# Tests/e2e/graphics-xterm.sh: an X server, xterm (sixel in VT340 mode), xdotool for keys, ImageMagick's
# import (or xwd) for screenshots, and the font it runs xterm with; graphics-mlterm.sh, graphics-kitty.sh and
# show-pictures.sh: mlterm (sixel) and kitty (its graphics protocol). zsh and fish: the coordinator's shells.
# Member photos: giflib, libtiff, libheif (dav1d/aom AV1 decoders) and libde265 (HEVC, through our plugin), Little CMS 2;
# libgs-common holds the ICC profiles (Adobe RGB, ROMM/ProPhoto, CMYK) scripts/make-format-corpus.py uses.
# The render service (chat-tui serve): libmicrohttpd for HTTP, OpenSSL's libcrypto for HMAC-SHA256 URL
# signatures; nginx-light and wrk for its nginx set-up test and benchmark; curl for its e2e test.
# Placeholder text: FreeType + HarfBuzz + fontconfig, a CJK font and a colour emoji font (the golden
# placeholder images are drawn with exactly these two). time: GNU time, for the peak memory Tests/e2e/cli.sh
# measures of a fixture on standard input.
packages=(libncurses-dev ncurses-term libpng-dev libpng-tools zlib1g-dev libturbojpeg0-dev libdeflate-dev libcurl4-openssl-dev libsixel-dev tmux python3
          libwebp-dev parallel man-db groff-base
          libgif-dev libtiff-dev libheif-dev libde265-dev liblcms2-dev libgs-common
          xvfb xterm xdotool imagemagick x11-apps fonts-dejavu-core
          libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-noto-cjk fonts-noto-color-emoji
          mlterm kitty zsh fish time
          libmicrohttpd-dev libssl-dev nginx-light wrk curl)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
