<?php
/**
 * Plugin Name:       Altwise
 * Plugin URI:        https://github.com/altwise/altwise
 * Description:       Alt text for your Media Library from your Altwise server: suggestions on upload, a review queue, a backfill of images without alt text, and alt text that reaches published posts — never overwriting alt text a person wrote.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            Altwise
 * License:           MIT
 * Text Domain:       altwise
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'ALTWISE_VERSION', '1.0.0' );
define( 'ALTWISE_FILE', __FILE__ );
define( 'ALTWISE_DIR', __DIR__ );

require_once __DIR__ . '/includes/class-altwise-settings.php';
require_once __DIR__ . '/includes/class-altwise-client.php';
require_once __DIR__ . '/includes/class-altwise-language.php';
require_once __DIR__ . '/includes/class-altwise-suggestions.php';
require_once __DIR__ . '/includes/class-altwise-element-rules.php';
require_once __DIR__ . '/includes/class-altwise-post-updater.php';
require_once __DIR__ . '/includes/class-altwise-queue.php';
require_once __DIR__ . '/includes/class-altwise-backfill.php';
require_once __DIR__ . '/includes/class-altwise-rest.php';
require_once __DIR__ . '/includes/class-altwise-admin.php';
require_once __DIR__ . '/includes/class-altwise-media-column.php';

register_activation_hook( __FILE__, array( 'Altwise_Queue', 'install' ) );
register_deactivation_hook( __FILE__, array( 'Altwise_Queue', 'unschedule' ) );

Altwise_Queue::register();
Altwise_Backfill::register();
Altwise_Rest::register();
Altwise_Admin::register();
Altwise_Media_Column::register();

if ( defined( 'WP_CLI' ) && WP_CLI ) {
	require_once __DIR__ . '/includes/class-altwise-cli.php';
	WP_CLI::add_command( 'altwise', 'Altwise_CLI' );
}
