<?php
/**
 * Deleting the plugin removes everything it stored: its options, its post meta and its queue table.
 * The alt text people accepted stays: it is the site's, in WordPress's own field.
 */
if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}
global $wpdb;
foreach ( array( 'altwise_settings', 'altwise_backfill', 'altwise_db_version' ) as $option ) {
	delete_option( $option );
}
foreach ( array( '_altwise_suggestion', '_altwise_rejected', '_altwise_check', '_altwise_backfill_old_alt' ) as $meta_key ) {
	delete_post_meta_by_key( $meta_key );
}
$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}altwise_queue" ); // phpcs:ignore -- the table name is ours.
wp_clear_scheduled_hook( 'altwise_process_queue' );
wp_clear_scheduled_hook( 'altwise_queue_safety_net' );
wp_clear_scheduled_hook( 'altwise_collect_backfill' );
$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_altwise\\_%' OR option_name LIKE '\\_transient\\_timeout\\_altwise\\_%'" );
