<?php
use PHPUnit\Framework\TestCase;

/** Issue 31 row 6: the stored key never follows a changed Server URL; requests refuse private addresses unless allowed. */
class SettingsTest extends TestCase {
	/** @var array|null What WordPress was asked to do by the last request (caught before it leaves). */
	private $asked;

	protected function setUp(): void {
		delete_option( Altwise_Settings::OPTION );
		$this->asked = null;
		add_filter( 'pre_http_request', array( $this, 'catch_request' ), 10, 3 );
	}

	protected function tearDown(): void {
		remove_filter( 'pre_http_request', array( $this, 'catch_request' ), 10 );
		delete_option( Altwise_Settings::OPTION );
	}

	public function catch_request( $pre, $args, $url ) {
		$this->asked = array(
			'url'  => $url,
			'args' => $args,
		);
		return array(
			'headers'  => array(),
			'body'     => wp_json_encode( array( 'ok' => true ) ),
			'response' => array(
				'code'    => 200,
				'message' => 'OK',
			),
			'cookies'  => array(),
		);
	}

	private function form( array $fields ) {
		return array_merge(
			array(
				'url'           => 'https://alt.example.com',
				'api_key'       => '',
				'mode'          => 'review',
				'on_upload'     => true,
				'update_posts'  => true,
				'allow_private' => false,
			),
			$fields
		);
	}

	public function test_saving_another_server_url_without_a_key_drops_the_stored_key() {
		Altwise_Settings::save_form( $this->form( array( 'api_key' => 'aw_live_secret_1234' ) ) );
		$this->assertSame( 'aw_live_secret_1234', Altwise_Settings::get( 'api_key' ) );

		$dropped = Altwise_Settings::save_form( $this->form( array( 'url' => 'https://evil.example' ) ) );

		$this->assertTrue( $dropped );
		$this->assertSame( 'https://evil.example', Altwise_Settings::get( 'url' ) );
		$this->assertSame( '', Altwise_Settings::get( 'api_key' ) );
		$this->assertFalse( Altwise_Settings::is_connected() );
		$this->assertNull( Altwise_Settings::client(), 'no request can carry the old key to the new URL' );
	}

	public function test_saving_the_same_url_keeps_the_key_and_a_new_key_with_a_new_url_is_taken() {
		Altwise_Settings::save_form( $this->form( array( 'api_key' => 'aw_live_secret_1234' ) ) );
		$this->assertFalse( Altwise_Settings::save_form( $this->form( array( 'mode' => 'publish' ) ) ) );
		$this->assertSame( 'aw_live_secret_1234', Altwise_Settings::get( 'api_key' ) );

		$this->assertFalse( Altwise_Settings::save_form( $this->form( array( 'url' => 'https://other.example', 'api_key' => 'aw_other_key_5678' ) ) ) );
		$this->assertSame( 'aw_other_key_5678', Altwise_Settings::get( 'api_key' ) );
	}

	public function test_requests_refuse_private_addresses_unless_the_operator_allows_them() {
		Altwise_Settings::save_form( $this->form( array( 'url' => 'http://10.0.0.5', 'api_key' => 'aw_live_secret_1234' ) ) );
		Altwise_Settings::client()->usage();
		$this->assertSame( 'http://10.0.0.5/api/v1/usage?range=24h', $this->asked['url'] );
		$this->assertTrue( $this->asked['args']['reject_unsafe_urls'], 'wp_safe_remote_request: WordPress refuses private and loopback addresses' );

		Altwise_Settings::save_form( $this->form( array( 'url' => 'http://10.0.0.5', 'allow_private' => true ) ) );
		$this->assertSame( 'aw_live_secret_1234', Altwise_Settings::get( 'api_key' ) );
		Altwise_Settings::client()->usage();
		$this->assertFalse( $this->asked['args']['reject_unsafe_urls'], 'allowed explicitly: the plain request' );
	}
}
