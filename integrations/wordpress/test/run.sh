#!/usr/bin/env bash
# The WordPress plugin's suites (npm run test:wordpress): PHPUnit units in a real WordPress, then the
# browser suite against wp-admin. Needs Debian's php-cli php-mysql php-gd php-xml php-mbstring
# php-curl php-zip wordpress phpunit, MariaDB on 127.0.0.1:3306 (root, no password) and Chromium.
set -euo pipefail
cd "$(dirname "$0")/../../.."
phpunit -c integrations/wordpress/test/phpunit.xml
npx vitest run --config integrations/wordpress/vitest.config.ts
