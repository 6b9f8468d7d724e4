#!/bin/sh
# Entrypoint of the platform-service image.
#
#   (no arguments)               runs the service (node dist/main.js) as PID 1, so SIGTERM reaches it
#   <bin> [flags...]             runs one of the package's commands instead, e.g.
#                                ratelimit-config-check -config_dir /etc/ratelimit/ratelimit/config
#
# MODULES (default ratelimit,content,teams) chooses the domains the process runs; the service itself
# validates it. Here it only decides whether a database is needed: content and teams keep their data in
# PostgreSQL (DATABASE_URL) or in the embedded PGlite under DATA_DIR, which must then be writable.
set -eu

if [ "$#" -gt 0 ]; then
  command="$1"
  shift
  script=$(node -e 'const b=require("/app/package.json").bin||{};const s=b[process.argv[1]];if(s)console.log(s)' "$command")
  if [ -z "$script" ]; then
    echo "platform-entrypoint: unknown command '$command'; commands: $(node -p 'Object.keys(require("/app/package.json").bin).join(", ")')" >&2
    exit 2
  fi
  exec node "/app/$script" "$@"
fi

modules=$(printf '%s' "${MODULES:-ratelimit,content,teams}" | tr 'A-Z' 'a-z' | tr -d ' ')
needs_database=false
case ",$modules," in
  *,content,* | *,teams,*) needs_database=true ;;
esac

if [ "$needs_database" = true ] && [ -z "${DATABASE_URL:-}" ]; then
  data_dir="${DATA_DIR:-/app/data}"
  if ! mkdir -p "$data_dir" 2>/dev/null || [ ! -w "$data_dir" ]; then
    echo "platform-entrypoint: MODULES=$modules needs a database: DATA_DIR $data_dir is not writable by uid $(id -u); mount a writable volume there or set DATABASE_URL" >&2
    exit 1
  fi
  echo "platform-entrypoint: MODULES=$modules on the embedded PGlite under $data_dir (one instance only; set DATABASE_URL for PostgreSQL)" >&2
fi

exec node /app/dist/main.js
