<?php
/**
 * The PHPUnit units run inside a real WordPress: a throwaway site (its own MariaDB database,
 * dropped at the end) with the plugin active, loaded into this process.
 */
$support = dirname( __DIR__ ) . '/support';
$site    = sys_get_temp_dir() . '/altwise-wp-unit-' . getmypid();
$db      = 'altwise_unit_' . getmypid() . '_' . time();
$url     = 'http://127.0.0.1:9';
exec( 'bash ' . escapeshellarg( "$support/make-site.sh" ) . ' ' . escapeshellarg( $site ) . ' ' . escapeshellarg( $db ) . ' ' . escapeshellarg( $url ) . ' 2>&1', $output, $status );
if ( 0 !== $status ) {
	fwrite( STDERR, "Could not make the test site:\n" . implode( "\n", $output ) . "\n" );
	exit( 1 );
}
register_shutdown_function(
	function () use ( $support, $site, $db ) {
		exec( 'bash ' . escapeshellarg( "$support/drop-site.sh" ) . ' ' . escapeshellarg( $site ) . ' ' . escapeshellarg( $db ) );
	}
);
$_SERVER['HTTP_HOST']   = '127.0.0.1:9';
$_SERVER['REQUEST_URI'] = '/';
define( 'ALTWISE_UNIT_SITE', $site );
require $site . '/wp-load.php';
require_once __DIR__ . '/FakeAltwise.php';
