<?php
use PHPUnit\Framework\TestCase;

/** Runs last (file order): it drops the plugin's table. */
class UninstallTest extends TestCase {
	public function test_uninstall_removes_options_meta_and_queue_but_keeps_accepted_alt() {
		global $wpdb;
		wp_set_current_user( 1 );
		Altwise_Settings::update( array( 'url' => 'http://altwise.test', 'api_key' => 'k', 'on_upload' => true ) );
		$id = FakeAltwise::attachment( 'z' );
		Altwise_Suggestions::receive( $id, FakeAltwise::result( 'Zebra' )[1], 'upload' );
		Altwise_Suggestions::accept( $id );
		$other = FakeAltwise::attachment( 'y' );
		Altwise_Suggestions::receive( $other, FakeAltwise::result( 'Yak' )[1], 'upload' );

		define( 'WP_UNINSTALL_PLUGIN', 'altwise/altwise.php' );
		include ALTWISE_DIR . '/uninstall.php';

		$this->assertFalse( get_option( Altwise_Settings::OPTION ) );
		$this->assertSame( '0', $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE meta_key LIKE '\\_altwise\\_%'" ) );
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', Altwise_Queue::table() ) ) );
		$this->assertFalse( wp_next_scheduled( Altwise_Queue::HOOK ) );
		$this->assertSame( 'Zebra', Altwise_Suggestions::current_alt( $id ) );
	}
}
