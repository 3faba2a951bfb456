#!/usr/bin/env bash
# Drops a test site's database and removes its folder: drop-site.sh <site dir> <database name>
set -uo pipefail
site="$1" db="$2"
db_host="${WP_DB_HOST:-127.0.0.1:3306}"
[[ "$db" =~ ^[A-Za-z0-9_]+$ ]] || { echo "bad database name: $db" >&2; exit 2; }
mysql -h "${db_host%:*}" -P "${db_host#*:}" -u "${WP_DB_USER:-root}" -e "DROP DATABASE IF EXISTS \`$db\`"
case "$site" in /tmp/*) rm -rf "$site" ;; esac
