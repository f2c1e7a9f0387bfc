#!/usr/bin/env bash
# End to end: `chat-tui show` in real terminals under Xvfb draws a real picture, found by its own detection:
# sixel in `xterm -ti vt340`, the kitty protocol in kitty. For a group (`--group`) and for an image file, the
# screenshot's picture matches the exported PNG (or the file) scaled to its size (PSNR >= 30 dB), and the
# shell's next line comes below it. Skipped (with the reason) when xterm or kitty is not installed.
set -euo pipefail
source "$(dirname "$0")/support/x-terminal.sh" show-pictures.sh xterm kitty
start_x
group=ride
"$bin" export --fixtures "$fixture" --group "$group" --output "$tmp/ref-group.png" --cache-dir "$tmp/cache" \
  >/dev/null || fail "export of $group failed"
photo=$root/sample-data/avatars/bob.png
# show, then the cursor hidden (it would be lit pixels below the picture) and a marker line for the screen text.
cat >"$tmp/show.sh" <<SH
#!/usr/bin/env bash
"\$@"
status=\$?
printf '\\033[?25l'
echo "status \$status" >"$tmp/show-status"
SH
chmod +x "$tmp/show.sh"

# Waits for show to end, screenshots once the picture is there, measures it against REFERENCE.
measured() { local name=$1 ref=$2 i=0 last="" now
  until [ -s "$tmp/show-status" ]; do i=$((i+1)); [ $i -gt 300 ] && fail "$name: show did not end"; sleep 0.1; done
  grep -q "status 0" "$tmp/show-status" || fail "$name: show exited with $(cat "$tmp/show-status")"
  i=0; while [ $i -lt 40 ]; do
    shot "$tmp/$name.png"; now=$(measure picture "$tmp/$name.png" "$ref")
    [ "$now" = "$last" ] && [ "${now%% *}" != 0 ] && break
    last=$now; i=$((i+1)); sleep 0.5; done
  echo "$now"; }
check() { local terminal=$1 what=$2 ref=$3 psnr size
  read -r psnr size < <(measured "$terminal-$what" "$ref")
  above "$psnr" 30 || fail "$terminal: show $what vs its PNG: PSNR $psnr dB < 30 dB ($size)"; ok
  [ "${size%x*}" -ge 200 ] || fail "$terminal: show $what drew $size px, no picture of 40 cells"; ok
  echo "$terminal: show $what: $size px, PSNR $psnr dB"; }
stop_terminal() { kill "$terminal_pid" 2>/dev/null || true; wait "$terminal_pid" 2>/dev/null || true; }

show=(env LANG=C.UTF-8 LC_ALL=C.UTF-8 "$bin" show --width 40 --cache-dir "$tmp/cache")
for terminal in xterm kitty; do
  for what in group file; do
    rm -f "$tmp/show-status"
    arguments=(--fixtures "$fixture" --group "$group"); ref=$tmp/ref-group.png
    [ "$what" = file ] && { arguments=("$photo"); ref=$photo; }
    if [ "$terminal" = xterm ]; then
      run_xterm "$tmp/show.sh" env TERM=xterm-256color "${show[@]}" "${arguments[@]}"
    else
      run_kitty "kitty-$what.log" "$tmp/show.sh" "${show[@]}" "${arguments[@]}"
    fi
    check "$terminal" "$what" "$ref"
    stop_terminal
  done
done
errors=$(grep -ah 'PARSE ERROR' "$tmp"/kitty-*.log | sed 's/^\[[^]]*\] //' | sort | uniq -c | head -5 || true)
[ -z "$errors" ] || fail "kitty logged parse errors for what show sent: $errors"; ok
echo "$checks passed, 0 failed"
