<?php
/**
 * Installs a test site with WordPress's own installer and activates the Altwise plugin, as the
 * admin screens would: install-site.php <site dir> <site url>
 */
$site = $argv[1];
$url  = $argv[2];
$_SERVER['HTTP_HOST']   = parse_url( $url, PHP_URL_HOST ) . ':' . parse_url( $url, PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
define( 'WP_INSTALLING', true );
require $site . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$result = wp_install( 'Altwise test site', 'admin', 'admin@example.com', true, '', 'admin-password' );
if ( is_wp_error( $result ) ) {
	fwrite( STDERR, $result->get_error_message() . "\n" );
	exit( 1 );
}
// An author: may upload, may not manage options (the capability tests sign in as her).
wp_insert_user( array( 'user_login' => 'author', 'user_pass' => 'author-password', 'user_email' => 'author@example.com', 'role' => 'author' ) );

$activated = activate_plugin( 'altwise/altwise.php' );
if ( is_wp_error( $activated ) ) {
	fwrite( STDERR, 'activate: ' . $activated->get_error_message() . "\n" );
	exit( 1 );
}
echo "installed\n";
