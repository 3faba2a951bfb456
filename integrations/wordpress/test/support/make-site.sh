#!/usr/bin/env bash
# Makes a throwaway WordPress site for the tests: a copy of Debian's WordPress core (hard links, so it
# costs no disk; its symlinks replaced by what they point to), its own wp-config.php, a uniquely named MariaDB database, the site installed and the
# Altwise plugin (this checkout's folder, symlinked) activated.
#   make-site.sh <site dir> <database name> <site url>
# Drop the database afterwards with drop-site.sh.
set -euo pipefail
site="$1" db="$2" url="$3"
here="$(cd "$(dirname "$0")" && pwd)"
plugin="$(cd "$here/../../altwise" && pwd)"
core="${WORDPRESS_CORE:-/usr/share/wordpress}"
db_host="${WP_DB_HOST:-127.0.0.1:3306}"
db_user="${WP_DB_USER:-root}"

[[ "$db" =~ ^[A-Za-z0-9_]+$ ]] || { echo "bad database name: $db" >&2; exit 2; }
mkdir -p "$site"
# Debian's own wp-config.php looks for /etc/wordpress/config-<host>.php; ours replaces it. wp-content is
# fresh: the site's plugins and uploads are its own.
cp -al "$core/." "$site/" 2>/dev/null || cp -r "$core/." "$site/"
rm -f "$site/wp-config.php" "$site/.htaccess"
rm -rf "$site/wp-content"
mkdir -p "$site/wp-content/plugins" "$site/wp-content/uploads" "$site/wp-content/mu-plugins"
cp -r "$core/wp-content/themes" "$site/wp-content/themes"
# Debian's core links to its own packages with relative links (wp-includes/js/underscore*.js ->
# ../../../javascript/underscore/, wp-includes/ID3/* -> ../../../php/getid3/, the cropper). Copied as
# links they point nowhere from the site, and wp-admin threw "_ is not defined" on every screen. Each
# becomes a copy of what it points to in core; a link core itself leaves dangling stays out.
while IFS= read -r -d '' link; do
  rel="${link#"$site"/}"
  rm -f "$link"
  if [[ -e "$core/$rel" ]]; then cp -RL "$core/$rel" "$link"; fi
done < <(find "$site" -type l -print0)
broken="$(find -L "$site" -type l)"
[[ -z "$broken" ]] || { echo "links still broken in the test site: $broken" >&2; exit 1; }
ln -s "$plugin" "$site/wp-content/plugins/altwise"
# The test machine has no mail transport: WordPress's notices (new site, new user) go nowhere.
printf '%s\n' '<?php' "add_filter( 'pre_wp_mail', '__return_false' );" > "$site/wp-content/mu-plugins/no-mail.php"

mysql -h "${db_host%:*}" -P "${db_host#*:}" -u "$db_user" -e "CREATE DATABASE \`$db\` CHARACTER SET utf8mb4"

cat > "$site/wp-config.php" <<PHP
<?php
define( 'DB_NAME', '$db' );
define( 'DB_USER', '$db_user' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', '$db_host' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
define( 'WP_HOME', '$url' );
define( 'WP_SITEURL', '$url' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', __DIR__ . '/wp-content/debug.log' );
define( 'FS_METHOD', 'direct' );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
// The tests run WP-Cron themselves (wordpress-site.ts: the plugin's due events). WordPress's own
// spawning from page loads also ran core's events (update checks, HTTPS detection, site health),
// whose requests to this very site held PHP's few built-in-server workers and stalled the browser.
define( 'DISABLE_WP_CRON', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'WP_ACCESSIBLE_HOSTS', '127.0.0.1,localhost' );
foreach ( array( 'AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT' ) as \$name ) {
	define( \$name, '$db-' . \$name );
}
// Test knobs the plugin reads (seconds between retries of a failed suggestion).
if ( getenv( 'ALTWISE_RETRY_SECONDS' ) ) {
	define( 'ALTWISE_RETRY_SECONDS', (int) getenv( 'ALTWISE_RETRY_SECONDS' ) );
} elseif ( ! defined( 'ALTWISE_RETRY_SECONDS' ) ) {
	define( 'ALTWISE_RETRY_SECONDS', ${ALTWISE_RETRY_SECONDS:-3} );
}
\$table_prefix = 'wp_';
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
PHP

php "$here/install-site.php" "$site" "$url"
