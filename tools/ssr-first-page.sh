#!/bin/bash
# Cold start by hand, outside parity: spawn a server, wait for its port, then poll its page with
# curl every 5 ms until a 200 that names the app and production mode; prints the milliseconds
# from just before the spawn to the checked page (date +%s%N), then kills the server's process
# group. tools/ssr-crosscheck.js runs it as is and under hyperfine.
#
#   tools/ssr-first-page.sh PATH APP fixed:PORT|file:PORTFILE|control:FILE COMMAND…
#
# fixed: the command listens on PORT; file: it writes {"port": N} to PORTFILE (parity's server
# entries); control: workerd, which reports its port on fd 3 (--control-fd 3), written to FILE.
set -u -m
path=$1
app=$2
how=$3
shift 3
body=$(mktemp)
case $how in
  file:*) rm -f "${how#file:}" ;;
  control:*) rm -f "${how#control:}" ;;
esac
t0=$(date +%s%N)
if [[ $how == control:* ]]; then
  "$@" 3>"${how#control:}" >/dev/null 2>&1 &
else
  "$@" >/dev/null 2>&1 &
fi
pid=$!
gone() {
  kill -0 "$pid" 2>/dev/null && return 1
  echo "ssr-first-page: the server exited before it served $path" >&2
  rm -f "$body"
  exit 1
}
port=
while [ -z "$port" ]; do
  case $how in
    fixed:*) port=${how#fixed:} ;;
    file:*) port=$(grep -o '[0-9][0-9]*' "${how#file:}" 2>/dev/null) ;;
    control:*) port=$(grep -o '"port":[0-9]*' "${how#control:}" 2>/dev/null | head -1 | cut -d: -f2) ;;
  esac
  [ -n "$port" ] && break
  gone
  sleep 0.005
done
until [ "$(curl -s -o "$body" -w '%{http_code}' "http://127.0.0.1:$port$path")" = 200 ]; do
  gone
  sleep 0.005
done
t1=$(date +%s%N)
kill -9 -- -"$pid" 2>/dev/null
ok=0
grep -q "data-app=\"$app\"" "$body" && grep -q 'data-mode="production"' "$body" && ok=1
rm -f "$body"
if [ $ok != 1 ]; then
  echo "ssr-first-page: the first 200 from $path is not $app's production page" >&2
  exit 1
fi
echo $(((t1 - t0) / 1000000))
