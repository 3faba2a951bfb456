<?php
/** Test helper: wp-eval.php <site dir> <site url> <php code>: runs the code in the site as its administrator. */
$_SERVER['HTTP_HOST']   = parse_url( $argv[2], PHP_URL_HOST ) . ':' . parse_url( $argv[2], PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
wp_set_current_user( 1 );
eval( $argv[3] );
